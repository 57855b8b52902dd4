import * as z from 'zod/mini';
import { eventWrite } from '../../events/event-outbox';
import { forTeam } from '../../db/repository';
import type { Stored, TeamTable, WriteOperation } from '../../db/repository';
import { ConflictError, NotFoundError } from '../../http/errors';
import { creationSortKey, nowIso } from '../clock';
import { companyKey } from '../companies/company-store';
import type { StoredCompany } from '../companies/company-store';
import { pageQueryShape } from '../schemas';
import { findJob, listTargetCompanies, targetCompanyKey } from './job-store';
import type { StoredTargetCompany } from './job-store';

/*
 * A job's target companies: items `TARGET#<companyId>` of the job's collection (see job-store.ts),
 * entity `TARGET_COMPANY`. Removal is soft (`deleted_at`); adding a removed company again replaces
 * its item, so it counts as added and gets a new `added_at`.
 *
 * Bulk rules (extensions.md section 2): every id is judged on its own. A malformed id fails with
 * `invalid_id`, an unknown, deleted or other team's company with `not_found`; neither fails the
 * request. An id given more than once is judged and reported once. All writes of a request are one
 * transaction, so at most 100 ids are taken per request.
 */

/** Most ids one request takes: their writes and the request's event must fit one transaction (100 items). */
export const maxTargetCompanyIds = 99;

/** `{company_ids}`: strings judged one by one, so a malformed id is reported, not a 400. */
export const targetCompanyIdsBody = z.strictObject({
  company_ids: z.array(z.string()).check(z.minLength(1), z.maxLength(maxTargetCompanyIds)),
});
type TargetCompanyIds = z.output<typeof targetCompanyIdsBody>;

export const listTargetCompaniesQuery = z.object({ ...pageQueryShape });

const failedSchema = z.array(z.object({ id: z.string(), reason: z.enum(['invalid_id', 'not_found']) }));
type Failed = z.infer<typeof failedSchema>;

export const addedTargetCompaniesSchema = z.object({ job_id: z.string(), added_ids: z.array(z.string()), already_present_ids: z.array(z.string()), failed: failedSchema });
export const removedTargetCompaniesSchema = z.object({ job_id: z.string(), removed_ids: z.array(z.string()), not_found_ids: z.array(z.string()), failed: failedSchema });
export const targetCompanySchema = z.object({ company_id: z.string(), name: z.string(), domain: z.nullable(z.string()), added_at: z.string() });
export type TargetCompany = z.infer<typeof targetCompanySchema>;

const uuidShape = z.uuid();
/** Attempts of a bulk write that lost a race with another change of the same list (re-read, re-judged). */
const bulkAttempts = 3;

/** What the table holds for the ids of a request: each company (live or not) and its list entry. */
interface Judged {
  /** The ids given, each once, in the order given. */
  ids: string[];
  /** The ids that are not UUIDs. */
  malformed: Set<string>;
  company: Map<string, Stored<StoredCompany> | undefined>;
  entry: Map<string, Stored<StoredTargetCompany> | undefined>;
}

/**
 * Reads the job (404 when not the team's), then each well-formed company and its list entry in one
 * `BatchGetItem` (up to 200 keys).
 */
async function judge(table: TeamTable, jobId: string, companyIds: string[]): Promise<Judged> {
  const ids = [...new Set(companyIds)];
  const malformed = new Set(ids.filter((id) => !uuidShape.safeParse(id).success));
  const wellFormed = ids.filter((id) => !malformed.has(id));
  const [job, found] = await Promise.all([
    findJob(table.teamId, jobId),
    wellFormed.length ? table.getEach<Record<string, unknown>>([...wellFormed.map(companyKey), ...wellFormed.map((id) => targetCompanyKey(jobId, id))]) : Promise.resolve([]),
  ]);
  if (!job) throw new NotFoundError('Job');
  const company = new Map<string, Stored<StoredCompany> | undefined>();
  const entry = new Map<string, Stored<StoredTargetCompany> | undefined>();
  wellFormed.forEach((id, index) => {
    const stored = found[index] as Stored<StoredCompany> | undefined;
    company.set(id, stored && !stored.deleted_at ? stored : undefined);
    entry.set(id, found[wellFormed.length + index] as Stored<StoredTargetCompany> | undefined);
  });
  return { ids, malformed, company, entry };
}

/** The failure of an id that is malformed or names no live company of the team; undefined otherwise. */
function failure(judged: Judged, id: string): Failed[number] | undefined {
  if (judged.malformed.has(id)) return { id, reason: 'invalid_id' };
  return judged.company.get(id) ? undefined : { id, reason: 'not_found' };
}

