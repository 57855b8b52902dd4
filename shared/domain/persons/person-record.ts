import * as z from 'zod/mini';
import type { Stored } from '../../db/repository';
import { listPersonCandidates } from '../candidates/candidate-store';
import { listPersonClientContacts } from '../client-contacts/client-contact-store';
import { getCompaniesById } from '../companies/company-store';
import { customFieldReferences, customFieldValueSchema, renderCustomFieldValuesWith } from '../custom-field-values';
import { listAllCustomFields } from '../custom-fields';
import { getTeamMembersById } from '../team-members';
import { contactDataTypes } from './person-store';
import type { StoredPerson } from './person-store';

const contactDataSchema = z.object({ contact_data_type: z.enum(contactDataTypes), value: z.string() });

/**
 * A person as `GET /v1/persons/{id}` answers it. Absent values are null; `candidate_ids` are the
 * person's candidacies (oldest first) and `client_contact_id` their most recent live client contact.
 */
export const personSchema = z.object({
  id: z.string(),
  name: z.string(),
  first_name: z.nullable(z.string()),
  last_name: z.nullable(z.string()),
  social_url: z.nullable(z.string()),
  social_public_id: z.nullable(z.string()),
  current_job_title: z.nullable(z.string()),
  company_name: z.nullable(z.string()),
  social_location: z.nullable(z.string()),
  image_url: z.nullable(z.string()),
  emails: z.array(contactDataSchema),
  phones: z.array(contactDataSchema),
  external_source_id: z.nullable(z.string()),
  enrich_record: z.boolean(),
  work_experiences: z.array(z.object({ id: z.string(), company_name: z.string(), title: z.string(), is_current: z.boolean() })),
  candidate_ids: z.array(z.string()),
  client_contact_id: z.nullable(z.string()),
  custom_fields: z.array(customFieldValueSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Person = z.infer<typeof personSchema>;

/** A row of `POST /v1/persons/search`: the person without the links that cost a read per row. */
export const personRowSchema = z.omit(personSchema, { candidate_ids: true, client_contact_id: true });
export type PersonRow = z.infer<typeof personRowSchema>;

/**
 * The person `POST /v0/persons` answers (specification, "Person"): every field is a string, so an
 * absent value is `''`; `candidate_id` and `client_contact_id` are filled when the call created them.
 */
export const createdPersonSchema = z.object({
  id: z.string(),
  name: z.string(),
  social_public_id: z.string(),
  current_job_title: z.string(),
  company_name: z.string(),
  emails: z.array(contactDataSchema),
  social_location: z.string(),
  phones: z.array(contactDataSchema),
  candidate_id: z.string(),
  client_contact_id: z.string(),
  external_source_id: z.string(),
});
export type CreatedPerson = z.infer<typeof createdPersonSchema>;

export function toCreatedPerson(person: StoredPerson, links: { candidateId: string | null; clientContactId: string | null }): CreatedPerson {
  return {
    id: person.id,
    name: person.name,
    social_public_id: person.social_public_id ?? '',
    current_job_title: person.current_job_title ?? '',
    company_name: person.company_name ?? '',
    emails: person.emails,
    social_location: person.social_location ?? '',
    phones: person.phones,
    candidate_id: links.candidateId ?? '',
    client_contact_id: links.clientContactId ?? '',
    external_source_id: person.external_source_id ?? '',
  };
}

/**
 * Renders persons as search rows: custom field values need the person definitions and the members
 * and companies they name, read once for the whole page (one `Query` and one batch of each).
 * Records stored before a field existed read it as absent.
 */
export async function renderPersonRows(teamId: string, persons: readonly StoredPerson[]): Promise<PersonRow[]> {
  const references = persons.map((person) => customFieldReferences(person.custom_fields));
  const anyValues = references.some((reference) => reference.attributeIds.length > 0);
  const [definitions, members, companies] = anyValues
    ? await Promise.all([
        listAllCustomFields(teamId, 'persons'),
        getTeamMembersById(teamId, references.flatMap((reference) => reference.memberIds)),
        getCompaniesById(teamId, references.flatMap((reference) => reference.companyIds)),
      ])
    : [[], new Map(), new Map()];
  return persons.map((person) => ({
    id: person.id,
    name: person.name,
    first_name: person.first_name ?? null,
    last_name: person.last_name ?? null,
    social_url: person.social_url ?? null,
    social_public_id: person.social_public_id ?? null,
    current_job_title: person.current_job_title ?? null,
    company_name: person.company_name ?? null,
    social_location: person.social_location ?? null,
    image_url: person.image_url ?? null,
    emails: person.emails ?? [],
    phones: person.phones ?? [],
    external_source_id: person.external_source_id ?? null,
    enrich_record: person.enrich_record ?? false,
    work_experiences: person.work_experiences ?? [],
    custom_fields: renderCustomFieldValuesWith(person.custom_fields, definitions, members, companies),
    created_at: person.created_at,
    updated_at: person.updated_at,
  }));
}

/** The full record of one person: its row plus its candidacies and client contact (two small `Query`s). */
export async function renderPerson(teamId: string, person: Stored<StoredPerson>): Promise<Person> {
  const [[row], candidates, contacts] = await Promise.all([renderPersonRows(teamId, [person]), listPersonCandidates(teamId, person.id), listPersonClientContacts(teamId, person.id)]);
  return {
    ...(row as PersonRow),
    candidate_ids: candidates.map((candidate) => candidate.id),
    client_contact_id: contacts.at(-1)?.id ?? null,
  };
}
