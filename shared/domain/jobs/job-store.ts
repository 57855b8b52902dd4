import { forTeam } from '../../db/repository';
import type { Stored } from '../../db/repository';
import type { StoredCustomFieldValue } from '../companies/company-store';

/**
 * A job and everything that belongs to it live in one item collection, `TEAM#<t>#JOB#<jobId>`, so
 * `GET /v1/jobs/{id}` is one `Query` (plus one `BatchGetItem` for what it references by key):
 *
 * | SK                   | item                                                                 |
 * |----------------------|----------------------------------------------------------------------|
 * | `DEAL#<dealJobId>`   | a deal linked to the job, with a snapshot of the deal (deals keep it current) |
 * | `FEE_EVENT#<id>`     | a fee event                                                           |
 * | `JOB`                | the job: fields, pipeline stages, team members, client contact links, retainer, candidate count |
 * | `TARGET#<companyId>` | a target company                                                      |
 *
 * Stages, team members and client contacts are small bounded lists edited with the job, so they
 * are part of the job item and every edit of them is one conditional write.
 */

export interface PipelineStage {
  id: string;
  name: string;
  stage_order: number;
  is_rejection_stage: boolean;
  is_interviewing_stage: boolean;
}

export interface JobTeamMember {
  team_member_id: string;
  role_id: string;
}

export interface JobClientContactLink {
  /** The link's own id. */
  id: string;
  client_contact_id: string;
  person_id: string;
}

export interface Retainer {
  id: string;
  fee_type: 'percentage' | 'flat';
  fee_base: 'first_year_salary' | 'base_salary' | 'total_compensation';
  fee_percentage: number | null;
  /** For `flat` retainers: the fee itself. */
  flat_fee: number | null;
  estimated_compensation: number | null;
  installment_count: number;
  final_payment_type: 'on_placement' | 'on_start' | 'on_guarantee_end';
  currency_code: string;
}

export interface StoredJob {
  id: string;
  name: string;
  is_archived: boolean;
  client_company_id: string | null;
  job_status_id: string | null;
  location: string | null;
  primary_url: string | null;
  job_function: string | null;
  open_date: string | null;
  end_date: string | null;
  currency_code: string;
  salary_min: number | null;
  salary_max: number | null;
  salary_details: string | null;
  billing_contact_name: string | null;
  billing_contact_email: string | null;
  fee: number | null;
  description: string | null;
  pipeline_stages: PipelineStage[];
  /** The ids of `pipeline_stages`, so candidate writes can require their stage in a condition. */
  stage_ids: string[];
  team_members: JobTeamMember[];
  client_contacts: JobClientContactLink[];
  retainer: Retainer | null;
  custom_fields: Record<string, StoredCustomFieldValue>;
  /** Kept by candidate creation and deletion, in their transactions. */
  candidate_count: number;
  created_at: string;
  updated_at: string;
}

/** A deal linked to a job (`deal_job_id` is the link), with the deal's current name, amount and status. */
export interface StoredDealLink {
  deal_job_id: string;
  deal_id: string;
  job_id: string;
  name: string;
  amount: number | null;
  currency_code: string;
  deal_status_id: string;
}

/** A company on a job's target list. */
export interface StoredTargetCompany {
  job_id: string;
  company_id: string;
  created_at: string;
}

const jobPartition = (jobId: string) => `JOB#${jobId}`;

/** Key of a job record: `TEAM#<t>#JOB#<id>` / `JOB`. */
export const jobKey = (id: string) => ({ pk: jobPartition(id), sk: 'JOB' });
export const dealLinkKey = (jobId: string, dealJobId: string) => ({ pk: jobPartition(jobId), sk: `DEAL#${dealJobId}` });
export const feeEventKey = (jobId: string, feeEventId: string) => ({ pk: jobPartition(jobId), sk: `FEE_EVENT#${feeEventId}` });
export const targetCompanyKey = (jobId: string, companyId: string) => ({ pk: jobPartition(jobId), sk: `TARGET#${companyId}` });

