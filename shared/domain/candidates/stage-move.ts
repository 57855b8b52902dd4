import * as z from 'zod/mini';
import type { Principal } from '../../auth/scopes';
import { forTeam } from '../../db/repository';
import type { Stored, TeamTable, WriteOperation } from '../../db/repository';
import { ApiError, ConflictError, NotFoundError, ValidationError } from '../../http/errors';
import type { ErrorDetail } from '../../http/errors';
import { resolveActor } from '../actor';
import { nowIso } from '../clock';
import { findJob, findJobsByName, jobKey, stillAStageOfTheJob } from '../jobs/job-store';
import type { PipelineStage, StoredJob } from '../jobs/job-store';
import { findPersonIdsByEmail, personKey } from '../persons/person-store';
import type { StoredPerson } from '../persons/person-store';
import { candidateKey, candidatePartitions, findCandidate, listAllJobCandidates, listPersonCandidates, nextHistorySort, stageChangeKey, candidateEventData } from './candidate-store';
import { eventWrite } from '../../events/event-outbox';
import type { StoredCandidate, StoredStageChange } from './candidate-store';

/** An identifying field: absent when omitted or null. */
const identifying = <T extends z.ZodMiniType<string>>(schema: T) => z.optional(z.nullable(schema));
const name = () => z.string().check(z.minLength(1), z.maxLength(200));

/** `POST /v1/candidates/update-stage` (specification): each of job, candidate and stage by id or a fallback. */
export const updateCandidateStageBody = z.strictObject({
  job_id: identifying(z.uuid()),
  job_name: identifying(name()),
  candidate_id: identifying(z.uuid()),
  candidate_email: identifying(z.email()),
  candidate_name: identifying(name()),
  stage_id: identifying(z.string().check(z.minLength(1), z.maxLength(200))),
  stage_name: identifying(name()),
  /** Who the move is attributed to, for API keys (ignored for tokens). */
  team_member_id: z.optional(z.uuid()),
});
export type UpdateCandidateStageInput = z.output<typeof updateCandidateStageBody>;

export const stageMoveSchema = z.object({
  candidate_id: z.string(),
  person_id: z.string(),
  job_id: z.string(),
  previous_stage_id: z.string(),
  new_stage_id: z.string(),
});
export type StageMove = z.infer<typeof stageMoveSchema>;

/** How many times a move is tried when concurrent moves of the same candidate win the race. */
const maxMoveAttempts = 5;
const movedConcurrently = 'The candidate was moved concurrently; retry';

type JobField = 'job_id' | 'job_name';
type CandidateField = 'candidate_id' | 'candidate_email' | 'candidate_name';
type StageField = 'stage_id' | 'stage_name';
interface Identification<F extends string> {
  field: F;
  value: string;
}

/** The field that identifies one record: the first given in order of precedence (id, then email, then name). */
function identification<F extends keyof UpdateCandidateStageInput & string>(input: UpdateCandidateStageInput, fields: readonly F[]): Identification<F> | undefined {
  for (const field of fields) {
    const value = input[field];
    if (typeof value === 'string') return { field, value };
  }
  return undefined;
}

const sameText = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** 409 `AMBIGUOUS_MATCH` listing every matching id under the field that matched them. */
function ambiguous(what: string, field: string, ids: string[]): ApiError {
  return new ApiError(409, 'AMBIGUOUS_MATCH', `${ids.length} ${what} match ${field}; identify one by id`, ids.map((id) => ({ path: `body.${field}`, message: id })));
}

/** The single match, a 404 for none, a 409 listing them for several. */
function single<T extends { id: string }>(matches: T[], what: { one: string; many: string }, by: Identification<string>): T {
  const [only] = matches;
  if (!only) throw new NotFoundError(`${what.one} matching ${by.field}`);
  if (matches.length > 1) throw ambiguous(what.many, by.field, matches.map((match) => match.id));
  return only;
}

async function resolveJob(teamId: string, by: Identification<JobField>): Promise<Stored<StoredJob>> {
  if (by.field === 'job_id') {
    const job = await findJob(teamId, by.value);
    if (!job) throw new NotFoundError('Job');
    return job;
  }
  // The name index folds case and surrounding spaces; the match itself is exact apart from case.
  const jobs = (await findJobsByName(teamId, by.value)).filter((job) => sameText(job.name, by.value));
  return single(jobs, { one: 'Job', many: 'jobs' }, by);
}

function resolveStage(job: StoredJob, by: Identification<StageField>): PipelineStage {
  const stages = job.pipeline_stages.filter((stage) => (by.field === 'stage_id' ? stage.id === by.value : sameText(stage.name, by.value)));
  return single(stages, { one: 'Pipeline stage of this job', many: 'stages of this job' }, by);
}

/**
 * The candidate of `job` that the identifying field names. By id: a `GetItem` (a candidate of another
 * job is a 404). By email: the persons having that email (GSI2) and their candidacies (GSI3), kept to
 * this job. By name: the job's candidates (GSI1) and their persons (one `BatchGetItem`), so its cost
 * grows with the job's candidates. `consistent` tells whether the item was read consistently.
 */
