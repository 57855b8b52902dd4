import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { logger } from '../../shared/logging/logger';
import { dispatchEvent } from '../../shared/webhooks/dispatcher';

/**
 * The event a stream record reports: a new item of entity `EVENT` (the outbox, see
 * `shared/events/event-outbox.ts`), as `[teamId, eventId]`; undefined for every other record. The
 * event source mapping already filters on this; the check here keeps a misconfigured mapping harmless.
 * Only three string attributes are read, so the image is not unmarshalled.
 */
export function eventOf(record: DynamoDBRecord): [string, string] | undefined {
  const image = record.dynamodb?.NewImage;
  if (record.eventName !== 'INSERT' || image?.entity?.S !== 'EVENT') return undefined;
  const teamId = image.team_id?.S;
  const eventId = image.id?.S;
  return teamId && eventId ? [teamId, eventId] : undefined;
}

/**
 * The webhook dispatcher Lambda: the table's stream (filtered to `EVENT` inserts) hands it committed
 * events; each is fanned out to the team's endpoints by {@link dispatchEvent}, in stream order.
 * On a failure it reports that record and stops, so the stream retries from there (dispatching is
 * idempotent, so the records before it may safely be handed over again).
 */
export async function handler(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  for (const record of event.Records) {
    const found = eventOf(record);
    if (!found) continue;
    try {
      await dispatchEvent(...found);
    } catch (error) {
      logger.error('webhook dispatch failed', { error, team_id: found[0], event_id: found[1] });
      return { batchItemFailures: [{ itemIdentifier: record.dynamodb?.SequenceNumber ?? record.eventID ?? '' }] };
    }
  }
  return { batchItemFailures: [] };
}