/** The counter of the team's live jobs. */
export const jobCounter = 'JOB';

/** The counter of candidates in one stage (kept by candidate creation and stage moves). */
export const stageCandidateCounter = (stageId: string) => `CANDIDATE#STAGE#${stageId}`;

/**
 * The condition that `stageId` is still a stage of the (live) job: candidate creation and moves
 * write it with their changes, and removing a stage requires its candidate counter to be zero, so
 * a candidate can never end up in a stage that was removed concurrently.
 */
export const stillAStageOfTheJob = (stageId: string) => ({ expression: 'contains(stage_ids, :stage) AND attribute_not_exists(deleted_at)', values: { ':stage': stageId } });

/**
 * Index entries of a job: GSI1 places it among the team's jobs in creation order
 * (`TEAM#<t>#JOB`), GSI2 among jobs of the same name, case-insensitively (`TEAM#<t>#JOB_NAME#<name>`),
 * for the name lookups of `POST /v1/candidates/update-stage` and `POST /v0/persons`.
 */
export const jobIndexes = (job: Pick<StoredJob, 'name'>, createdSort: string) => ({
  GSI1: { pk: 'JOB', sk: createdSort },
  GSI2: { pk: `JOB_NAME#${job.name.trim().toLowerCase()}`, sk: createdSort },
});

/** `GetItem` of a live job; `undefined` when missing, deleted or another team's. */
export async function findJob(teamId: string, id: string): Promise<Stored<StoredJob> | undefined> {
  const job = await forTeam(teamId).get<StoredJob>(jobKey(id));
  return job && !job.deleted_at ? job : undefined;
}

/** The live jobs whose name equals `name`, case-insensitively (GSI2). */
export async function findJobsByName(teamId: string, name: string): Promise<Stored<StoredJob>[]> {
  const jobs = await forTeam(teamId).queryIndex<StoredJob>({ index: 'GSI2', pk: `JOB_NAME#${name.trim().toLowerCase()}` });
  return jobs.filter((job) => !job.deleted_at);
}

/** The live jobs among `ids` (one `BatchGetItem` per 100), by id. */
export async function getJobsById(teamId: string, ids: Iterable<string>): Promise<Map<string, Stored<StoredJob>>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const jobs = await forTeam(teamId).getMany<StoredJob>(unique.map(jobKey));
  return new Map(jobs.filter((job) => !job.deleted_at).map((job) => [job.id, job]));
}

/**
 * The job with its deal links and fee events: one `Query` of the job's collection for the sort keys
 * from `DEAL#` to `JOB` (target companies, which sort after, are not read).
 */
export async function readJobCollection(teamId: string, jobId: string): Promise<{ job: Stored<StoredJob>; dealLinks: StoredDealLink[]; feeEvents: Stored<Record<string, unknown>>[] } | undefined> {
  const items = await forTeam(teamId).queryRange<Record<string, unknown>>(jobPartition(jobId), { from: 'DEAL#', to: 'JOB' });
  const job = items.find((item) => item.entity === 'JOB') as Stored<StoredJob> | undefined;
  if (!job || job.deleted_at) return undefined;
  return {
    job,
    dealLinks: items.filter((item) => item.entity === 'DEAL_LINK' && !item.deleted_at) as unknown as StoredDealLink[],
    feeEvents: items.filter((item) => item.entity === 'FEE_EVENT' && !item.deleted_at),
  };
}

/** Every target company of a job, in the order added (the `TARGET#` range of its collection, by creation ULID). */
export async function listTargetCompanies(teamId: string, jobId: string): Promise<Stored<StoredTargetCompany>[]> {
  const items = await forTeam(teamId).queryCollection<StoredTargetCompany>(jobPartition(jobId), { skBeginsWith: 'TARGET#' });
  return items.filter((item) => !item.deleted_at).sort((a, b) => ((a.created_sort ?? '') < (b.created_sort ?? '') ? -1 : 1));
}
