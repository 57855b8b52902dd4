import * as z from 'zod/mini';
import { liveDefault } from '../configuration/configuration-list';
import type { Principal } from '../../auth/scopes';
import { forTeam } from '../../db/repository';
import type { Stored, WriteOperation } from '../../db/repository';
import { NotFoundError, ValidationError } from '../../http/errors';
import { resolveActor } from '../actor';
import { candidateCreateWrites } from '../candidates/candidate-store';
import { clientContactCreateWrites } from '../client-contacts/client-contact-store';
import { newId, nowIso } from '../clock';
import { findCompaniesByName, findCompany } from '../companies/company-store';
import type { StoredCompany } from '../companies/company-store';
import { personActivityTypes } from '../configuration/activity-types';
import { clientContactStatuses } from '../configuration/client-contact-statuses';
import { findJob, findJobsByName } from '../jobs/job-store';
import type { StoredJob } from '../jobs/job-store';
import { personActivityLog } from './person-activities';
import { toCreatedPerson } from './person-record';
import type { CreatedPerson } from './person-record';
import { personCreateWrites } from './person-store';
import { eventWrite } from '../../events/event-outbox';
import type { PersonContactData, WorkExperience } from './person-store';

const text = (max: number) => z.optional(z.string().check(z.maxLength(max)));
const email = () => z.email().check(z.maxLength(320));
const phone = () => z.string().check(z.minLength(1), z.maxLength(50));

/**
 * `POST /v0/persons` (specification, "POST {base_url}/v0/persons"). Only `name` is required. The
 * arrays are capped so that everything the call creates fits one transaction.
 */
export const createPersonBody = z.strictObject({
  name: z.string().check(z.minLength(1), z.maxLength(200)),
  social_url: z.optional(z.url().check(z.maxLength(2000))),
  first_name: text(200),
  last_name: text(200),
  current_job_title: text(200),
  social_location: text(200),
  company_name: text(200),
  emails: z.optional(z.array(email()).check(z.maxLength(20))),
  work_email: z.optional(email()),
  work_phone: z.optional(phone()),
  personal_email: z.optional(email()),
  mobile_phone: z.optional(phone()),
  phone_numbers: z.optional(z.array(phone()).check(z.maxLength(20))),
  notes: z.optional(z.string().check(z.minLength(1), z.maxLength(100_000))),
  job_id: z.optional(z.uuid()),
  job_name: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  client_name: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  client_id: z.optional(z.uuid()),
  external_source_id: text(200),
  enrich_record: z.optional(z.boolean()),
});
export type CreatePersonInput = z.output<typeof createPersonBody>;

/** The note type initial notes are logged with (a built-in, protected type of every team). */
const initialNoteType = 'secondary_note';

/**
 * Contact details with their types, first mention kept: `work_email` (work), `personal_email`
 * (personal), then `emails` (other); `work_phone` (work), `mobile_phone` (mobile), then
 * `phone_numbers` (other). Emails repeat case-insensitively, phones exactly.
 */
export function contactDetails(input: CreatePersonInput): { emails: PersonContactData[]; phones: PersonContactData[] } {
  const collect = (entries: [PersonContactData['contact_data_type'], string | undefined][], normalise: (value: string) => string) => {
    const seen = new Set<string>();
    const details: PersonContactData[] = [];
    for (const [type, value] of entries) {
      if (value === undefined || seen.has(normalise(value))) continue;
      seen.add(normalise(value));
      details.push({ contact_data_type: type, value });
    }
    return details;
  };
  return {
    emails: collect([['work', input.work_email], ['personal', input.personal_email], ...(input.emails ?? []).map((value) => ['other', value] as [PersonContactData['contact_data_type'], string])], (value) => value.toLowerCase()),
    phones: collect([['work', input.work_phone], ['mobile', input.mobile_phone], ...(input.phone_numbers ?? []).map((value) => ['other', value] as [PersonContactData['contact_data_type'], string])], (value) => value),
  };
}

const capitalised = (noun: string) => noun.charAt(0).toUpperCase() + noun.slice(1);

/**
 * One record named by id and/or name. Both given must name the same record; a name must match
 * exactly one (case-insensitively; `prefer` breaks a tie when it leaves exactly one).
 */
