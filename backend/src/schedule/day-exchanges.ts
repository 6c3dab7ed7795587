import type { DayShiftHolder } from '@svp/domain';
import type { EntityManager } from 'typeorm';
import type { ShiftWithVenue } from './schedule-reader.service.js';

/** A volunteer holding one of the day's shifts. */
export interface DayShiftHolding {
  shift: ShiftWithVenue;
  holder: { id: number; username: string; firstName: string; lastName: string; svid: string };
}

/**
 * GET /schedule/shifts/{day} names who holds each shift and, for each, the caller's shifts that holder
 * could be given for theirs: the swap rules of both schedules, as every swap call checks them. The
 * swap module implements it; it depends on schedule/, so this one finds it at run time (ModuleRef).
 */
export abstract class DayExchanges {
  /** The holders in the order given, each with the caller's shifts they could be given for the shift held. */
  abstract holders(callerId: number, holdings: readonly DayShiftHolding[], now: Date, manager: EntityManager): Promise<DayShiftHolder[]>;
}
