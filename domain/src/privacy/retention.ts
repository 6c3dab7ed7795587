import { certificatesOpenAt } from '../certificates/certificates.js';
import type { ConferenceFacts } from '../contract/settings.js';
import type { RetentionPeriods } from '../contract/settings.js';
import type { LogisticsTotal } from '../contract/records.js';

/** Declared once, as wire shapes, in domain/src/contract/settings.ts. */
export type { RetentionPeriods } from '../contract/settings.js';

/**
 * The kinds of sensitive data an edition keeps for a while after it ends, each removed by the
 * retention job when its time comes (docs/decisions.md, 'How long personal data is kept').
 */
export const RETENTION_KINDS = ['proofs', 'passports', 'health', 'phones', 'refereeStatements', 'performanceNotes'] as const;
export type RetentionKind = (typeof RETENTION_KINDS)[number];

export function isRetentionKind(value: string): value is RetentionKind {
  return (RETENTION_KINDS as readonly string[]).includes(value);
}

/** What each kind is, in the organisers' and the applicants' words, and what its removal leaves. */
export const RETENTION_KIND_TEXTS: Readonly<Record<RetentionKind, { title: string; removes: string; keeps: string }>> = {
  proofs: {
    title: 'Proofs of enrollment',
    removes: 'The uploaded proof of enrollment files.',
    keeps: 'Whether the application was submitted.',
  },
  passports: {
    title: 'Passport and visa answers',
    removes: 'The passport answer of the confirmation form.',
    keeps: 'How many people gave each answer, for the logistics report.',
  },
  health: {
    title: 'Dietary and health notes',
    removes: 'The dietary restrictions and the additional information of the confirmation form.',
    keeps: 'Who had dietary restrictions or wrote a note, counted, for the logistics report.',
  },
  phones: {
    title: 'Phone numbers',
    removes: "The phone number of the profile of everyone whose latest application was this edition's.",
    keeps: 'Phone numbers of people who have applied to a later edition.',
  },
  refereeStatements: {
    title: "Referees' statements",
    removes: 'What referees wrote: their statements and the reasons they gave for declining.',
    keeps: "The references' states and ratings, for the jury statistics.",
  },
  performanceNotes: {
    title: 'Performance notes',
    removes: "Team leaders' notes on volunteers' shifts and the reasons given for corrected times.",
    keeps: 'Check-in and check-out times, hours, ratings and no-shows, for the reports and the next selection.',
  },
};

/**
 * Days each kind is kept after the edition ends (docs/decisions.md, 'How long personal data is kept'
 * says why each).
 */
export const DEFAULT_RETENTION: Readonly<RetentionPeriods> = {
  proofs: 30,
  passports: 30,
  health: 14,
  phones: 90,
  refereeStatements: 30,
  performanceNotes: 400,
};

/** The longest period a kind may be kept: ten years. */
export const MAX_RETENTION_DAYS = 3650;

const DAY_MS = 86_400_000;

/**
 * When an edition ends, for retention: at the midnight that ends the conference's last day, in its
 * time zone (the instant certificates of service open, once every shift has been worked).
 */
export function editionEndsAt(conference: Pick<ConferenceFacts, 'endDate' | 'timeZone'>): Date {
  return certificatesOpenAt(conference);
}

/** When a kind of an edition's data falls due for removal: `days` after the edition ends. */
export function retentionDueAt(conference: Pick<ConferenceFacts, 'endDate' | 'timeZone'>, days: number): Date {
  return new Date(editionEndsAt(conference).getTime() + days * DAY_MS);
}

/** Every kind of an edition with its period and due instant, earliest first (the catalogue's order on a tie). */
export function retentionSchedule(
  conference: Pick<ConferenceFacts, 'endDate' | 'timeZone'>,
  retention: RetentionPeriods,
): { kind: RetentionKind; days: number; dueAt: Date }[] {
  return RETENTION_KINDS.map((kind) => ({ kind, days: retention[kind], dueAt: retentionDueAt(conference, retention[kind]) })).sort(
    (a, b) => a.dueAt.getTime() - b.dueAt.getTime() || RETENTION_KINDS.indexOf(a.kind) - RETENTION_KINDS.indexOf(b.kind),
  );
}

/** What is wrong with a set of periods: each a whole number of days from 0 to MAX_RETENTION_DAYS. */
export function retentionProblems(retention: Partial<Record<string, unknown>>): { field: RetentionKind; message: string }[] {
  return RETENTION_KINDS.flatMap((kind) => {
    const days = retention[kind];
    if (typeof days === 'number' && Number.isInteger(days) && days >= 0 && days <= MAX_RETENTION_DAYS) return [];
    return [
      { field: kind, message: `${RETENTION_KIND_TEXTS[kind].title} must be kept a whole number of days from 0 to ${MAX_RETENTION_DAYS}.` },
    ];
  });
}

/** A period in words: '14 days', '1 day', 'until the edition ends' for 0. */
export function retentionPeriodText(days: number): string {
  if (days === 0) return 'until the edition ends';
  return `${days} day${days === 1 ? '' : 's'} after the edition ends`;
}

/** What a removed free-text answer reads afterwards (its count still stands in the reports). */
export const REMOVED_TEXT = '[removed]';

/**
 * The logistics totals with the counts a retention removal kept added back: a removed answer is
 * still counted (in `count` and `kept`), though nobody is listed for it any more.
 */
export function withKeptCounts<R extends { totals: LogisticsTotal[] }>(report: R, kept: Readonly<Record<string, number>>): R {
  if (!Object.keys(kept).length) return report;
  return {
    ...report,
    totals: report.totals.map((total) =>
      kept[total.key] ? { ...total, count: total.count + kept[total.key]!, kept: kept[total.key]! } : total,
    ),
  };
}
