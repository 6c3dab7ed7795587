import type { NotificationSettings } from '../contract/week.js';

/** Declared once, as a wire shape, in domain/src/contract/week.ts. */
export type { NotificationSettings } from '../contract/week.js';

/**
 * What reaches a person's phone during the week besides email: a notification (Web Push) for each
 * kind they leave on, and an organisers' urgent message as a text to those who gave a phone number
 * and consented to texts, when they leave texts on.
 */
export const NOTICE_KINDS = ['shift-change', 'swap', 'reminder', 'urgent'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** Everything on but texts, which a person turns on themself; the reminder an hour before. */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  shiftChanges: true,
  swaps: true,
  reminders: true,
  reminderMinutes: 60,
  urgent: true,
  texts: false,
};

/** Whether a person's settings let a notice of this kind through. */
export function wantsNotice(settings: NotificationSettings, kind: NoticeKind): boolean {
  switch (kind) {
    case 'shift-change':
      return settings.shiftChanges;
    case 'swap':
      return settings.swaps;
    case 'reminder':
      return settings.reminders;
    case 'urgent':
      return settings.urgent;
  }
}

/** A text message's body: the portal's name, the subject and the start of the message (one or two SMS segments). */
export const TEXT_MESSAGE_MAX = 300;
export function textMessageBody(portal: string, subject: string, text: string): string {
  const head = `[${portal}] ${subject}`;
  const room = TEXT_MESSAGE_MAX - head.length - 2;
  const flat = text.replace(/\s+/g, ' ').trim();
  if (room <= 0) return head.slice(0, TEXT_MESSAGE_MAX);
  return flat ? `${head}: ${flat.length > room ? `${flat.slice(0, room - 1)}…` : flat}` : head;
}

/** A notification's body is cut to this many characters (what a phone's notification shows). */
export const NOTICE_BODY_MAX = 240;
export const noticeBody = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > NOTICE_BODY_MAX ? `${flat.slice(0, NOTICE_BODY_MAX - 1)}…` : flat;
};
