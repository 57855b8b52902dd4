import { forTeam } from '../../db/repository';
import type { Stored, TeamIndexKeys, WriteOperation } from '../../db/repository';
import type { IndexName } from '../../db/table';
import { creationSortKey, newId, nowIso } from '../clock';
import { companyKey } from '../companies/company-store';
import { personKey } from '../persons/person-store';
import { eventWrite } from '../../events/event-outbox';

/** A client contact as stored: a person linked to a client company, with a status and owners. */
export interface StoredClientContact {
  id: string;
  person_id: string;
  client_id: string;
  client_contact_status_id: string | null;
  owner_ids: string[];
  created_at: string;
  updated_at: string;
}

/** Key of a client contact: `TEAM#<t>#CLIENT_CONTACT#<id>` / `CLIENT_CONTACT`. */
export const clientContactKey = (id: string) => ({ pk: `CLIENT_CONTACT#${id}`, sk: 'CLIENT_CONTACT' });

/** Guard item that keeps one live contact per person and client (its key is taken while one lives). */
export const pairGuardKey = (personId: string, clientId: string) => ({ pk: 'CLIENT_CONTACT_PAIR', sk: `${personId}#${clientId}` });

export type ContactSort = 'created_at' | 'updated_at';

/** Partitions the list can be read from, with their totals' counters (person partitions are small and counted by reading). */
export const contactPartitions = {
  all: () => 'CLIENT_CONTACT',
  client: (clientId: string) => `CLIENT_CONTACT#CLIENT#${clientId}`,
  status: (statusId: string) => `CLIENT_CONTACT#STATUS#${statusId}`,
  person: (personId: string) => `CLIENT_CONTACT#PERSON#${personId}`,
};

/**
 * Which index orders which partition by which column:
 * GSI1/GSI2 all contacts, GSI3/GSI4 one client's, GSI5/GSI6 one status's, by creation / by last
 * update; GSI7 one person's (a handful: sorted in memory).
 */
export const contactIndexFor: Record<'all' | 'client' | 'status', Record<ContactSort, IndexName>> = {
  all: { created_at: 'GSI1', updated_at: 'GSI2' },
  client: { created_at: 'GSI3', updated_at: 'GSI4' },
  status: { created_at: 'GSI5', updated_at: 'GSI6' },
};
export const contactPersonIndex: IndexName = 'GSI7';

/** Sort keys: a creation ULID, and `<updated_at>#<id>` (ISO timestamps order as text). */
export const updatedSortKey = (contact: Pick<StoredClientContact, 'updated_at' | 'id'>) => `${contact.updated_at}#${contact.id}`;

/** Every index entry of a live contact; the status ones only when it has a status. */
export function contactIndexes(contact: StoredClientContact, createdSort: string): TeamIndexKeys {
  const updated = updatedSortKey(contact);
  const indexes: TeamIndexKeys = {
    GSI1: { pk: contactPartitions.all(), sk: createdSort },
    GSI2: { pk: contactPartitions.all(), sk: updated },
    GSI3: { pk: contactPartitions.client(contact.client_id), sk: createdSort },
    GSI4: { pk: contactPartitions.client(contact.client_id), sk: updated },
    GSI7: { pk: contactPartitions.person(contact.person_id), sk: createdSort },
  };
  if (contact.client_contact_status_id) {
    indexes.GSI5 = { pk: contactPartitions.status(contact.client_contact_status_id), sk: createdSort };
    indexes.GSI6 = { pk: contactPartitions.status(contact.client_contact_status_id), sk: updated };
  }
  return indexes;
}

/** The counters a live contact is counted in. */
export function contactCounters(contact: Pick<StoredClientContact, 'client_id' | 'client_contact_status_id'>): string[] {
  return [contactPartitions.all(), contactPartitions.client(contact.client_id), ...(contact.client_contact_status_id ? [contactPartitions.status(contact.client_contact_status_id)] : [])];
}

/** A record the transaction must find live (present and not soft-deleted) to commit. */
const stillLive = { expression: 'attribute_exists(PK) AND attribute_not_exists(deleted_at)' };

/**
 * The writes that link a person to a client company: the contact in its indexes, the pair guard
 * (409 when the person is already a live contact of the client), its counters, and a check that the
 * company is still live when the transaction commits (a company deleted meanwhile is a 409). The
 * person is checked too unless `personCreatedAlongside` (person creation writes the person in the
 * same transaction, and a transaction cannot both check and write one item).
 */
export function clientContactCreateWrites(
  teamId: string,
  input: Pick<StoredClientContact, 'person_id' | 'client_id' | 'client_contact_status_id' | 'owner_ids'> & { personCreatedAlongside?: boolean },
): { contact: StoredClientContact; writes: WriteOperation[] } {
  const now = nowIso();
  const contact: StoredClientContact = {
    id: newId(),
    person_id: input.person_id,
    client_id: input.client_id,
    client_contact_status_id: input.client_contact_status_id,
    owner_ids: input.owner_ids,
    created_at: now,
    updated_at: now,
  };
  const table = forTeam(teamId);
  const sort = creationSortKey();
  return {
    contact,
    writes: [
      table.create(clientContactKey(contact.id), { ...contact, created_sort: sort }, { entity: 'CLIENT_CONTACT', indexes: contactIndexes(contact, sort), conflictMessage: 'Client contact id collision' }),
      table.create(pairGuardKey(contact.person_id, contact.client_id), { client_contact_id: contact.id }, { entity: 'CLIENT_CONTACT_PAIR', conflictMessage: 'This person is already a contact of this client' }),
      ...contactCounters(contact).map((counter) => table.increment(counter, 1)),
      table.check(companyKey(contact.client_id), stillLive, { conflictMessage: 'The client company was removed while the contact was being added' }),
      ...(input.personCreatedAlongside ? [] : [table.check(personKey(contact.person_id), stillLive, { conflictMessage: 'The person was removed while the contact was being added' })]),
      eventWrite(table, { type: 'client_contact.created', subject: 'client_contact', snapshot: contact, timestamp: now }),
    ],
  };
}

/** A person's live client contacts, oldest first (`Query` of GSI7 `CLIENT_CONTACT#PERSON#<personId>`; a handful). */
export async function listPersonClientContacts(teamId: string, personId: string): Promise<Stored<StoredClientContact>[]> {
  const contacts = await forTeam(teamId).queryIndex<StoredClientContact>({ index: contactPersonIndex, pk: contactPartitions.person(personId) });
  return contacts.filter((contact) => !contact.deleted_at);
}
