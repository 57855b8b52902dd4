import * as z from 'zod/mini';
import { liveDefault } from '../configuration/configuration-list';
import { forTeam, splitMeta } from '../../db/repository';
import type { Stored, TeamTable, WriteOperation } from '../../db/repository';
import { NotFoundError, ValidationError } from '../../http/errors';
import type { ErrorDetail } from '../../http/errors';
import { nowIso } from '../clock';
import { eventWrite } from '../../events/event-outbox';
import { findCompany } from '../companies/company-store';
import { clientContactStatuses } from '../configuration/client-contact-statuses';
import { findPerson } from '../persons/person-store';
import { pageQueryShape, sortOrder, uniqueIds } from '../schemas';
import { getTeamMembersById } from '../team-members';
import { renderClientContacts } from './client-contact-record';
import type { ClientContact } from './client-contact-record';
import { clientContactCreateWrites, clientContactKey, contactCounters, contactIndexes, contactIndexFor, contactPartitions, contactPersonIndex, pairGuardKey, updatedSortKey } from './client-contact-store';
import type { StoredClientContact } from './client-contact-store';

export const createClientContactBody = z.strictObject({
  person_id: z.uuid(),
  client_id: z.uuid(),
  client_contact_status_id: z.optional(z.nullable(z.uuid())),
  owner_ids: z.optional(z.array(z.uuid()).check(z.maxLength(50))),
});

/** A contact keeps its person and client; its status and owners change. */
export const updateClientContactBody = z.strictObject({
  client_contact_status_id: z.optional(z.nullable(z.uuid())),
  owner_ids: z.optional(z.array(z.uuid()).check(z.maxLength(50))),
});

export const listClientContactsQuery = z.object({
  ...pageQueryShape,
  person_id: z.optional(z.uuid()),
  client_id: z.optional(z.uuid()),
  client_contact_status_id: z.optional(z.uuid()),
  sort_by: z._default(z.enum(['created_at', 'updated_at']), 'created_at'),
  sort_order: sortOrder(),
});
export type ListClientContactsQuery = z.output<typeof listClientContactsQuery>;

const changedConcurrently = 'The client contact changed concurrently; retry';

async function checkStatusAndOwners(teamId: string, statusId: string | null | undefined, ownerIds: string[] | undefined, details: ErrorDetail[]) {
  const [statuses, members] = await Promise.all([clientContactStatuses.lookup(teamId), getTeamMembersById(teamId, ownerIds ?? [])]);
  if (statusId) {
    const status = statuses.get(statusId);
    if (!status || status.deleted) details.push({ path: 'body.client_contact_status_id', message: 'Not a client contact status of this team' });
  }
  const missing = (ownerIds ?? []).filter((id) => !members.has(id));
  if (missing.length) details.push({ path: 'body.owner_ids', message: `Not members of this team: ${missing.join(', ')}` });
  return liveDefault(statuses)?.id ?? null;
}

function refuse(details: ErrorDetail[]): void {
  if (details.length) throw new ValidationError(details.length === 1 ? `Invalid client contact: ${(details[0] as ErrorDetail).message}` : `Invalid client contact: ${details.length} problems, see details`, details);
}

/** The counter writes that move a contact from one set of counters to another. */
function recount(table: TeamTable, before: string[], after: string[]): WriteOperation[] {
  const removed = before.filter((counter) => !after.includes(counter)).map((counter) => table.increment(counter, -1));
  const added = after.filter((counter) => !before.includes(counter)).map((counter) => table.increment(counter, 1));
  return [...removed, ...added];
}

async function readContact(teamId: string, id: string): Promise<Stored<StoredClientContact>> {
  const contact = await forTeam(teamId).get<StoredClientContact>(clientContactKey(id));
  if (!contact || contact.deleted_at) throw new NotFoundError('Client contact');
  return contact;
}

/**
 * Links a person to a client company. Person and company must be the team's; the status defaults to
 * the team's default client contact status. The contact, its pair guard (one live contact per
 * person and client: 409 otherwise) and its counts are one transaction.
 */
export async function createClientContact(teamId: string, input: z.output<typeof createClientContactBody>): Promise<ClientContact> {
  const details: ErrorDetail[] = [];
  const [person, company, defaultStatus] = await Promise.all([
    findPerson(teamId, input.person_id),
    findCompany(teamId, input.client_id),
    checkStatusAndOwners(teamId, input.client_contact_status_id, input.owner_ids, details),
  ]);
  if (!person) details.unshift({ path: 'body.person_id', message: 'Not a person of this team' });
  if (!company) details.unshift({ path: 'body.client_id', message: 'Not a company of this team' });
  refuse(details);
  const { contact, writes } = clientContactCreateWrites(teamId, {
    person_id: input.person_id,
    client_id: input.client_id,
    client_contact_status_id: input.client_contact_status_id === undefined ? defaultStatus : input.client_contact_status_id,
    owner_ids: uniqueIds(input.owner_ids),
  });
  await forTeam(teamId).write(writes);
  return (await renderClientContacts(teamId, [contact]))[0] as ClientContact;
}

