import * as z from 'zod/mini';
import { liveDefault } from '../configuration/configuration-list';
import { eventWrite } from '../../events/event-outbox';
import type { Principal } from '../../auth/scopes';
import { counterKey, forTeam, splitMeta } from '../../db/repository';
import type { Stored } from '../../db/repository';
import { NotFoundError, ValidationError } from '../../http/errors';
import type { ErrorDetail } from '../../http/errors';
import { creationSortKey, newId, nowIso } from '../clock';
import { findCompany } from '../companies/company-store';
import { jobRoles } from '../configuration/job-roles';
import { jobStatuses } from '../configuration/job-statuses';
import { pipelineTemplateStages } from '../configuration/pipeline-template';
import { applyCustomFieldWrites, customFieldsInput } from '../custom-field-values';
import { currencyCode, displayName, pageBodyShape, sortOrder, uniqueIds } from '../schemas';
import { getTeamMembersById } from '../team-members';
import { clientContactKey } from '../client-contacts/client-contact-store';
import type { StoredClientContact } from '../client-contacts/client-contact-store';
import { renderJobs, sectionsFor } from './job-record';
import type { Job } from './job-record';
import { findJob, jobCounter, jobIndexes, jobKey, readJobCollection, stageCandidateCounter } from './job-store';
import type { PipelineStage, Retainer, StoredJob } from './job-store';

const optionalText = (max: number) => z.optional(z.nullable(z.string().check(z.maxLength(max))));
const money = () => z.optional(z.nullable(z.number().check(z.minimum(0))));
// Re-exported for callers written before it moved to schemas.ts; import it from there.
export { currencyCode } from '../schemas';

const stageInput = z.strictObject({
  /** An existing stage of this job: kept, with its candidates (update only). */
  id: z.optional(z.uuid()),
  name: displayName(),
  is_rejection_stage: z.optional(z.boolean()),
  is_interviewing_stage: z.optional(z.boolean()),
});

const retainerInput = z.strictObject({
  fee_type: z._default(z.enum(['percentage', 'flat']), 'percentage'),
  fee_base: z._default(z.enum(['first_year_salary', 'base_salary', 'total_compensation']), 'first_year_salary'),
  fee_percentage: z.optional(z.nullable(z.number().check(z.minimum(0), z.maximum(100)))),
  flat_fee: money(),
  estimated_compensation: money(),
  installment_count: z._default(z.number().check(z.int(), z.minimum(1), z.maximum(24)), 1),
  final_payment_type: z._default(z.enum(['on_placement', 'on_start', 'on_guarantee_end']), 'on_placement'),
  currency_code: z.optional(currencyCode()),
});

/** The writable fields of a job (extensions.md section 3), shared by create and update. */
const jobFields = {
  is_archived: z.optional(z.boolean()),
  client_company_id: z.optional(z.nullable(z.uuid())),
  job_status_id: z.optional(z.uuid()),
  location: optionalText(500),
  primary_url: optionalText(2048),
  job_function: optionalText(200),
  open_date: z.optional(z.nullable(z.iso.date())),
  end_date: z.optional(z.nullable(z.iso.date())),
  currency_code: z.optional(currencyCode()),
  salary_min: money(),
  salary_max: money(),
  salary_details: optionalText(2000),
  billing_contact_name: optionalText(200),
  billing_contact_email: z.optional(z.nullable(z.email())),
  fee: money(),
  description: optionalText(50_000),
  /** In display order; replaces the pipeline (stages given with `id` keep their candidates). */
  pipeline_stages: z.optional(z.array(stageInput).check(z.minLength(1), z.maxLength(30))),
  team_members: z.optional(z.array(z.strictObject({ team_member_id: z.uuid(), role_id: z.uuid() })).check(z.maxLength(30))),
  client_contact_ids: z.optional(z.array(z.uuid()).check(z.maxLength(30))),
  custom_fields: z.optional(customFieldsInput),
  retainer: z.optional(z.nullable(retainerInput)),
};

export const createJobBody = z.strictObject({ name: displayName(), ...jobFields });
export const updateJobBody = z.strictObject({ name: z.optional(displayName()), ...jobFields });
type JobInput = z.output<typeof updateJobBody>;

