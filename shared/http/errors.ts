/** One problem with a request: where it is (`path`, dotted, e.g. `body.emails.0`) and what is wrong. */
export interface ErrorDetail {
  path: string;
  message: string;
}

/** The machine-readable error codes of extensions.md section 1. */
export type ErrorCode =
  | 'VALIDATION_ERROR'
  | 'UNAUTHORIZED'
  | 'INSUFFICIENT_SCOPE'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'AMBIGUOUS_MATCH'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'RATE_LIMITED'
  | 'INTERNAL_ERROR'
  | 'SERVICE_UNAVAILABLE';

/**
 * An error whose code, status and message are safe to show the caller.
 * Anything thrown that is not an `ApiError` answers 500 with a generic message.
 * @example throw new ApiError(409, 'CONFLICT', 'A status with this name already exists')
 */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
    options?: { cause?: unknown; headers?: Record<string, string> },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.headers = options?.headers ?? {};
  }
  /** Extra response headers, e.g. `Retry-After`. */
  readonly headers: Record<string, string>;
}

/** 400: the request is malformed or breaks a rule. */
export class ValidationError extends ApiError {
  override name = 'ValidationError';
  constructor(message: string, details?: ErrorDetail[]) {
    super(400, 'VALIDATION_ERROR', message, details);
  }
}

/** 401: the credential is missing, malformed, unknown, expired or revoked. */
export class UnauthorizedError extends ApiError {
  override name = 'UnauthorizedError';
  constructor(message = 'A valid bearer credential is required') {
    super(401, 'UNAUTHORIZED', message);
  }
}

/** 403 `INSUFFICIENT_SCOPE`: the credential lacks a scope the route needs. */
export class InsufficientScopeError extends ApiError {
  override name = 'InsufficientScopeError';
  constructor(readonly scope: string) {
    super(403, 'INSUFFICIENT_SCOPE', `This credential lacks the required scope: ${scope}`);
  }
}

/** 403 `FORBIDDEN`: the team's plan or settings do not allow the operation. */
export class ForbiddenError extends ApiError {
  override name = 'ForbiddenError';
  constructor(message: string) {
    super(403, 'FORBIDDEN', message);
  }
}

/** 404: the record does not exist, is deleted, or belongs to another team (indistinguishable on purpose). */
export class NotFoundError extends ApiError {
  override name = 'NotFoundError';
  constructor(what: string) {
    super(404, 'NOT_FOUND', `${what} not found`);
  }
}

/** 409 `CONFLICT`: a duplicate, a protected record, or a concurrent update that lost. */
export class ConflictError extends ApiError {
  override name = 'ConflictError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(409, 'CONFLICT', message, undefined, options);
  }
}
