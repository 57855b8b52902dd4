/**
 * When each delivery attempt of a message to an endpoint is made, counted from the previous one:
 * at once, then after 5 seconds, 5 minutes, 30 minutes, 2, 5, 10 and 10 hours. Eight attempts over
 * about 28 hours (Standard Webhooks' recommended schedule); a message whose last attempt fails is
 * marked failed and kept for replay.
 */
export const retryDelaysSeconds = [0, 5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600] as const;

export const maxAttempts = retryDelaysSeconds.length;

/** Seconds to wait before attempt `attempt` (1-based); undefined when there is no such attempt. */
export function delayBeforeAttempt(attempt: number): number | undefined {
  return retryDelaysSeconds[attempt - 1];
}

/** An endpoint whose deliveries have all failed for this long is disabled. */
export const disableAfterFailingMs = 5 * 24 * 3600 * 1000;