/** Changes the status or owners; the contact moves between status indexes and counts in the same transaction. */
export async function updateClientContact(teamId: string, id: string, input: z.output<typeof updateClientContactBody>): Promise<ClientContact> {
  const current = await readContact(teamId, id);
  const details: ErrorDetail[] = [];
  await checkStatusAndOwners(teamId, input.client_contact_status_id, input.owner_ids, details);
  refuse(details);
  const { record, meta } = splitMeta(current);
  const next: StoredClientContact = {
    ...record,
    client_contact_status_id: input.client_contact_status_id === undefined ? record.client_contact_status_id : input.client_contact_status_id,
    owner_ids: input.owner_ids === undefined ? record.owner_ids : uniqueIds(input.owner_ids),
    updated_at: nowIso(),
  };
  const table = forTeam(teamId);
  const statusRemoved = record.client_contact_status_id !== null && next.client_contact_status_id === null;
  await table.write([
    table.update(clientContactKey(id), meta.version, { client_contact_status_id: next.client_contact_status_id, owner_ids: next.owner_ids, updated_at: next.updated_at }, {
      conflictMessage: changedConcurrently,
      indexes: contactIndexes(next, meta.created_sort as string),
      removeIndexes: statusRemoved ? ['GSI5', 'GSI6'] : [],
    }),
    ...recount(table, contactCounters(record), contactCounters(next)),
    eventWrite(table, { type: 'client_contact.updated', subject: 'client_contact', snapshot: next, timestamp: next.updated_at }),
    ...(next.client_contact_status_id !== record.client_contact_status_id
      ? [eventWrite(table, { type: 'client_contact.status_changed', subject: 'client_contact', snapshot: next, extra: { previous_client_contact_status_id: record.client_contact_status_id }, timestamp: next.updated_at })]
      : []),
  ]);
  return (await renderClientContacts(teamId, [next]))[0] as ClientContact;
}

/** Soft-deletes a contact: it leaves every index and count, and its person and client may be linked again. */
export async function deleteClientContact(teamId: string, id: string): Promise<void> {
  const current = await readContact(teamId, id);
  const table = forTeam(teamId);
  const now = nowIso();
  await table.write([
    table.update(clientContactKey(id), current.version, { deleted_at: now, updated_at: now }, { conflictMessage: changedConcurrently, removeIndexes: ['GSI1', 'GSI2', 'GSI3', 'GSI4', 'GSI5', 'GSI6', 'GSI7'] }),
    table.remove(pairGuardKey(current.person_id, current.client_id)),
    ...contactCounters(current).map((counter) => table.increment(counter, -1)),
    eventWrite(table, { type: 'client_contact.deleted', subject: 'client_contact', snapshot: { ...splitMeta(current).record, updated_at: now }, extra: { deleted_at: now }, timestamp: now }),
  ]);
}

/**
 * `GET /v1/client-contacts`. One filter (or none) is a `Query` of the index ordered by the sort
 * column, reading only `offset + limit` items, with the total from that partition's counter. A
 * person filter reads that person's few contacts; several filters read the narrowest partition
 * (person, else client) and filter it, so their cost grows with that partition.
 */
export async function listClientContacts(teamId: string, query: ListClientContactsQuery): Promise<{ items: ClientContact[]; total: number }> {
  const [result] = await Promise.all([readContactList(teamId, query), checkFilterTargets(teamId, query)]);
  return result;
}

/** A filter naming no record of the team (unknown, or another team's) is a 404, not an empty page. */
async function checkFilterTargets(teamId: string, query: ListClientContactsQuery): Promise<void> {
  const [person, company, statuses] = await Promise.all([
    query.person_id ? findPerson(teamId, query.person_id) : undefined,
    query.client_id ? findCompany(teamId, query.client_id) : undefined,
    query.client_contact_status_id ? clientContactStatuses.lookup(teamId) : undefined,
  ]);
  if (query.person_id && !person) throw new NotFoundError('Person');
  if (query.client_id && !company) throw new NotFoundError('Company');
  if (query.client_contact_status_id && !statuses?.has(query.client_contact_status_id)) throw new NotFoundError('Client contact status');
}

async function readContactList(teamId: string, query: ListClientContactsQuery): Promise<{ items: ClientContact[]; total: number }> {
  const table = forTeam(teamId);
  const ascending = query.sort_order === 'asc';
  const filters = [query.person_id, query.client_id, query.client_contact_status_id].filter((filter) => filter !== undefined).length;

  if (!query.person_id && filters <= 1) {
    const [dimension, pk] = query.client_id
      ? (['client', contactPartitions.client(query.client_id)] as const)
      : query.client_contact_status_id
        ? (['status', contactPartitions.status(query.client_contact_status_id)] as const)
        : (['all', contactPartitions.all()] as const);
    const [contacts, total] = await Promise.all([
      table.queryPage<StoredClientContact>({ index: contactIndexFor[dimension][query.sort_by], pk, ascending, offset: query.offset, limit: query.limit }),
      table.count(pk),
    ]);
    return { items: await renderClientContacts(teamId, contacts), total };
  }

  const partition = query.person_id
    ? await table.queryIndex<StoredClientContact>({ index: contactPersonIndex, pk: contactPartitions.person(query.person_id) })
    : await table.queryIndex<StoredClientContact>({ index: contactIndexFor.client.created_at, pk: contactPartitions.client(query.client_id as string) });
  const sortKey = (contact: Stored<StoredClientContact>) => (query.sort_by === 'created_at' ? (contact.created_sort as string) : updatedSortKey(contact));
  const matching = partition
    .filter((contact) => (!query.client_id || contact.client_id === query.client_id) && (!query.client_contact_status_id || contact.client_contact_status_id === query.client_contact_status_id))
    .sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : 1) * (ascending ? 1 : -1));
  return { items: await renderClientContacts(teamId, matching.slice(query.offset, query.offset + query.limit)), total: matching.length };
}
