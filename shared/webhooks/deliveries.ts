import { encodeTime } from 'ulid';
import { forTeam } from '../db/repository';
import type { Stored } from '../db/repository';
import { nowIso } from '../domain/clock';
import { ConflictError, NotFoundError } from '../http/errors';
import { deliveryQueue } from './delivery-queue';
import { deliveryKey, deliveryPartitions, findEndpoint } from './webhook-store';
import type { StoredDelivery } from './webhook-store';

/** How many replays of failed messages run at once. */
const replayConcurrency = 10;

/**
 * Sends a delivery's message again now: its status goes back to `pending` (out of the failed index)
 * and one attempt with trigger `replay` is enqueued, numbered after the delivery's last attempt, with
 * the same `webhook-id` as every earlier attempt. A failed replay schedules no retries; replaying a
 * message that is still being retried takes the place of its next scheduled attempt.
 * Throws 404 when the team has no such message for that endpoint, or no such endpoint.
 * @example await redeliver(teamId, eventId, endpointId);
 */
export async function redeliver(teamId: string, eventId: string, endpointId: string): Promise<void> {
  const table = forTeam(teamId);
  const [delivery, endpoint] = await Promise.all([table.get<StoredDelivery>(deliveryKey(eventId, endpointId)), findEndpoint(teamId, endpointId)]);
  if (!delivery) throw new NotFoundError('Message');
  if (!endpoint) throw new NotFoundError('Endpoint');
  await replay(teamId, delivery);
}

/** Marks `delivery` pending and enqueues its replay attempt. */
async function replay(teamId: string, delivery: Stored<StoredDelivery>): Promise<void> {
  const table = forTeam(teamId);
  const now = nowIso();
  await table.write([
    table.update(deliveryKey(delivery.event_id, delivery.endpoint_id), delivery.version, { status: 'pending', next_attempt_at: now, updated_at: now }, {
      conflictMessage: 'The message is being delivered right now; try again in a moment',
      removeIndexes: ['GSI3'],
    }),
  ]);
  await deliveryQueue().send(
    { team_id: teamId, event_id: delivery.event_id, endpoint_id: delivery.endpoint_id, attempt: delivery.attempt_count + 1, not_before: Date.parse(now), trigger: 'replay' },
    0,
  );
}

/** The smallest ULID of the millisecond `iso`: a lower bound of event sort keys created from then on. */
export function ulidLowerBound(iso: string): string {
  return `${encodeTime(Math.max(0, Date.parse(iso)), 10)}${'0'.repeat(16)}`;
}

/**
 * Replays every failed message of an endpoint whose event was created at or after `sinceIso`
 * (a `Query` of GSI3 `WEBHOOK_FAILED#<endpointId>` from the ULID of that time). A message that is
 * being delivered concurrently is skipped.
 * @returns how many messages were sent again
 * @example const count = await redeliverFailedSince(teamId, endpointId, '2025-01-01T00:00:00.000Z');
 */
export async function redeliverFailedSince(teamId: string, endpointId: string, sinceIso: string): Promise<number> {
  if (!(await findEndpoint(teamId, endpointId))) throw new NotFoundError('Endpoint');
  const failed = await forTeam(teamId).queryIndex<StoredDelivery>({
    index: 'GSI3',
    pk: deliveryPartitions.failed(endpointId),
    between: { from: ulidLowerBound(sinceIso), to: 'Z'.repeat(26) },
  });
  let count = 0;
  for (let start = 0; start < failed.length; start += replayConcurrency) {
    const results = await Promise.all(
      failed.slice(start, start + replayConcurrency).map(async (delivery) => {
        try {
          await replay(teamId, delivery);
          return 1;
        } catch (error) {
          if (error instanceof ConflictError) return 0;
          throw error;
        }
      }),
    );
    count += results.reduce((sum: number, sent) => sum + sent, 0);
  }
  return count;
}