async function resolveNamed<T extends { id: string }>(
  what: { noun: string; idField: string; nameField: string },
  id: string | undefined,
  name: string | undefined,
  lookup: { byId: (id: string) => Promise<T | undefined>; byName: (name: string) => Promise<T[]>; prefer?: (record: T) => boolean },
): Promise<T | undefined> {
  if (id === undefined && name === undefined) return undefined;
  const [byId, byName] = await Promise.all([id === undefined ? undefined : lookup.byId(id), name === undefined ? undefined : lookup.byName(name)]);
  if (id !== undefined) {
    if (!byId) throw new NotFoundError(`${capitalised(what.noun)} ${id} (${what.idField})`);
    if (byName && !byName.some((record) => record.id === byId.id)) {
      throw new ValidationError(`${what.idField} and ${what.nameField} name different ${what.noun}s`, [{ path: `body.${what.nameField}`, message: `Not the name of ${what.idField}` }]);
    }
    return byId;
  }
  const matches = byName ?? [];
  if (!matches.length) throw new NotFoundError(`${capitalised(what.noun)} named "${name}" (${what.nameField})`);
  if (matches.length === 1) return matches[0];
  const preferred = lookup.prefer ? matches.filter(lookup.prefer) : [];
  if (preferred.length === 1) return preferred[0];
  throw new ValidationError(`${matches.length} ${what.noun}s are named "${name}"; give ${what.idField}`, [{ path: `body.${what.nameField}`, message: `Ambiguous: ${matches.map((record) => record.id).join(', ')}` }]);
}

/**
 * Creates a person with every effect the body asks for, all in ONE transaction, so either all of it
 * exists afterwards or none of it does:
 * 1. a current work experience when `company_name` and `current_job_title` are both given;
 * 2. a candidacy in the first stage of the job named by `job_id` / `job_name`;
 * 3. a client contact (with the team's default status) of the company named by `client_id` / `client_name`;
 * 4. every email and phone as contact details with their types (emails also indexed for lookups);
 * 5. `notes` as a person activity of type `secondary_note`.
 * A job or client named but not found is a 404 and nothing is written.
 */
export async function createPerson(principal: Principal, input: CreatePersonInput): Promise<CreatedPerson> {
  const teamId = principal.teamId;
  const [job, client, actorId, statuses, activityTypes] = await Promise.all([
    resolveNamed<Stored<StoredJob>>({ noun: 'job', idField: 'job_id', nameField: 'job_name' }, input.job_id, input.job_name, {
      byId: (id) => findJob(teamId, id),
      byName: (name) => findJobsByName(teamId, name),
    }),
    resolveNamed<Stored<StoredCompany>>({ noun: 'client company', idField: 'client_id', nameField: 'client_name' }, input.client_id, input.client_name, {
      byId: (id) => findCompany(teamId, id),
      byName: (name) => findCompaniesByName(teamId, name),
      prefer: (company) => company.is_client,
    }),
    resolveActor(principal, undefined),
    input.client_id !== undefined || input.client_name !== undefined ? clientContactStatuses.lookup(teamId) : undefined,
    input.notes !== undefined ? personActivityTypes.lookup(teamId) : undefined,
  ]);
  if (job && !job.pipeline_stages.length) {
    throw new ValidationError('The job has no pipeline stage to place the candidate in', [{ path: input.job_id ? 'body.job_id' : 'body.job_name', message: 'The job has no pipeline stages' }]);
  }
  const noteType = activityTypes?.get(initialNoteType);
  if (activityTypes && (!noteType || noteType.deleted)) throw new Error(`Team ${teamId} lacks the built-in ${initialNoteType} activity type`);

  const workExperiences: WorkExperience[] =
    input.company_name && input.current_job_title ? [{ id: newId(), company_name: input.company_name, title: input.current_job_title, is_current: true }] : [];
  const { person, writes: personWrites } = personCreateWrites(teamId, {
    name: input.name,
    first_name: input.first_name ?? null,
    last_name: input.last_name ?? null,
    social_url: input.social_url ?? null,
    current_job_title: input.current_job_title ?? null,
    company_name: input.company_name ?? null,
    social_location: input.social_location ?? null,
    external_source_id: input.external_source_id ?? null,
    enrich_record: input.enrich_record ?? false,
    ...contactDetails(input),
    work_experiences: workExperiences,
  });

  const table = forTeam(teamId);
  const writes: WriteOperation[] = [...personWrites, eventWrite(table, { type: 'person.created', subject: 'person', snapshot: person, timestamp: person.created_at })];
  const candidacy = job ? candidateCreateWrites(teamId, { person, job, actorId }) : undefined;
  const contact = client
    ? clientContactCreateWrites(teamId, {
        person_id: person.id,
        client_id: client.id,
        client_contact_status_id: liveDefault(statuses)?.id ?? null,
        owner_ids: [],
        personCreatedAlongside: true,
      })
    : undefined;
  const note = input.notes !== undefined ? personActivityLog.writesFor(table, { subjectId: person.id, activityType: initialNoteType, content: input.notes, actorId, now: nowIso() }) : undefined;
  writes.push(...(candidacy?.writes ?? []), ...(contact?.writes ?? []), ...(note?.writes ?? []));
  await table.write(writes);
  return toCreatedPerson(person, { candidateId: candidacy?.candidate.id ?? null, clientContactId: contact?.contact.id ?? null });
}
