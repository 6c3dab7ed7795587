import { formatShiftDay, pacificTime } from './time.js';

/** The most volunteers one shift takes (the shift form and the shifts import). */
export const MAX_SV_SLOTS = 500;

/** Why a shift cannot be saved (the admin resource and the shifts import say the same). */
export const SHIFT_MESSAGES = {
  notFound: (id: number) => `There is no shift with id ${id}.`,
  noVenue: (id: number) => `There is no venue with id ${id}.`,
  badTime: (field: string) => `${field} is not a time that exists in Pacific time (clocks skip that hour).`,
  slotsBelowAssigned: (assigned: number) =>
    `${assigned} volunteers are assigned to this shift; svSlots cannot be lower. Remove volunteers first.`,
  holdersBreak: (words: string) =>
    `The shift cannot change this way: its volunteers would break their rules. ${words} Move or remove them first.`,
} as const;

/** Why a volunteer cannot be put on a shift (the admin resource and the assignments import say the same). */
export const ASSIGNMENT_MESSAGES = {
  notFound: (id: number) => `There is no shift assignment with id ${id}.`,
  noShift: (id: number) => `There is no shift with id ${id}.`,
  noVolunteer: (id: number) => `There is no user with id ${id}.`,
  notConfirmed: (name: string) => `${name} cannot be given shifts: only volunteers with a confirmed place can be assigned.`,
  full: (slots: number) => `This shift is full: all ${slots} volunteer place${slots === 1 ? ' is' : 's are'} taken.`,
  already: (name: string) => `${name} is already assigned to this shift.`,
} as const;

/** "Ada Lovelace already works Greeter at Room 1 on Sun Aug 10th, 08:00–12:00, which overlaps this shift." */
export function overlapMessage(name: string, clash: { role: string; startsAt: Date; endsAt: Date }, venueName: string): string {
  const where = venueName ? ` at ${venueName}` : '';
  const times = `${pacificTime(clash.startsAt)}–${pacificTime(clash.endsAt)}`;
  return `${name} already works ${clash.role}${where} on ${formatShiftDay(clash.startsAt)}, ${times}, which overlaps this shift.`;
}