export const searchJobsBody = z.strictObject({
  ...pageBodyShape,
  keywords: z.optional(z.array(z.string().check(z.minLength(1), z.maxLength(200))).check(z.maxLength(20))),
  job_status_ids: z.optional(z.array(z.uuid()).check(z.maxLength(100))),
  client_company_id: z.optional(z.uuid()),
  is_archived: z.optional(z.boolean()),
  sort_by: z._default(z.enum(['created_at', 'updated_at', 'name']), 'created_at'),
  sort_order: sortOrder(),
});

const changedConcurrently = 'The job changed concurrently; retry';

function refuse(details: ErrorDetail[]): void {
  if (details.length) throw new ValidationError(details.length === 1 ? `Invalid job: ${(details[0] as ErrorDetail).message}` : `Invalid job: ${details.length} problems, see details`, details);
}

/**
 * Merges `input` into `current` (or a new job) and checks what needs the database: status, roles,
 * members, company and client contacts exist; salary bounds are ordered; stage ids are the job's.
 * Stages get their order from their position. Every problem is reported at once.
 */
async function applyJobInput(teamId: string, current: StoredJob | undefined, input: JobInput, now: string): Promise<{ job: StoredJob; removedStages: PipelineStage[] }> {
  const details: ErrorDetail[] = [];
  const [statuses, roles, template, members, company, contacts] = await Promise.all([
    jobStatuses.lookup(teamId),
    input.team_members?.length ? jobRoles.lookup(teamId) : Promise.resolve(new Map()),
    current || input.pipeline_stages ? Promise.resolve([]) : pipelineTemplateStages.list(teamId),
    getTeamMembersById(teamId, (input.team_members ?? []).map((member) => member.team_member_id)),
    input.client_company_id ? findCompany(teamId, input.client_company_id) : Promise.resolve(undefined),
    input.client_contact_ids?.length ? forTeam(teamId).getMany<StoredClientContact>(uniqueIds(input.client_contact_ids).map(clientContactKey)) : Promise.resolve([]),
  ]);

  const base: StoredJob = current ?? {
    id: newId(),
    name: '',
    is_archived: false,
    client_company_id: null,
    job_status_id: liveDefault(statuses)?.id ?? null,
    location: null,
    primary_url: null,
    job_function: null,
    open_date: now.slice(0, 10),
    end_date: null,
    currency_code: 'USD',
    salary_min: null,
    salary_max: null,
    salary_details: null,
    billing_contact_name: null,
    billing_contact_email: null,
    fee: null,
    description: null,
    pipeline_stages: template.map((stage) => ({ id: newId(), name: stage.name, stage_order: stage.stage_order, is_rejection_stage: stage.is_rejection_stage, is_interviewing_stage: stage.is_interviewing_stage })),
    stage_ids: [],
    team_members: [],
    client_contacts: [],
    retainer: null,
    custom_fields: {},
    candidate_count: 0,
    created_at: now,
    updated_at: now,
  };
  const job: StoredJob = { ...base, updated_at: now };
  for (const field of ['name', 'is_archived', 'client_company_id', 'location', 'primary_url', 'job_function', 'open_date', 'end_date', 'currency_code', 'salary_min', 'salary_max', 'salary_details', 'billing_contact_name', 'billing_contact_email', 'fee', 'description'] as const) {
    if (input[field] !== undefined) (job as unknown as Record<string, unknown>)[field] = input[field];
  }

  if (input.job_status_id !== undefined) {
    const status = statuses.get(input.job_status_id);
    if (!status || status.deleted) details.push({ path: 'body.job_status_id', message: 'Not a job status of this team' });
    job.job_status_id = input.job_status_id;
  }
  if (input.client_company_id && !company) details.push({ path: 'body.client_company_id', message: 'Not a company of this team' });
  if (job.salary_min !== null && job.salary_max !== null && job.salary_min > job.salary_max) details.push({ path: 'body.salary_max', message: 'salary_max must not be below salary_min' });
  if (job.open_date && job.end_date && job.end_date < job.open_date) details.push({ path: 'body.end_date', message: 'end_date must not be before open_date' });

  if (input.team_members !== undefined) {
    const seen = new Set<string>();
    input.team_members.forEach((entry, index) => {
      if (!members.has(entry.team_member_id)) details.push({ path: `body.team_members.${index}.team_member_id`, message: 'Not a member of this team' });
      const role = roles.get(entry.role_id);
      if (!role || role.deleted) details.push({ path: `body.team_members.${index}.role_id`, message: 'Not a job role of this team' });
      if (seen.has(entry.team_member_id)) details.push({ path: `body.team_members.${index}.team_member_id`, message: 'This member is listed twice' });
      seen.add(entry.team_member_id);
    });
    job.team_members = input.team_members.map((entry) => ({ team_member_id: entry.team_member_id, role_id: entry.role_id }));
  }

  if (input.client_contact_ids !== undefined) {
    const live = new Map(contacts.filter((contact) => !contact.deleted_at).map((contact) => [contact.id, contact]));
    const kept = new Map(base.client_contacts.map((link) => [link.client_contact_id, link]));
    job.client_contacts = uniqueIds(input.client_contact_ids).flatMap((contactId) => {
      const contact = live.get(contactId);
      if (!contact) {
        details.push({ path: 'body.client_contact_ids', message: `Not a client contact of this team: ${contactId}` });
        return [];
      }
      return [kept.get(contactId) ?? { id: newId(), client_contact_id: contactId, person_id: contact.person_id }];
    });
  }

  let removedStages: PipelineStage[] = [];
  if (input.pipeline_stages !== undefined) {
    const existing = new Map(base.pipeline_stages.map((stage) => [stage.id, stage]));
    const names = new Set<string>();
    job.pipeline_stages = input.pipeline_stages.map((stage, index) => {
      if (stage.id && !existing.has(stage.id)) details.push({ path: `body.pipeline_stages.${index}.id`, message: 'Not a stage of this job' });
      const key = stage.name.trim().toLowerCase();
      if (names.has(key)) details.push({ path: `body.pipeline_stages.${index}.name`, message: 'Stage names must be unique within a job' });
      names.add(key);
      return { id: stage.id ?? newId(), name: stage.name, stage_order: index + 1, is_rejection_stage: stage.is_rejection_stage ?? false, is_interviewing_stage: stage.is_interviewing_stage ?? false };
    });
    const keptIds = new Set(job.pipeline_stages.map((stage) => stage.id));
    removedStages = base.pipeline_stages.filter((stage) => !keptIds.has(stage.id));
  }

  if (input.retainer !== undefined) {
    job.retainer = input.retainer && ({
      id: base.retainer?.id ?? newId(),
      fee_type: input.retainer.fee_type,
      fee_base: input.retainer.fee_base,
      fee_percentage: input.retainer.fee_percentage ?? null,
      flat_fee: input.retainer.flat_fee ?? null,
      estimated_compensation: input.retainer.estimated_compensation ?? null,
      installment_count: input.retainer.installment_count,
      final_payment_type: input.retainer.final_payment_type,
      currency_code: input.retainer.currency_code ?? job.currency_code,
    } satisfies Retainer);
    if (job.retainer?.fee_type === 'flat' && job.retainer.flat_fee === null) details.push({ path: 'body.retainer.flat_fee', message: 'A flat retainer needs flat_fee' });
  }

  refuse(details);
  job.stage_ids = job.pipeline_stages.map((stage) => stage.id);
  if (input.custom_fields) job.custom_fields = await applyCustomFieldWrites(teamId, 'jobs', input.custom_fields, base.custom_fields);
  return { job, removedStages };
}

