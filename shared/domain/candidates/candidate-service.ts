import * as z from 'zod/mini';
import type { Principal } from '../../auth/scopes';
import { forTeam } from '../../db/repository';
import { NotFoundError, ValidationError } from '../../http/errors';
import type { ErrorDetail } from '../../http/errors';
import { resolveActor } from '../actor';
import { findJob } from '../jobs/job-store';
import { findPerson } from '../persons/person-store';
import { pageQueryShape, sortOrder } from '../schemas';
import { renderCandidateRows, toCandidate } from './candidate-record';
import type { Candidate, CandidateRow } from './candidate-record';
import { candidateCreateWrites, candidateIndexFor, candidatePartitions, firstStage } from './candidate-store';
import type { StoredCandidate } from './candidate-store';

export const createCandidateBody = z.strictObject({
  person_id: z.uuid(),
  job_id: z.uuid(),
  /** A stage of the job; the first stage (lowest `stage_order`) when omitted. */
  stage_id: z.optional(z.uuid()),
  /** Who the first history entry is attributed to, for API keys (ignored for tokens). */
  team_member_id: z.optional(z.uuid()),
});

export const listJobCandidatesQuery = z.object({
  ...pageQueryShape,
  stage_id: z.optional(z.uuid()),
  sort_order: sortOrder(),
});
export type ListJobCandidatesQuery = z.output<typeof listJobCandidatesQuery>;

function refuse(details: ErrorDetail[]): never {
  throw new ValidationError(details.length === 1 ? `Invalid candidate: ${(details[0] as ErrorDetail).message}` : `Invalid candidate: ${details.length} problems, see details`, details);
}

/**
 * `POST /v1/candidates`: attaches a person to a job, in `stage_id` or the job's first stage. Person
 * and job must be the team's and the stage the job's (400 naming each problem). The candidate, its
 * pair guard (one candidate per person and job: 409), its first history entry, the job's
 * `candidate_count` and the job's and stage's counters are one transaction.
 */
export async function createCandidate(principal: Principal, input: z.output<typeof createCandidateBody>): Promise<Candidate> {
  const teamId = principal.teamId;
  const [person, job, actorId] = await Promise.all([findPerson(teamId, input.person_id), findJob(teamId, input.job_id), resolveActor(principal, input.team_member_id)]);
  const details: ErrorDetail[] = [];
  if (!person) details.push({ path: 'body.person_id', message: 'Not a person of this team' });
  if (!job) details.push({ path: 'body.job_id', message: 'Not a job of this team' });
  else if (input.stage_id !== undefined && !job.pipeline_stages.some((stage) => stage.id === input.stage_id)) details.push({ path: 'body.stage_id', message: 'Not a pipeline stage of this job' });
  else if (input.stage_id === undefined && !firstStage(job.pipeline_stages)) details.push({ path: 'body.job_id', message: 'The job has no pipeline stage' });
  if (details.length || !person || !job) refuse(details);
  const { candidate, writes } = candidateCreateWrites(teamId, { person, job, stageId: input.stage_id, actorId });
  await forTeam(teamId).write(writes);
  return toCandidate(candidate);
}

/**
 * `GET /v1/jobs/{id}/candidates`: one page of the job's candidates (GSI1), or of one of its stages
 * (GSI2), in creation order; the page reads only itself and `meta.total` comes from the job's or
 * the stage's counter. Another team's job is a 404; a `stage_id` that is not the job's a 400.
 */
export async function listJobCandidates(teamId: string, jobId: string, query: ListJobCandidatesQuery): Promise<{ items: CandidateRow[]; total: number }> {
  const table = forTeam(teamId);
  const pk = query.stage_id ? candidatePartitions.stage(query.stage_id) : candidatePartitions.job(jobId);
  const index = query.stage_id ? candidateIndexFor.stage : candidateIndexFor.job;
  const [job, candidates, total] = await Promise.all([
    findJob(teamId, jobId),
    table.queryPage<StoredCandidate>({ index, pk, ascending: query.sort_order === 'asc', offset: query.offset, limit: query.limit }),
    table.count(pk),
  ]);
  if (!job) throw new NotFoundError('Job');
  if (query.stage_id && !job.pipeline_stages.some((stage) => stage.id === query.stage_id)) {
    throw new ValidationError('stage_id is not a pipeline stage of this job', [{ path: 'query.stage_id', message: 'Not a pipeline stage of this job' }]);
  }
  return { items: await renderCandidateRows(teamId, candidates), total };
}
