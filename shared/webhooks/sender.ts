import { config } from '../config/env';
import { forTeam } from '../db/repository';
import type { Stored, WriteOperation } from '../db/repository';
import { creationSortKey, nowIso } from '../domain/clock';
import { eventKey } from '../events/event-outbox';
import type { StoredEvent } from '../events/event-outbox';
import { ConflictError } from '../http/errors';
import { logger } from '../logging/logger';
import { deliveryQueue } from './delivery-queue';
import type { DeliveryMessage } from './delivery-queue';
import { disableAfterFailingMs, retryDelaysSeconds } from './retry-schedule';
import { signatureHeaders } from './signature';
import { attemptKey, deliveryKey, deliveryPartitions, endpointKey } from './webhook-store';
import type { StoredAttempt, StoredDelivery, StoredEndpoint } from './webhook-store';

/** How many characters of an endpoint's answer an attempt keeps. */
export const responseExcerptLength = 1000;

/** Seconds an endpoint has to answer unless `WEBHOOK_TIMEOUT_SECONDS` says otherwise. */
export const defaultTimeoutSeconds = 5;

/** A message this close to its `not_before` is due (timers and clocks are not exact). */
const earlyToleranceMs = 50;

/**
 * The seconds before each attempt, counted from the previous one: `WEBHOOK_RETRY_DELAYS_SECONDS`
 * when set (short schedules for tests and `npm start`), else {@link retryDelaysSeconds}. Its length
 * is the number of scheduled attempts.
 */
export function retryDelays(): readonly number[] {
  const configured = config().WEBHOOK_RETRY_DELAYS_SECONDS;
  return configured ? configured.split(',').map((delay) => Number(delay.trim())) : retryDelaysSeconds;
}

/** What one POST came back with. */
interface PostOutcome {
  status_code: number | null;
  response_excerpt: string;
  duration_ms: number;
  error: string | null;
  succeeded: boolean;
}

/** The first {@link responseExcerptLength} characters of a body, reading no more of it than that needs. */
async function readExcerpt(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    while (text.length < responseExcerptLength) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    // The body broke off (timeout, reset): keep what came.
  } finally {
    void reader.cancel().catch(() => undefined);
  }
  return text.slice(0, responseExcerptLength);
}

/** Why a request got no HTTP answer: `timeout`, or the connection error's own words. */
function describeFailure(error: unknown): string {
  const failure = error as Error & { cause?: { code?: string; message?: string } };
  if (failure.name === 'TimeoutError' || failure.name === 'AbortError') return 'timeout';
  return failure.cause?.code ?? failure.cause?.message ?? failure.message ?? String(error);
}

/**
 * POSTs `body` to `url` signed for the endpoint, with a timeout and without following redirects
 * (a 3xx is a failure: the endpoint should give its final address). Never throws.
 */
async function post(url: string, secret: string, eventId: string, body: string): Promise<PostOutcome> {
  const started = performance.now();
  const headers = { 'content-type': 'application/json', 'user-agent': 'recruiting-api-webhooks', ...signatureHeaders(secret, { id: eventId, timestamp: Math.floor(Date.now() / 1000), body }) };
  try {
    const response = await fetch(url, { method: 'POST', headers, body, redirect: 'manual', signal: AbortSignal.timeout((config().WEBHOOK_TIMEOUT_SECONDS ?? defaultTimeoutSeconds) * 1000) });
    const excerpt = await readExcerpt(response);
    const succeeded = response.status >= 200 && response.status < 300;
    return { status_code: response.status, response_excerpt: excerpt, duration_ms: Math.round(performance.now() - started), error: null, succeeded };
  } catch (error) {
    return { status_code: null, response_excerpt: '', duration_ms: Math.round(performance.now() - started), error: describeFailure(error), succeeded: false };
  }
}

/**
 * Ends a delivery as failed without an attempt: its endpoint was deleted or disabled, or its event
 * expired. Kept in GSI3 `WEBHOOK_FAILED#<endpointId>` for replay.
 */
async function abandon(teamId: string, delivery: Stored<StoredDelivery>, sort: string): Promise<void> {
  const table = forTeam(teamId);
  await table.write([
    table.update(deliveryKey(delivery.event_id, delivery.endpoint_id), delivery.version, { status: 'failed', next_attempt_at: null, updated_at: nowIso() }, {
      conflictMessage: 'The delivery changed concurrently',
      indexes: { GSI3: { pk: deliveryPartitions.failed(delivery.endpoint_id), sk: sort } },
    }),
  ]);
}

/**
 * Makes one delivery attempt (the sender Lambda's work per queue message; the local queue's too):
 * - not yet due: sends the message on for the rest of its wait (SQS delays at most 15 minutes);
 * - a duplicate (the delivery already made this attempt) or an expired event: nothing;
 * - an endpoint deleted or disabled since: the delivery ends `failed`, without a POST;
 * - otherwise POSTs the event's payload, signed, with `webhook-id` = the event id (the same for
 *   every attempt and replay), records a `WEBHOOK_ATTEMPT` and the delivery's new state in one
 *   transaction, schedules the next attempt after a failure while the schedule has one (never after
 *   a replay), and keeps the endpoint's health (`failing_since`, disabling after days of failures).
 * Throws only when the table or the queue fails, so the queue retries the message.
 * @example await attemptDelivery(JSON.parse(record.body));
 */