async function readJob(teamId: string, id: string): Promise<Stored<StoredJob>> {
  const job = await findJob(teamId, id);
  if (!job) throw new NotFoundError('Job');
  return job;
}

/**
 * `GET /v1/jobs/{id}`: the full record from one `Query` of the job's collection and one
 * `BatchGetItem` of what it references; sections the principal cannot see are omitted.
 */
export async function getJob(principal: Principal, id: string): Promise<Job> {
  const collection = await readJobCollection(principal.teamId, id);
  if (!collection) throw new NotFoundError('Job');
  const [job] = await renderJobs(principal.teamId, [collection as never], sectionsFor(principal));
  return job as Job;
}

/** Creates a job (the team's default status and pipeline template unless given) and counts it. */
export async function createJob(principal: Principal, input: z.output<typeof createJobBody>): Promise<Job> {
  const { job } = await applyJobInput(principal.teamId, undefined, input, nowIso());
  const table = forTeam(principal.teamId);
  const sort = creationSortKey();
  await table.write([
    table.create(jobKey(job.id), { ...job, created_sort: sort }, { entity: 'JOB', indexes: jobIndexes(job, sort), conflictMessage: 'Job id collision' }),
    table.increment(jobCounter, 1),
    eventWrite(table, { type: 'job.created', subject: 'job', snapshot: job, timestamp: job.created_at }),
  ]);
  return getJob(principal, job.id);
}

