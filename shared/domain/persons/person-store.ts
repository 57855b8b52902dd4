import * as z from 'zod/mini';
import { forTeam } from '../../db/repository';
import type { Stored } from '../../db/repository';
import { creationSortKey, newId, nowIso } from '../clock';

/**
 * A person as stored. This is the part of the record other entities read (summaries); the
 * creation endpoint with its effects (`POST /v0/persons`) builds on {@link personCreateWrites}.
 */
export interface StoredPerson {
  id: string;
  name: string;
  first_name: string | null;
  last_name: string | null;
  current_job_title: string | null;
  company_name: string | null;
  image_url: string | null;
  /** Every email of the person, as given; each is also indexed lower-cased (see {@link personEmailKey}). */
  emails: PersonContactData[];
  created_at: string;
  updated_at: string;
}

/** One email or phone of a person (specification, "Person"). */
export interface PersonContactData {
  contact_data_type: string;
  value: string;
}

/** The person summary of client contact rows (specification, "Person summary"). */
export const personSummarySchema = z.object({
  id: z.string(),
  name: z.nullable(z.string()),
  first_name: z.nullable(z.string()),
  last_name: z.nullable(z.string()),
  current_job_title: z.nullable(z.string()),
  image_url: z.nullable(z.string()),
});
export type PersonSummary = z.infer<typeof personSummarySchema>;

/** Key of a person record: `TEAM#<t>#PERSON#<id>` / `PERSON`. */
export const personKey = (id: string) => ({ pk: `PERSON#${id}`, sk: 'PERSON' });

/**
 * Index item of one of a person's emails, in the person's collection: `TEAM#<t>#PERSON#<id>` /
 * `EMAIL#<lower-cased email>` (entity `PERSON_EMAIL`), placed by GSI2 in `TEAM#<t>#PERSON_EMAIL#<email>`
 * so a person is found by any of their emails, case-insensitively.
 */
export const personEmailKey = (personId: string, email: string) => ({ pk: `PERSON#${personId}`, sk: `EMAIL#${email.toLowerCase()}` });
const personEmailPartition = (email: string) => `PERSON_EMAIL#${email.toLowerCase()}`;

/** The counter of the team's live persons. */
export const personCounter = 'PERSON';

export function toPersonSummary(person: StoredPerson): PersonSummary {
  return { id: person.id, name: person.name, first_name: person.first_name, last_name: person.last_name, current_job_title: person.current_job_title, image_url: person.image_url };
}

/** `GetItem` of a live person; `undefined` when missing, deleted or another team's. */
export async function findPerson(teamId: string, id: string): Promise<Stored<StoredPerson> | undefined> {
  const person = await forTeam(teamId).get<StoredPerson>(personKey(id));
  return person && !person.deleted_at ? person : undefined;
}

/**
 * The ids of the persons having `email` among their emails, compared case-insensitively and exactly
 * (`Query` of GSI2 `PERSON_EMAIL#<lower-cased email>`; a handful of items).
 */
export async function findPersonIdsByEmail(teamId: string, email: string): Promise<string[]> {
  const entries = await forTeam(teamId).queryIndex<{ person_id: string }>({ index: 'GSI2', pk: personEmailPartition(email) });
  return [...new Set(entries.filter((entry) => !entry.deleted_at).map((entry) => entry.person_id))];
}

/**
 * The writes that store a new person (GSI1 places it in the team's persons in creation order),
 * index each distinct lower-cased email (see {@link personEmailKey}) and count it. Callers add the
 * writes of what else the creation does, in the same transaction.
 */
export function personCreateWrites(teamId: string, input: Partial<Omit<StoredPerson, 'id' | 'created_at' | 'updated_at'>> & { name: string }) {
  const now = nowIso();
  const sort = creationSortKey();
  const person: StoredPerson = {
    id: newId(),
    name: input.name,
    first_name: input.first_name ?? null,
    last_name: input.last_name ?? null,
    current_job_title: input.current_job_title ?? null,
    company_name: input.company_name ?? null,
    image_url: input.image_url ?? null,
    emails: input.emails ?? [],
    created_at: now,
    updated_at: now,
  };
  const table = forTeam(teamId);
  return {
    person,
    writes: [
      table.create(personKey(person.id), { ...person, created_sort: sort }, { entity: 'PERSON', indexes: { GSI1: { pk: 'PERSON', sk: sort } }, conflictMessage: 'Person id collision' }),
      ...[...new Set(person.emails.map((email) => email.value.toLowerCase()))].map((email) =>
        table.create(personEmailKey(person.id, email), { person_id: person.id, email }, { entity: 'PERSON_EMAIL', indexes: { GSI2: { pk: personEmailPartition(email), sk: person.id } }, conflictMessage: 'Person email collision' }),
      ),
      table.increment(personCounter, 1),
    ],
  };
}
