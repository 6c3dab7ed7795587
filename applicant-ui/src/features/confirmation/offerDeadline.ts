import type { ApplicationRecord, PublicSettings } from '../../api/types';

/**
 * The moment an offer must be confirmed by: its own deadline when the server gives one (a place
 * offered from the waitlist at or after the edition's deadline gets a few days of its own), else
 * the edition's confirmation deadline.
 */
export function confirmBy(application: Pick<ApplicationRecord, 'confirm_by'>, settings: Pick<PublicSettings, 'timeline'>): string {
  return application.confirm_by ?? settings.timeline.confirmationDeadline;
}

/** Whether the offer can no longer be confirmed, on the server's clock as the settings last read it. */
export function offerLapsed(application: Pick<ApplicationRecord, 'confirm_by'>, settings: Pick<PublicSettings, 'timeline' | 'gates' | 'now'>): boolean {
  if (!application.confirm_by) return settings.gates.afterConfirmationDeadline;
  return Date.parse(settings.now) >= Date.parse(application.confirm_by);
}