/**
 * Changes the fields given. A stage can leave the pipeline only when no candidate is in it (409
 * otherwise): the update requires each removed stage's candidate counter to be zero in the same
 * transaction, while candidate writes require their stage to be in the job's `stage_ids`.
 */
export async function updateJob(principal: Principal, id: string, input: JobInput): Promise<Job> {
  const current = await readJob(principal.teamId, id);
  const { record, meta } = splitMeta(current);
  const { job, removedStages } = await applyJobInput(principal.teamId, record, input, nowIso());
  const table = forTeam(principal.teamId);
  const { id: _id, created_at: _created, candidate_count: _count, ...changes } = job;
  await table.write([
    table.update(jobKey(id), meta.version, changes, { conflictMessage: changedConcurrently, indexes: jobIndexes(job, meta.created_sort as string) }),
    ...removedStages.map((stage) =>
      table.check(counterKey(stageCandidateCounter(stage.id)), { expression: 'attribute_not_exists(#count) OR #count = :zero', names: { '#count': 'count' }, values: { ':zero': 0 } }, {
        conflictMessage: `The stage "${stage.name}" still has candidates; move them before removing it`,
      }),
    ),
    eventWrite(table, { type: 'job.updated', subject: 'job', snapshot: { ...job, candidate_count: record.candidate_count }, timestamp: job.updated_at }),
    ...(job.job_status_id !== record.job_status_id
      ? [eventWrite(table, { type: 'job.status_changed', subject: 'job', snapshot: { ...job, candidate_count: record.candidate_count }, extra: { previous_job_status_id: record.job_status_id }, timestamp: job.updated_at })]
      : []),
  ]);
  return getJob(principal, id);
}

/**
 * `POST /v1/jobs/search`: filters the team's jobs in memory (keywords are case-insensitive
 * substrings of the name, all must match), sorts and pages; rows are job records without
 * linked deals, fees and custom fields. Reads every job of the team once (GSI1).
 */
export async function searchJobs(teamId: string, query: z.output<typeof searchJobsBody>): Promise<{ items: Job[]; total: number }> {
  const keywords = (query.keywords ?? []).map((keyword) => keyword.toLowerCase());
  const statusIds = query.job_status_ids && new Set(query.job_status_ids);
  const jobs = (await forTeam(teamId).queryIndex<StoredJob>({ index: 'GSI1', pk: 'JOB' })).filter(
    (job) =>
      !job.deleted_at &&
      keywords.every((keyword) => job.name.toLowerCase().includes(keyword)) &&
      (!statusIds || (job.job_status_id !== null && statusIds.has(job.job_status_id))) &&
      (query.client_company_id === undefined || job.client_company_id === query.client_company_id) &&
      (query.is_archived === undefined || job.is_archived === query.is_archived),
  );
  const direction = query.sort_order === 'asc' ? 1 : -1;
  // Built per search, not at import: an ICU collator costs ~13 ms to set up on a cold start.
  const collator = new Intl.Collator('en', { sensitivity: 'base' });
  const key = (job: Stored<StoredJob>) => (query.sort_by === 'created_at' ? (job.created_sort ?? job.created_at) : job.updated_at);
  jobs.sort((a, b) => {
    const primary = query.sort_by === 'name' ? collator.compare(a.name, b.name) : key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;
    return (primary || (a.id < b.id ? -1 : 1)) * direction;
  });
  const page = jobs.slice(query.offset, query.offset + query.limit);
  return { items: await renderJobs(teamId, page.map((job) => ({ job })), { linkedDeals: false, fees: false, customFields: false }), total: jobs.length };
}
