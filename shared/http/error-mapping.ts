import { isDatabaseUnavailable } from '../db/errors';
import { ApiError } from './errors';
import type { ErrorCode, ErrorDetail } from './errors';

/** An error as the caller will see it. */
export interface MappedError {
  statusCode: number;
  code: ErrorCode;
  message: string;
  details?: ErrorDetail[] | undefined;
  headers: Record<string, string>;
  /** Whether the error is ours to log as a fault (5xx) rather than the caller's mistake. */
  fault: boolean;
}

/**
 * Maps anything thrown to the status and code of extensions.md section 1. Only {@link ApiError}
 * messages reach the caller; a database that is throttled or unreachable is a 503 with
 * `Retry-After`, and anything else a 500 with a generic message.
 */
export function mapError(error: unknown): MappedError {
  if (error instanceof ApiError) {
    return { statusCode: error.statusCode, code: error.code, message: error.message, details: error.details, headers: error.headers, fault: error.statusCode >= 500 };
  }
  if (isDatabaseUnavailable(error)) {
    return { statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'The service is temporarily unavailable; retry shortly', headers: { 'retry-after': '1' }, fault: true };
  }
  return { statusCode: 500, code: 'INTERNAL_ERROR', message: 'An internal error occurred', headers: {}, fault: true };
}
