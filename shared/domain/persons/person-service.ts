import * as z from 'zod/mini';
import { forTeam, splitMeta } from '../../db/repository';
import type { Stored, WriteOperation } from '../../db/repository';
import { NotFoundError, ValidationError } from '../../http/errors';
import { newId, nowIso } from '../clock';
import { applyCustomFieldWrites, customFieldsInput } from '../custom-field-values';
import { renderPerson } from './person-record';
import { eventWrite } from '../../events/event-outbox';
import type { Person } from './person-record';
import { contactDataTypes, findPerson, indexedEmails, personEmailIndexWrite, personEmailKey, personIndexes, personKey, socialPublicId } from './person-store';
import type { PersonContactData, StoredPerson, WorkExperience } from './person-store';

const nullableText = (max: number) => z.optional(z.nullable(z.string().check(z.maxLength(max))));

/**
 * `PATCH /v1/persons/{id}`: the fields given change, the others stay. `emails`, `phones` and
 * `work_experiences` replace the whole list (a work experience keeps its `id` when given one of the
 * person's); `custom_fields` changes only the attributes it names.
 */
export const updatePersonBody = z.strictObject({
  name: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  first_name: nullableText(200),
  last_name: nullableText(200),
  social_url: z.optional(z.nullable(z.url().check(z.maxLength(2000)))),
  current_job_title: nullableText(200),
  company_name: nullableText(200),
  social_location: nullableText(200),
  image_url: z.optional(z.nullable(z.url().check(z.maxLength(2000)))),
  external_source_id: nullableText(200),
  enrich_record: z.optional(z.boolean()),
  emails: z.optional(z.array(z.strictObject({ contact_data_type: z.enum(contactDataTypes), value: z.email().check(z.maxLength(320)) })).check(z.maxLength(40))),
  phones: z.optional(z.array(z.strictObject({ contact_data_type: z.enum(contactDataTypes), value: z.string().check(z.minLength(1), z.maxLength(50)) })).check(z.maxLength(40))),
  work_experiences: z.optional(
    z.array(z.strictObject({ id: z.optional(z.uuid()), company_name: z.string().check(z.minLength(1), z.maxLength(200)), title: z.string().check(z.minLength(1), z.maxLength(200)), is_current: z._default(z.boolean(), false) })).check(z.maxLength(50)),
  ),
  custom_fields: z.optional(customFieldsInput),
});
export type UpdatePersonInput = z.output<typeof updatePersonBody>;

const changedConcurrently = 'The person changed concurrently; retry';

async function readPerson(teamId: string, id: string): Promise<Stored<StoredPerson>> {
  const person = await findPerson(teamId, id);
  if (!person) throw new NotFoundError('Person');
  return person;
}

/** `GET /v1/persons/{id}`. */
export async function getPerson(teamId: string, id: string): Promise<Person> {
  return renderPerson(teamId, await readPerson(teamId, id));
}

/** The first of each repeated value (emails case-insensitively, phones exactly). */
function distinct(details: readonly PersonContactData[], normalise: (value: string) => string): PersonContactData[] {
  const seen = new Set<string>();
  return details.filter((detail) => !seen.has(normalise(detail.value)) && seen.add(normalise(detail.value)));
}

/** New work experiences get ids; an `id` given must be one of the person's (else a 400). */
function nextWorkExperiences(current: readonly WorkExperience[], given: NonNullable<UpdatePersonInput['work_experiences']>): WorkExperience[] {
  const known = new Set(current.map((experience) => experience.id));
  const unknown = given.map((experience, index) => ({ experience, index })).filter(({ experience }) => experience.id !== undefined && !known.has(experience.id));
  if (unknown.length) {
    throw new ValidationError('A work experience id is not one of the person\'s', unknown.map(({ index }) => ({ path: `body.work_experiences.${index}.id`, message: 'Not a work experience of this person; leave id out to add one' })));
  }
  return given.map((experience) => ({ id: experience.id ?? newId(), company_name: experience.company_name, title: experience.title, is_current: experience.is_current }));
}

/**
 * Changes a person at the version read (409 when somebody changed it meanwhile). The record moves in
 * its update and name indexes, and the email index items follow the emails, in the same transaction.
 */
export async function updatePerson(teamId: string, id: string, input: UpdatePersonInput): Promise<Person> {
  const current = await readPerson(teamId, id);
  const { record, meta } = splitMeta(current);
  const customFields = input.custom_fields ? await applyCustomFieldWrites(teamId, 'persons', input.custom_fields, record.custom_fields ?? {}) : (record.custom_fields ?? {});
  const { custom_fields: _entries, emails, phones, work_experiences: workExperiences, ...fields } = input;
  const next: StoredPerson = {
    ...record,
    ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)),
    emails: emails ? distinct(emails, (value) => value.toLowerCase()) : (record.emails ?? []),
    phones: phones ? distinct(phones, (value) => value) : (record.phones ?? []),
    work_experiences: workExperiences ? nextWorkExperiences(record.work_experiences ?? [], workExperiences) : (record.work_experiences ?? []),
    custom_fields: customFields,
    updated_at: nowIso(),
  };
  next.social_public_id = socialPublicId(next.social_url ?? null);

  const table = forTeam(teamId);
  const before = new Set(indexedEmails(record.emails ?? []));
  const after = new Set(indexedEmails(next.emails));
  const { id: _id, created_at: _created, ...changes } = next;
  const writes: WriteOperation[] = [
    table.update(personKey(id), meta.version, changes, { conflictMessage: changedConcurrently, indexes: personIndexes(next, meta.created_sort as string) }),
    ...[...before].filter((email) => !after.has(email)).map((email) => table.remove(personEmailKey(id, email))),
    ...[...after].filter((email) => !before.has(email)).map((email) => personEmailIndexWrite(table, id, email)),
    eventWrite(table, { type: 'person.updated', subject: 'person', snapshot: next, timestamp: next.updated_at }),
  ];
  await table.write(writes);
  return renderPerson(teamId, { ...next, ...meta, version: meta.version + 1 });
}
