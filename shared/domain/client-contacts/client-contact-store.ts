import type { TeamIndexKeys } from '../../db/repository';
import type { IndexName } from '../../db/table';

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