async function resolveCandidate(teamId: string, job: StoredJob, by: Identification<CandidateField>): Promise<{ candidate: Stored<StoredCandidate>; consistent: boolean }> {
  if (by.field === 'candidate_id') {
    const candidate = await findCandidate(teamId, by.value);
    if (!candidate || candidate.job_id !== job.id) throw new NotFoundError('Candidate of this job');
    return { candidate, consistent: true };
  }
  let matches: Stored<StoredCandidate>[];
  if (by.field === 'candidate_email') {
    const personIds = await findPersonIdsByEmail(teamId, by.value);
    const candidacies = await Promise.all(personIds.map((personId) => listPersonCandidates(teamId, personId)));
    matches = candidacies.flat().filter((candidate) => candidate.job_id === job.id);
  } else {
    const candidates = await listAllJobCandidates(teamId, job.id);
    const persons = candidates.length ? await forTeam(teamId).getEach<StoredPerson>(candidates.map((candidate) => personKey(candidate.person_id))) : [];
    matches = candidates.filter((_candidate, index) => {
      const person = persons[index];
      return person !== undefined && !person.deleted_at && sameText(person.name, by.value);
    });
  }
  return { candidate: single(matches, { one: 'Candidate of this job', many: 'candidates of this job' }, by), consistent: false };
}

/**
 * The writes of one move, as ONE transaction: the candidate (conditional on the version read, so a
 * concurrent move makes it fail rather than be lost) re-pointed to the target stage's index, the
 * history entry from the stage read to the target, and both stages' counters.
 */
function moveWrites(table: TeamTable, current: Stored<StoredCandidate>, targetStageId: string, actorId: string | null): WriteOperation[] {
  const sort = nextHistorySort(current.last_history_sort);
  const now = nowIso();
  const change: StoredStageChange = { candidate_id: current.id, from_stage_id: current.stage_id, to_stage_id: targetStageId, changed_at: now, team_member_id: actorId };
  return [
    table.update(candidateKey(current.id), current.version, { stage_id: targetStageId, updated_at: now, last_history_sort: sort }, {
      conflictMessage: movedConcurrently,
      indexes: { GSI2: { pk: candidatePartitions.stage(targetStageId), sk: current.created_sort as string } },
    }),
    table.create(stageChangeKey(current.id, sort), { ...change }, { entity: 'CANDIDATE_STAGE_CHANGE', conflictMessage: movedConcurrently }),
    table.increment(candidatePartitions.stage(current.stage_id), -1),
    table.increment(candidatePartitions.stage(targetStageId), 1),
    table.check(jobKey(current.job_id), stillAStageOfTheJob(targetStageId), { conflictMessage: 'The stage was removed from the job while the candidate was being moved' }),
    eventWrite(table, {
      type: 'candidate.stage_changed',
      subject: 'plain',
      snapshot: candidateEventData({ ...current, stage_id: targetStageId, updated_at: now }),
      extra: { previous_stage_id: current.stage_id, team_member_id: actorId },
      timestamp: now,
    }),
  ];
}

async function readCurrent(teamId: string, candidateId: string): Promise<Stored<StoredCandidate>> {
  const candidate = await findCandidate(teamId, candidateId);
  if (!candidate) throw new NotFoundError('Candidate');
  return candidate;
}

const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));

/**
 * Moves a candidate to `targetStageId`. A move names an absolute target, so when a concurrent move
 * wins the race (the version condition fails), re-reading and writing again is safe: both moves
 * commit in some order, and each history entry starts where the previous one ended. Moving to the
 * current stage writes nothing and answers previous = new.
 */
async function moveCandidate(teamId: string, resolved: { candidate: Stored<StoredCandidate>; consistent: boolean }, targetStageId: string, actorId: string | null): Promise<StageMove> {
  const table = forTeam(teamId);
  let current = resolved.consistent ? resolved.candidate : await readCurrent(teamId, resolved.candidate.id);
  for (let attempt = 1; ; attempt += 1) {
    const answer = { candidate_id: current.id, person_id: current.person_id, job_id: current.job_id, previous_stage_id: current.stage_id, new_stage_id: targetStageId };
    if (current.stage_id === targetStageId) return answer;
    try {
      await table.write(moveWrites(table, current, targetStageId, actorId));
      return answer;
    } catch (error) {
      // Only a lost race is worth another try; a stage removed meanwhile stays removed.
      if (!(error instanceof ConflictError) || error.message !== movedConcurrently || attempt >= maxMoveAttempts) throw error;
    }
    await pause(attempt);
    current = await readCurrent(teamId, current.id);
  }
}

/**
 * `POST /v1/candidates/update-stage` (extensions.md section 2). Each of job, candidate and stage is
 * identified by the first field given in order of precedence (id, then email, then name); none for
 * one of them is a 400. Names and emails match exactly apart from case; nothing matching (or a
 * candidate or stage of another job) is a 404, several matches a 409 `AMBIGUOUS_MATCH` listing them.
 */
export async function updateCandidateStage(principal: Principal, input: UpdateCandidateStageInput): Promise<StageMove> {
  const jobBy = identification(input, ['job_id', 'job_name'] as const);
  const candidateBy = identification(input, ['candidate_id', 'candidate_email', 'candidate_name'] as const);
  const stageBy = identification(input, ['stage_id', 'stage_name'] as const);
  if (!jobBy || !candidateBy || !stageBy) {
    const details: ErrorDetail[] = [];
    if (!jobBy) details.push({ path: 'body.job_id', message: 'Identify the job with job_id or job_name' });
    if (!candidateBy) details.push({ path: 'body.candidate_id', message: 'Identify the candidate with candidate_id, candidate_email or candidate_name' });
    if (!stageBy) details.push({ path: 'body.stage_id', message: 'Identify the stage with stage_id or stage_name' });
    throw new ValidationError(`Missing identification: ${details.map((detail) => detail.message).join('; ')}`, details);
  }
  const [job, actorId] = await Promise.all([resolveJob(principal.teamId, jobBy), resolveActor(principal, input.team_member_id)]);
  const stage = resolveStage(job, stageBy);
  const candidate = await resolveCandidate(principal.teamId, job, candidateBy);
  return moveCandidate(principal.teamId, candidate, stage.id, actorId);
}
