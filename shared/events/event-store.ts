import { forTeam } from '../db/repository';
import type { Stored } from '../db/repository';
import { eventKey, eventPartition } from './event-outbox';
import type { StoredEvent } from './event-outbox';

/** One event of the team (`GetItem`); undefined when missing, expired or another team's. */
export async function findEvent(teamId: string, id: string): Promise<Stored<StoredEvent> | undefined> {
  return forTeam(teamId).get<StoredEvent>(eventKey(id));
}

/** A page of the team's events, newest first (`Query` of GSI1 `EVENT`, reading `offset + limit` items). */
export async function listEvents(teamId: string, page: { offset: number; limit: number }): Promise<Stored<StoredEvent>[]> {
  return forTeam(teamId).queryPage<StoredEvent>({ index: 'GSI1', pk: eventPartition, ascending: false, offset: page.offset, limit: page.limit });
}
