// The option lists (docs/product.md, 'What is stored'). Values are what the server stores; labels
// are what a person reads.

export interface Option<V extends string | number = string> {
  readonly value: V;
  readonly label: string;
}

export const TITLES = ['Mr.', 'Ms.', 'Mrs.', 'Miss', 'Mx.', 'Dr.'] as const;
export const SUFFIXES = ['Jr.', 'Sr.', 'II', 'III', 'IV', 'PhD', 'MD', 'MA', 'MSc', 'Esq.'] as const;

export const PRONOUNS: readonly Option[] = [
  { value: 'he/him', label: 'he/him' },
  { value: 'she/her', label: 'she/her' },
  { value: 'they/them', label: 'they/them' },
  { value: 'unspecified', label: 'Prefer not to say' },
  { value: 'other', label: 'Other' },
];

export const ETHNICITIES: readonly Option[] = [
  { value: 'eastAsian', label: 'East Asian' },
  { value: 'southeastAsian', label: 'Southeast Asian' },
  { value: 'southAsian', label: 'South Asian' },
  { value: 'centralAsian', label: 'Central Asian' },
  { value: 'northAsian', label: 'North Asian' },
  { value: 'westAsian', label: 'West Asian' },
  { value: 'white', label: 'White' },
  { value: 'african', label: 'African' },
  { value: 'northAfrican', label: 'North African' },
  { value: 'hispanicLatinx', label: 'Hispanic / Latinx' },
  { value: 'indigenous', label: 'Indigenous' },
  { value: 'pacificIslander', label: 'Pacific Islander' },
  { value: 'unspecified', label: 'Prefer not to say' },
  { value: 'other', label: 'Other' },
];

export const MONTHS: readonly Option<number>[] = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
].map((label, index) => ({ value: index + 1, label }));

/** Expected graduation years: the given year and the seven after it. */
export function graduationYears(fromYear: number): number[] {
  return Array.from({ length: 8 }, (_, i) => fromYear + i);
}

export const REFERENCE_TYPES: readonly Option[] = [
  { value: 'professor', label: 'Professor/Teacher' },
  { value: 'advisor', label: 'Academic Advisor' },
  { value: 'mentor', label: 'Professional Mentor' },
  { value: 'supervisor', label: 'Work Supervisor' },
  { value: 'coworker', label: 'Coworker' },
  { value: 'other', label: 'Other' },
];

export const TRANSPORTS: readonly Option[] = [
  { value: 'plane', label: 'Plane' },
  { value: 'car', label: 'Car' },
  { value: 'train', label: 'Train' },
  { value: 'other', label: 'Other' },
];

export const FINANCIAL_SITUATIONS: readonly Option[] = [
  { value: 'internationalStudent', label: 'I am an international student' },
  { value: 'highCurrencyExchange', label: 'My currency has a high exchange rate to the US dollar' },
  { value: 'working', label: 'I work while studying' },
  { value: 'lowIncome', label: 'I come from a low-income household' },
  { value: 'financiallyIndependent', label: 'I am financially independent' },
  { value: 'pellGrant', label: 'I receive a Pell Grant or a similar need-based grant' },
  { value: 'disability', label: 'I have a disability' },
  { value: 'governmentAid', label: 'I receive government aid' },
  { value: 'supportingFamily', label: 'I support my family financially' },
  { value: 'caregiver', label: 'I am a caregiver' },
];

export const SHIRT_SIZES: readonly Option[] = ['xs', 's', 'm', 'l', 'xl', 'xxl', 'xxxl'].map((value) => ({
  value,
  label: value.toUpperCase(),
}));

/** Pre-conference shift start times, every 30 minutes from 07:00 to 19:00 Pacific time. */
export const PRECONFERENCE_START_TIMES: readonly string[] = Array.from({ length: 25 }, (_, i) => {
  const minutes = 7 * 60 + i * 30;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});

export const VENUE_PREFERENCES: readonly Option[] = [
  { value: 'none', label: 'No preference' },
  { value: 'artGallery', label: 'Art Gallery' },
  { value: 'etech', label: 'Emerging Technologies' },
  { value: 'vrtheater', label: 'VR Theater' },
  { value: 'pavillion', label: 'Immersive Pavilion' },
  { value: 'labs', label: 'Labs' },
  { value: 'globalDiplomat', label: 'Global Diplomat' },
];

/**
 * The venue preferences the confirmation form asks about, a box each and in the form's order; each is
 * also the form's field ('pavillion', so spelt since the first edition's forms, labelled 'Immersive Pavilion').
 */
export const FORM_VENUE_PREFERENCES = ['artGallery', 'labs', 'pavillion'] as const;
export type FormVenuePreference = (typeof FORM_VENUE_PREFERENCES)[number];

/** 'Immersive Pavilion' for 'pavillion': a venue preference's label; the stored value when it is not one of the list's. */
export function venuePreferenceLabel(value: string): string {
  return VENUE_PREFERENCES.find((option) => option.value === value)?.label ?? value;
}

/** Every day from `first` to `last` inclusive, as YYYY-MM-DD (calendar days, no time zone). */
export function daysBetween(first: string, last: string): string[] {
  const days: string[] = [];
  const end = Date.parse(`${last}T00:00:00Z`);
  for (let t = Date.parse(`${first}T00:00:00Z`); t <= end; t += 86_400_000) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}
