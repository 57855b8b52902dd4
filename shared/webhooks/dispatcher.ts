import { forTeam } from '../db/repository';
import type { Stored } from '../db/repository';
import { nowIso } from '../domain/clock';
import { getTeam } from '../domain/teams';
import { eventKey } from '../events/event-outbox';
import type { StoredEvent } from '../events/event-outbox';
import { renderEventPayload } from '../events/event-renderers';
import { findEvent } from '../events/event-store';
import { ConflictError, NotFoundError } from '../http/errors';
import { deliveryQueue } from './delivery-queue';
import { retryDelays } from './sender';
import { deliveryKey, deliveryPartitions, listEndpoints, subscribes } from './webhook-store';
import type { StoredDelivery, StoredEndpoint } from './webhook-store';

/**
 * Whether the team may receive webhooks: the plan includes them and the organization setting is on
 * (the same rule as `GET /v1/webhooks/portal`). A team that no longer exists receives nothing.
 */
async function webhooksOn(teamId: string): Promise<boolean> {
  try {
    const team = await getTeam(teamId);
    return team.plan.webhooks && team.settings.webhooks_enabled;
  } catch (error) {
    if (error instanceof NotFoundError) return false;
    throw error;
  }
}

/**
 * The endpoints an event goes to: the ones it names (a portal test event, whatever their type
 * filter), otherwise every endpoint subscribed to its type. Disabled endpoints get nothing.
 */
function targetsOf(event: Pick<StoredEvent, 'type' | 'endpoint_ids'>, endpoints: Stored<StoredEndpoint>[]): Stored<StoredEndpoint>[] {
  if (event.endpoint_ids) return endpoints.filter((endpoint) => !endpoint.disabled && event.endpoint_ids?.includes(endpoint.id));
  return endpoints.filter((endpoint) => subscribes(endpoint, event.type));
}

/**
 * The event's body as every endpoint receives it: rendered once and stored on the event, so every
 * attempt and replay sends the same bytes. Two dispatches racing both render; the event's version
 * lets only the first store its rendering, and the other uses that one.
 */
async function payloadOf(teamId: string, event: Stored<StoredEvent>): Promise<string> {
  if (event.payload !== undefined) return event.payload;
  const payload = await renderEventPayload(teamId, event);
  const table = forTeam(teamId);
  try {
    await table.write([table.update(eventKey(event.id), event.version, { payload }, { conflictMessage: 'The event payload was stored concurrently' })]);
    return payload;
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
    const stored = await findEvent(teamId, event.id);
    if (stored?.payload === undefined) throw error;
    return stored.payload;
  }
}

/**
 * Creates the delivery of `event` to `endpoint` and enqueues its first attempt. The delivery is a
 * conditional put, so a second dispatch of the same event (a stream delivers at least once) finds
 * it and enqueues nothing, unless it has never been attempted: then the first dispatch may have
 * stopped before enqueueing, and the attempt is enqueued again (at least once: the sender drops a
 * duplicate it sees recorded, and receivers tell a rare duplicate POST by its `webhook-id`).
 */
async function createDelivery(teamId: string, event: Stored<StoredEvent>, endpoint: Stored<StoredEndpoint>): Promise<'created' | 'resumed' | 'exists'> {
  const table = forTeam(teamId);
  const now = nowIso();
  const delivery: StoredDelivery & { expires_at: number } = {
    event_id: event.id,
    endpoint_id: endpoint.id,
    event_type: event.type,
    status: 'pending',
    attempt_count: 0,
    next_attempt_at: now,
    last_attempt_at: null,
    last_status_code: null,
    created_at: now,
    updated_at: now,
    expires_at: event.expires_at,
  };
  const sort = event.created_sort ?? event.timestamp;
  let outcome: 'created' | 'resumed' = 'created';
  try {
    await table.write([
      table.create(deliveryKey(event.id, endpoint.id), { ...delivery }, {
        entity: 'WEBHOOK_DELIVERY',
        indexes: { GSI2: { pk: deliveryPartitions.ofEndpoint(endpoint.id), sk: sort } },
        conflictMessage: 'The delivery exists already',
      }),
    ]);
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
    const existing = await table.get<StoredDelivery>(deliveryKey(event.id, endpoint.id));
    if (!existing || existing.attempt_count > 0 || existing.status !== 'pending') return 'exists';
    outcome = 'resumed';
  }
  const delaySeconds = retryDelays()[0] ?? 0;
  await deliveryQueue().send(
    { team_id: teamId, event_id: event.id, endpoint_id: endpoint.id, attempt: 1, not_before: Date.now() + delaySeconds * 1000, trigger: event.endpoint_ids ? 'test' : 'scheduled' },
    delaySeconds,
  );
  return outcome;
}

/**
 * Fans a committed event out to the team's endpoints: renders its payload once (stored on the
 * event), creates one delivery per target endpoint (GSI2 `WEBHOOK_DELIVERY#<endpointId>`, by the
 * event's ULID) and enqueues each first attempt. Idempotent: the stream may hand over an event
 * twice. Teams without webhooks (plan or setting) or without a target endpoint: nothing happens.
 * @returns how many deliveries this call created (0 when they all existed already)
 * @example await dispatchEvent(record.team_id, record.id);
 */
export async function dispatchEvent(teamId: string, eventId: string): Promise<number> {
  if (!(await webhooksOn(teamId))) return 0;
  const [event, endpoints] = await Promise.all([findEvent(teamId, eventId), listEndpoints(teamId)]);
  if (!event) return 0;
  const targets = targetsOf(event, endpoints);
  if (!targets.length) return 0;
  const withPayload = { ...event, payload: await payloadOf(teamId, event) };
  const started = await Promise.all(targets.map((endpoint) => createDelivery(teamId, withPayload, endpoint)));
  return started.filter((outcome) => outcome === 'created').length;
}
