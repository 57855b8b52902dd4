import { forTeam } from '../db/repository';
import type { Stored } from '../db/repository';

/**
 * Webhook endpoints, deliveries and attempts. Data design (all keys team-prefixed by the repository):
 *
 * | Item | PK / SK | Indexes |
 * |---|---|---|
 * | endpoint | `WEBHOOK_ENDPOINTS` / `ENDPOINT#<id>` (a team's few endpoints: one `Query`) | |
 * | event (outbox, see `shared/events/event-outbox.ts`) | `EVENT#<eventId>` / `EVENT` | GSI1 `EVENT` (ULID) |
 * | delivery: one event to one endpoint | `EVENT#<eventId>` / `DELIVERY#<endpointId>` | GSI2 `WEBHOOK_DELIVERY#<endpointId>` (the event's ULID): an endpoint's messages; GSI3 `WEBHOOK_FAILED#<endpointId>` (the event's ULID) while failed: replay of failed messages since a time |
 * | attempt | `EVENT#<eventId>` / `ATTEMPT#<endpointId>#<ULID>` | |
 *
 * So one `Query` of an event's collection gives the event, its deliveries and every attempt.
 */

/** A URL that receives the team's events. `event_types` empty means every type. */
export interface StoredEndpoint {
  id: string;
  url: string;
  description: string;
  event_types: string[];
  disabled: boolean;
  /** Why it is disabled: `manual` (the portal) or `failing` (every delivery failed for days). */
  disabled_reason: 'manual' | 'failing' | null;
  /** `whsec_…` (see signature.ts); shown in the portal, rotated there. */
  secret: string;
  /** When the current run of failures began (null after a success). */
  failing_since: string | null;
  created_at: string;
  updated_at: string;
}

/** The state of one event's delivery to one endpoint. */
export interface StoredDelivery {
  event_id: string;
  endpoint_id: string;
  event_type: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempt_count: number;
  next_attempt_at: string | null;
  last_attempt_at: string | null;
  last_status_code: number | null;
  created_at: string;
  updated_at: string;
}

/** One POST of an event to an endpoint, as the portal's delivery log shows it. */
export interface StoredAttempt {
  event_id: string;
  endpoint_id: string;
  /** 1-based number of the attempt within its delivery (replays continue the count). */
  attempt: number;
  trigger: 'scheduled' | 'replay' | 'test';
  attempted_at: string;
  /** The endpoint's HTTP status; null for a timeout or a connection error. */
  status_code: number | null;
  /** The first 1,000 characters of the response body. */
  response_excerpt: string;
  duration_ms: number;
  /** `timeout`, or the connection error's message; null when an HTTP answer came. */
  error: string | null;
  succeeded: boolean;
}

export const endpointCollection = 'WEBHOOK_ENDPOINTS';
export const endpointKey = (id: string) => ({ pk: endpointCollection, sk: `ENDPOINT#${id}` });
export const deliveryKey = (eventId: string, endpointId: string) => ({ pk: `EVENT#${eventId}`, sk: `DELIVERY#${endpointId}` });
export const attemptKey = (eventId: string, endpointId: string, sort: string) => ({ pk: `EVENT#${eventId}`, sk: `ATTEMPT#${endpointId}#${sort}` });
export const deliveryPartitions = {
  /** GSI2: an endpoint's deliveries, by the event's ULID. */
  ofEndpoint: (endpointId: string) => `WEBHOOK_DELIVERY#${endpointId}`,
  /** GSI3: an endpoint's failed deliveries, by the event's ULID. */
  failed: (endpointId: string) => `WEBHOOK_FAILED#${endpointId}`,
};

/** The team's live endpoints, oldest first (one consistent `Query`). */
export async function listEndpoints(teamId: string): Promise<Stored<StoredEndpoint>[]> {
  const endpoints = await forTeam(teamId).queryCollection<StoredEndpoint>(endpointCollection, { skBeginsWith: 'ENDPOINT#' });
  return endpoints.filter((endpoint) => !endpoint.deleted_at).sort((a, b) => (a.created_at < b.created_at ? -1 : 1));
}

/** One live endpoint of the team; undefined when missing, deleted or another team's. */
export async function findEndpoint(teamId: string, id: string): Promise<Stored<StoredEndpoint> | undefined> {
  const endpoint = await forTeam(teamId).get<StoredEndpoint>(endpointKey(id));
  return endpoint && !endpoint.deleted_at ? endpoint : undefined;
}

/** Whether an endpoint wants events of `type` (an empty filter wants every type). */
export const subscribes = (endpoint: Pick<StoredEndpoint, 'event_types' | 'disabled'>, type: string) => !endpoint.disabled && (endpoint.event_types.length === 0 || endpoint.event_types.includes(type));

/** An event's whole collection: the event, its deliveries and their attempts (one `Query`). */
export async function readEventCollection(teamId: string, eventId: string) {
  const items = await forTeam(teamId).queryCollection<Record<string, unknown>>(`EVENT#${eventId}`);
  return {
    event: items.find((item) => item.entity === 'EVENT'),
    deliveries: items.filter((item) => item.entity === 'WEBHOOK_DELIVERY') as unknown as Stored<StoredDelivery>[],
    attempts: items.filter((item) => item.entity === 'WEBHOOK_ATTEMPT') as unknown as Stored<StoredAttempt>[],
  };
}