export async function attemptDelivery(message: DeliveryMessage): Promise<void> {
  const wait = message.not_before - Date.now();
  if (wait > earlyToleranceMs) {
    await deliveryQueue().send(message, wait / 1000);
    return;
  }
  const table = forTeam(message.team_id);
  const [event, delivery, endpoint] = await Promise.all([
    table.get<StoredEvent>(eventKey(message.event_id)),
    table.get<StoredDelivery>(deliveryKey(message.event_id, message.endpoint_id)),
    table.get<StoredEndpoint>(endpointKey(message.endpoint_id)),
  ]);
  const log = logger.child({ team_id: message.team_id, event_id: message.event_id, endpoint_id: message.endpoint_id, attempt: message.attempt });
  if (!event || !delivery) {
    log.info('webhook delivery dropped: the event has expired');
    return;
  }
  if (delivery.attempt_count >= message.attempt) {
    log.info('webhook delivery dropped: this attempt was made already');
    return;
  }
  const sort = event.created_sort ?? event.timestamp;
  if (!endpoint || endpoint.deleted_at || endpoint.disabled) {
    await abandon(message.team_id, delivery, sort);
    log.info('webhook delivery ended: the endpoint is deleted or disabled');
    return;
  }

  // The dispatcher stores the payload before it enqueues the first attempt.
  if (event.payload === undefined) throw new Error(`Event ${event.id} has no payload to deliver`);
  const outcome = await post(endpoint.url, endpoint.secret, event.id, event.payload);
  const attemptedAt = nowIso();
  const failingSince = endpoint.failing_since;
  const disables = !outcome.succeeded && Boolean(failingSince) && Date.parse(attemptedAt) - Date.parse(failingSince ?? attemptedAt) >= disableAfterFailingMs;
  const nextDelay = outcome.succeeded || disables || message.trigger === 'replay' ? undefined : retryDelays()[message.attempt];
  const notBefore = nextDelay === undefined ? undefined : Date.now() + nextDelay * 1000;
  const status: StoredDelivery['status'] = outcome.succeeded ? 'succeeded' : notBefore === undefined ? 'failed' : 'pending';

  // The next attempt is enqueued before this one is recorded: if recording fails, the message is
  // retried and the next attempt is not lost (a duplicate of it is ignored, see above).
  if (notBefore !== undefined && nextDelay !== undefined) {
    await deliveryQueue().send({ ...message, attempt: message.attempt + 1, not_before: notBefore, trigger: 'scheduled' }, nextDelay);
  }

  const attempt: StoredAttempt & { expires_at: number } = {
    event_id: event.id,
    endpoint_id: endpoint.id,
    attempt: message.attempt,
    trigger: message.trigger,
    attempted_at: attemptedAt,
    ...outcome,
    expires_at: event.expires_at,
  };
  const attemptWrite = () => table.create(attemptKey(event.id, endpoint.id, creationSortKey()), { ...attempt }, { entity: 'WEBHOOK_ATTEMPT', conflictMessage: 'Attempt id collision' });
  try {
    await table.write([
      attemptWrite(),
      table.update(
        deliveryKey(event.id, endpoint.id),
        delivery.version,
        {
          status,
          attempt_count: message.attempt,
          next_attempt_at: notBefore === undefined ? null : new Date(notBefore).toISOString(),
          last_attempt_at: attemptedAt,
          last_status_code: outcome.status_code,
          updated_at: attemptedAt,
        },
        {
          conflictMessage: 'The delivery changed concurrently',
          ...(status === 'failed' ? { indexes: { GSI3: { pk: deliveryPartitions.failed(endpoint.id), sk: sort } } } : { removeIndexes: ['GSI3' as const] }),
        },
      ),
    ]);
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
    // The delivery changed meanwhile (a replay, or a duplicate message that recorded first): its
    // state is theirs to keep, but the POST did happen, so it is logged all the same.
    await table.write([attemptWrite()]);
    log.warn('webhook attempt logged without changing the delivery: it changed concurrently', { error });
    return;
  }
  log.info('webhook attempt made', { status_code: outcome.status_code, succeeded: outcome.succeeded, duration_ms: outcome.duration_ms, error: outcome.error, status });

  await recordHealth(message.team_id, endpoint, outcome.succeeded, attemptedAt, disables);
}

/**
 * Keeps the endpoint's health after an attempt: a success clears `failing_since`; the first
 * failure after a success sets it (a commuting change: the endpoint's version stays, so portal
 * edits never conflict with it); disabling (`disabled_reason: 'failing'`) is a versioned change
 * the portal sees. A concurrent change wins: health is written again by the next attempt.
 */
async function recordHealth(teamId: string, endpoint: Stored<StoredEndpoint>, succeeded: boolean, now: string, disables: boolean): Promise<void> {
  const table = forTeam(teamId);
  const key = endpointKey(endpoint.id);
  let write: WriteOperation | undefined;
  if (disables) write = table.update(key, endpoint.version, { disabled: true, disabled_reason: 'failing', updated_at: now }, { conflictMessage: 'The endpoint changed concurrently' });
  else if (succeeded && endpoint.failing_since) write = table.update(key, 'live', { failing_since: null }, { conflictMessage: 'The endpoint is gone' });
  else if (!succeeded && !endpoint.failing_since) write = table.update(key, 'live', { failing_since: now }, { conflictMessage: 'The endpoint is gone' });
  if (!write) return;
  try {
    await table.write([write]);
    if (disables) logger.warn('webhook endpoint disabled: every delivery failed for days', { team_id: teamId, endpoint_id: endpoint.id, failing_since: endpoint.failing_since });
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
  }
}
