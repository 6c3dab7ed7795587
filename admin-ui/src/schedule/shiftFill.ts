export type FillState = 'empty' | 'partial' | 'full';

/** How taken a shift's volunteer places are; a shift with no places counts as full (nobody can join). */
export function fillState(shift: { assigned: number; svSlots: number }): FillState {
  if (shift.assigned >= shift.svSlots) return 'full';
  return shift.assigned === 0 ? 'empty' : 'partial';
}

/** "3 / 5" */
export const fillText = (shift: { assigned: number; svSlots: number }) => `${shift.assigned} / ${shift.svSlots}`;
