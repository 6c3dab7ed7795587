import { ErrorCode } from '@svp/domain';
import { ApiError, type ApiErrorCode } from '../../api/client';

export const LOAD_APPLICATION_FAILED = 'Unable to load application';

/** Server codes after which the application cannot be edited here any more. */
export const LEAVE_CODES: readonly ApiErrorCode[] = [ErrorCode.DeadlinePassed, ErrorCode.Submitted];

export function isApiError(error: unknown, status: number, code?: ErrorCode): error is ApiError {
  return error instanceof ApiError && error.status === status && (code === undefined || error.code === code);
}
