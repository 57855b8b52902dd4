/** DynamoDB and S3 error names that mean "try again later", not "your request is wrong". */
const unavailableErrorNames = new Set([
  'ProvisionedThroughputExceededException',
  'SlowDown',
  'InternalError',
  'ThrottlingException',
  'RequestLimitExceeded',
  'InternalServerError',
  'ServiceUnavailable',
  'TimeoutError',
]);

/** Socket-level failures of an unreachable engine. */
const unreachableErrorCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE']);

/** Why a transaction item was cancelled when the cause is capacity, not the request. */
const unavailableCancellationCodes = new Set(['ThrottlingError', 'ProvisionedThroughputExceeded', 'RequestLimitExceeded']);

/** True when the database or the document store is throttling or cannot be reached, so the caller should retry (503). */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (unavailableErrorNames.has(error.name)) return true;
  // A throttled transaction arrives as a cancellation whose reasons say so.
  const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
  if (reasons?.some((reason) => unavailableCancellationCodes.has(reason.Code ?? ''))) return true;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && unreachableErrorCodes.has(code)) return true;
  const metadata = (error as { $metadata?: { httpStatusCode?: number } }).$metadata;
  if (metadata?.httpStatusCode === 503) return true;
  return error.cause !== undefined && error.cause !== error && isDatabaseUnavailable(error.cause);
}

/** True for a failed condition of a single write. */
export function isConditionFailure(error: unknown): boolean {
  return error instanceof Error && error.name === 'ConditionalCheckFailedException';
}