/** Runs `attempt` again when its transaction lost a race (a concurrent add or removal of the same ids). */
async function retryingRaces<T>(attempt: () => Promise<T>): Promise<T> {
  for (let round = 1; ; round += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof ConflictError) || round >= bulkAttempts) throw error;
    }
  }
}

/**
 * `POST /v1/jobs/{id}/target-companies`: adds the team's live companies that are not on the list
 * (again, when removed before), reports those already on it, and fails the others one by one.
 */
export async function addTargetCompanies(teamId: string, jobId: string, input: TargetCompanyIds): Promise<z.infer<typeof addedTargetCompaniesSchema>> {
  const table = forTeam(teamId);
  return retryingRaces(async () => {
    const judged = await judge(table, jobId, input.company_ids);
    const failed: Failed = [];
    const added: string[] = [];
    const alreadyPresent: string[] = [];
    const writes: WriteOperation[] = [];
    const now = nowIso();
    for (const id of judged.ids) {
      const current = judged.entry.get(id);
      const failing = failure(judged, id);
      if (failing) failed.push(failing);
      else if (current && !current.deleted_at) alreadyPresent.push(id);
      else {
        added.push(id);
        const item: StoredTargetCompany = { job_id: jobId, company_id: id, created_at: now };
        writes.push(table.create(targetCompanyKey(jobId, id), { ...item, created_sort: creationSortKey() }, { entity: 'TARGET_COMPANY', replaceDeleted: true, conflictMessage: 'The target list changed concurrently; retry' }));
      }
    }
    if (writes.length) await table.write([...writes, eventWrite(table, { type: 'job.target_companies_added', subject: 'plain', snapshot: { job_id: jobId, added_ids: added }, timestamp: now })]);
    return { job_id: jobId, added_ids: added, already_present_ids: alreadyPresent, failed };
  });
}

/**
 * `DELETE /v1/jobs/{id}/target-companies`: soft-removes the listed companies; a company of the team
 * that is not on the list is reported in `not_found_ids`, other ids fail one by one.
 */
export async function removeTargetCompanies(teamId: string, jobId: string, input: TargetCompanyIds): Promise<z.infer<typeof removedTargetCompaniesSchema>> {
  const table = forTeam(teamId);
  return retryingRaces(async () => {
    const judged = await judge(table, jobId, input.company_ids);
    const failed: Failed = [];
    const removed: string[] = [];
    const notFound: string[] = [];
    const writes: WriteOperation[] = [];
    const now = nowIso();
    for (const id of judged.ids) {
      const current = judged.entry.get(id);
      const failing = failure(judged, id);
      if (failing) failed.push(failing);
      else if (!current || current.deleted_at) notFound.push(id);
      else {
        removed.push(id);
        writes.push(table.update(targetCompanyKey(jobId, id), current.version, { deleted_at: now }, { conflictMessage: 'The target list changed concurrently; retry' }));
      }
    }
    if (writes.length) await table.write([...writes, eventWrite(table, { type: 'job.target_companies_removed', subject: 'plain', snapshot: { job_id: jobId, removed_ids: removed }, timestamp: now })]);
    return { job_id: jobId, removed_ids: removed, not_found_ids: notFound, failed };
  });
}

/**
 * `GET /v1/jobs/{id}/target-companies`: the list in the order companies were added, with each
 * company's name and domain. Reads the job's whole list (one `Query`) and its companies (one
 * `BatchGetItem` per 100), so companies deleted since are left out of the page and of `total`.
 */
export async function listJobTargetCompanies(teamId: string, jobId: string, query: z.output<typeof listTargetCompaniesQuery>): Promise<{ items: TargetCompany[]; total: number }> {
  const [job, entries] = await Promise.all([findJob(teamId, jobId), listTargetCompanies(teamId, jobId)]);
  if (!job) throw new NotFoundError('Job');
  if (!entries.length) return { items: [], total: 0 };
  // Creation ULIDs keep the order of ids added in one request (which share `created_at`).
  entries.sort((a, b) => ((a.created_sort ?? '') < (b.created_sort ?? '') ? -1 : 1));
  const companies = await forTeam(teamId).getEach<StoredCompany>(entries.map((entry) => companyKey(entry.company_id)));
  const rows = entries.flatMap((entry, index) => {
    const company = companies[index];
    return company && !company.deleted_at ? [{ company_id: entry.company_id, name: company.name, domain: company.domain, added_at: entry.created_at }] : [];
  });
  return { items: rows.slice(query.offset, query.offset + query.limit), total: rows.length };
}
