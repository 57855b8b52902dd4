import { forTeam } from '../../shared/db/repository';
import { personCreateWrites, personKey } from '../../shared/domain/persons/person-store';
import type { StoredPerson } from '../../shared/domain/persons/person-store';
import { nowIso } from '../../shared/domain/clock';

/** Stores a person through the persons store (the same writes person creation uses). */
export async function storePerson(teamId: string, fields: Partial<StoredPerson> & { name: string }): Promise<StoredPerson> {
  const { person, writes } = personCreateWrites(teamId, fields);
  await forTeam(teamId).write(writes);
  return person;
}

/** Marks a person deleted, as a person removed from the team would be. */
export async function markPersonDeleted(teamId: string, personId: string): Promise<void> {
  const table = forTeam(teamId);
  await table.write([table.update(personKey(personId), 'live', { deleted_at: nowIso() }, { conflictMessage: 'gone' })]);
}
