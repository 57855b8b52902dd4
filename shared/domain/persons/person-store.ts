import * as z from 'zod/mini';
import type { StoredCustomFields } from '../custom-field-values';
import { forTeam } from '../../db/repository';
import type { Stored, TeamIndexKeys, TeamTable, WriteOperation } from '../../db/repository';
import type { IndexName } from '../../db/table';
import { creationSortKey, newId, nowIso } from '../clock';

/**
 * A person as stored. Its item collection `TEAM#<t>#PERSON#<id>` holds the record (`PERSON`), one
 * index item per email (`EMAIL#<lower-cased email>`, see {@link personEmailKey}) and its documents
 * (`DOCUMENT#<ULID>`). The record's indexes (all in the partition `TEAM#<t>#PERSON`) order the team's
 * persons by creation (GSI1, ULID), by last update (GSI2, `<updated_at>#<id>`) and by name (GSI3,
 * `<lower-cased name>#<id>`), so an unfiltered search pages an index whatever its sort.
 */
export interface StoredPerson {
  id: string;
  name: string;
  first_name: string | null;
  last_name: string | null;
  social_url: string | null;
  /** Derived from `social_url` (see {@link socialPublicId}). */
  social_public_id: string | null;
  current_job_title: string | null;
  company_name: string | null;
  social_location: string | null;
  image_url: string | null;
  /** Every email of the person, as given; each is also indexed lower-cased (see {@link personEmailKey}). */
  emails: PersonContactData[];
  phones: PersonContactData[];
  external_source_id: string | null;
  enrich_record: boolean;
  work_experiences: WorkExperience[];
  custom_fields: StoredCustomFields;
  created_at: string;
  updated_at: string;
}

/** One email or phone of a person (specification, "Person"). */
export interface PersonContactData {
  contact_data_type: ContactDataType;
  value: string;
}

export const contactDataTypes = ['work', 'personal', 'mobile', 'other'] as const;
export type ContactDataType = (typeof contactDataTypes)[number];

/** A position a person holds or held. */
export interface WorkExperience {
  id: string;
  company_name: string;
  title: string;
  is_current: boolean;
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

/** The index entries of a person record (see {@link StoredPerson}). */
export function personIndexes(person: Pick<StoredPerson, 'id' | 'name' | 'updated_at'>, createdSort: string): TeamIndexKeys {
  return {
    GSI1: { pk: personPartition, sk: createdSort },
    GSI2: { pk: personPartition, sk: `${person.updated_at}#${person.id}` },
    GSI3: { pk: personPartition, sk: `${person.name.toLowerCase()}#${person.id}` },
  };
}

/** The index that orders the team's persons by each sort column of a search. */
export const personIndexFor = { created_at: 'GSI1', updated_at: 'GSI2', name: 'GSI3' } as const satisfies Record<string, IndexName>;

/** The index partition of every live person of the team (and the name of their counter). */
export const personPartition = 'PERSON';

/** The counter of the team's live persons. */
export const personCounter = personPartition;

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
 * The public id of a social profile URL: the segment after `/in/` or `/pub/` (LinkedIn's shape), else
 * the last path segment; null without a URL or a path.
 * @example socialPublicId('https://www.linkedin.com/in/ada-lovelace/') // 'ada-lovelace'
 */
export function socialPublicId(url: string | null): string | null {
  if (!url) return null;
  let segments: string[];
  try {
    segments = new URL(url).pathname.split('/').filter(Boolean).map((segment) => decodeURIComponent(segment));
  } catch {
    return null;
  }
  const marker = segments.findIndex((segment) => segment === 'in' || segment === 'pub');
  return (marker >= 0 ? segments[marker + 1] : segments.at(-1)) ?? null;
}

/** The distinct lower-cased emails of a person: one index item each. */
export const indexedEmails = (emails: readonly PersonContactData[]) => [...new Set(emails.map((email) => email.value.toLowerCase()))];

/** The write that indexes one lower-cased email of a person (see {@link personEmailKey}). */
export function personEmailIndexWrite(table: TeamTable, personId: string, email: string): WriteOperation {
  return table.create(personEmailKey(personId, email), { person_id: personId, email }, { entity: 'PERSON_EMAIL', indexes: { GSI2: { pk: personEmailPartition(email), sk: personId } }, conflictMessage: 'Person email collision' });
}

export type NewPerson = Partial<Omit<StoredPerson, 'id' | 'social_public_id' | 'created_at' | 'updated_at'>> & { name: string };

/**
 * The writes that store a new person in its indexes (see {@link StoredPerson}), index each distinct
 * lower-cased email (see {@link personEmailKey}) and count it. Callers add the writes of what else
 * the creation does, in the same transaction.
 */
export function personCreateWrites(teamId: string, input: NewPerson): { person: StoredPerson; writes: WriteOperation[] } {
  const now = nowIso();
  const sort = creationSortKey();
  const socialUrl = input.social_url ?? null;
  const person: StoredPerson = {
    id: newId(),
    name: input.name,
    first_name: input.first_name ?? null,
    last_name: input.last_name ?? null,
    social_url: socialUrl,
    social_public_id: socialPublicId(socialUrl),
    current_job_title: input.current_job_title ?? null,
    company_name: input.company_name ?? null,
    social_location: input.social_location ?? null,
    image_url: input.image_url ?? null,
    emails: input.emails ?? [],
    phones: input.phones ?? [],
    external_source_id: input.external_source_id ?? null,
    enrich_record: input.enrich_record ?? false,
    work_experiences: input.work_experiences ?? [],
    custom_fields: input.custom_fields ?? {},
    created_at: now,
    updated_at: now,
  };
  const table = forTeam(teamId);
  return {
    person,
    writes: [
      table.create(personKey(person.id), { ...person, created_sort: sort }, { entity: 'PERSON', indexes: personIndexes(person, sort), conflictMessage: 'Person id collision' }),
      ...indexedEmails(person.emails).map((email) => personEmailIndexWrite(table, person.id, email)),
      table.increment(personCounter, 1),
    ],
  };
}

/** The live persons among `ids` (one `BatchGetItem` per 100), in the order of `ids`. */
export async function getPersonsInOrder(teamId: string, ids: readonly string[]): Promise<Stored<StoredPerson>[]> {
  const persons = await forTeam(teamId).getEach<StoredPerson>(ids.map(personKey));
  return persons.filter((person): person is Stored<StoredPerson> => person !== undefined && !person.deleted_at);
}
