import type { TeamTable, WriteOperation } from '../db/repository';
import { creationSortKey, newId, nowIso } from '../domain/clock';
import type { EventType } from './event-catalogue';

/**
 * How an event's `data` is produced from what the change wrote: each subject names a renderer in
 * `event-renderers.ts` that turns the stored snapshot into the record as the API answers it;
 * `plain` snapshots (results of bulk operations) are the data as they are.
 */
export type EventSubject = 'person' | 'company' | 'client_contact' | 'deal' | 'job' | 'task' | 'plain';

/**
 * An event as the outbox stores it: `TEAM#<t>#EVENT#<id>` / `EVENT` (entity `EVENT`), written in the
 * same transaction as the change it reports, so a committed change always has its event and a
 * failed one never does. The table's stream (a local equivalent in `npm start`) hands each new event
 * to the dispatcher, which renders `payload` (the exact body every endpoint receives) and fans it out.
 * GSI1 `EVENT` orders the team's events by creation for the portal; `expires_at` lets DynamoDB's TTL
 * remove events (and their deliveries) after {@link eventRetentionDays} days.
 */
export interface StoredEvent {
  id: string;
  type: EventType;
  /** ISO 8601: when the change was made. */
  timestamp: string;
  subject: EventSubject;
  /** The stored record (or bulk result) as the change wrote it. */
  snapshot: Record<string, unknown>;
  /** Extra fields merged into `data` (e.g. `previous_stage_id`). */
  extra?: Record<string, unknown>;
  /** Only these endpoints receive it (a portal test event); every subscribed endpoint otherwise. */
  endpoint_ids?: string[];
  /** `{type, timestamp, data}` as sent, set by the dispatcher. */
  payload?: string;
  expires_at: number;
}

export const eventRetentionDays = 30;

export const eventKey = (id: string) => ({ pk: `EVENT#${id}`, sk: 'EVENT' });

/** GSI1 partition of the team's events, newest last (ULID sort key). */
export const eventPartition = 'EVENT';

/** The write that records an event with the change it reports (add it to the change's transaction). */
export function eventWrite(
  table: TeamTable,
  event: { type: EventType; subject: EventSubject; snapshot: object; extra?: Record<string, unknown>; endpointIds?: string[]; timestamp?: string },
): WriteOperation {
  const timestamp = event.timestamp ?? nowIso();
  const stored: StoredEvent = {
    id: newId(),
    type: event.type,
    timestamp,
    subject: event.subject,
    snapshot: event.snapshot as Record<string, unknown>,
    ...(event.extra ? { extra: event.extra } : {}),
    ...(event.endpointIds ? { endpoint_ids: event.endpointIds } : {}),
    expires_at: Math.floor(Date.parse(timestamp) / 1000) + eventRetentionDays * 86_400,
  };
  const sort = creationSortKey();
  return table.create(eventKey(stored.id), { ...stored, created_sort: sort }, { entity: 'EVENT', indexes: { GSI1: { pk: eventPartition, sk: sort } }, conflictMessage: 'Event id collision' });
}
