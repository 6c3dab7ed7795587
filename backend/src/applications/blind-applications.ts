import type { BlindApplication } from '@svp/domain';
import type { AuthUser } from '../common/auth-user.js';

/**
 * GET /application/{key} for team leaders, whose keys are their jury items' opaque ids. The jury module
 * implements it; it depends on applications/, so this one finds it at run time (ModuleRef).
 */
export abstract class BlindApplications {
  /** Whether `key` is the opaque id of one of the caller's jury items. */
  abstract isItemOf(caller: AuthUser, key: string): Promise<boolean>;
  /** The application behind the caller's jury item `key`, blind; refused when it is not theirs or the jury is closed. */
  abstract blindApplication(caller: AuthUser, key: string): Promise<BlindApplication>;
}
