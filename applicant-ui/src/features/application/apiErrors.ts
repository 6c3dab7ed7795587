import { ApiError } from '../../api/client';

export const LOAD_APPLICATION_FAILED = 'Unable to load application';

/** Server codes after which the application cannot be edited here any more. */
export const LEAVE_CODES = ['DEADLINE_PASSED', 'SUBMITTED'];

export function isApiError(error: unknown, status: number, code?: string): error is ApiError {
  return error instanceof ApiError && error.status === status && (code === undefined || error.code === code);
}
