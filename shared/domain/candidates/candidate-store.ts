import { incrementBase32 } from 'ulid';
import { forTeam } from '../../db/repository';
import type { Stored, TeamIndexKeys, WriteOperation } from '../../db/repository';
import type { IndexName } from '../../db/table';
import { creationSortKey, newId, nowIso } from '../clock';
import { jobKey, stageCandidateCounter, stillAStageOfTheJob } from '../jobs/job-store';
import type { PipelineStage, StoredJob } from '../jobs/job-store';
import type { StoredPerson } from '../persons/person-store';
import { eventWrite } from '../../events/event-outbox';

/**
 * A candidate is a person attached to a job, in one pipeline stage of that job. Its item
 * collection `TEAM#<t>#CANDIDATE#<id>` holds the record and its stage history:
 *
 * | SK               | item                                                                |
 * |------------------|---------------------------------------------------------------------|
 * | `CANDIDATE`      | the candidate (entity `CANDIDATE`)                                  |
 * | `HISTORY#<ULID>` | one stage change (entity `CANDIDATE_STAGE_CHANGE`), oldest first    |
 *
 * Indexes of the record (sort key: the creation ULID): GSI1 `CANDIDATE#JOB#<jobId>` (a job's
 * candidates), GSI2 `CANDIDATE#STAGE#<stageId>` (one stage's candidates; a move re-points it),
 * GSI3 `CANDIDATE#PERSON#<personId>` (a person's candidacies). Totals come from the counters
 * `CANDIDATE#JOB#<jobId>` and {@link stageCandidateCounter}; the guard `CANDIDATE_PAIR` /
 * `<personId>#<jobId>` keeps one candidate per person and job.
 */
export interface StoredCandidate {
  id: string;
  person_id: string;
  job_id: string;
  stage_id: string;
  /** Sort key of the latest history entry: the next one is written strictly after it. */
  last_history_sort: string;
  created_at: string;
  updated_at: string;
}

/** One stage change; the first entry of a candidate (its creation) has `from_stage_id` null. */
export interface StoredStageChange {
  candidate_id: string;
  from_stage_id: string | null;
  to_stage_id: string;
  changed_at: string;
  team_member_id: string | null;
}

const candidatePartition = (id: string) => `CANDIDATE#${id}`;

/** Key of a candidate: `TEAM#<t>#CANDIDATE#<id>` / `CANDIDATE`. */
export const candidateKey = (id: string) => ({ pk: candidatePartition(id), sk: 'CANDIDATE' });

/** Key of a stage change: `TEAM#<t>#CANDIDATE#<id>` / `HISTORY#<ULID>`. */
export const stageChangeKey = (candidateId: string, sort: string) => ({ pk: candidatePartition(candidateId), sk: `HISTORY#${sort}` });

/** Guard item that keeps one candidate per person and job (its key is taken while one exists). */
export const candidatePairKey = (personId: string, jobId: string) => ({ pk: 'CANDIDATE_PAIR', sk: `${personId}#${jobId}` });

/** Index partitions of candidates; the job and stage ones double as the names of their counters. */
export const candidatePartitions = {
  job: (jobId: string) => `CANDIDATE#JOB#${jobId}`,
  stage: (stageId: string) => stageCandidateCounter(stageId),
  person: (personId: string) => `CANDIDATE#PERSON#${personId}`,
};

export const candidateIndexFor: Record<keyof typeof candidatePartitions, IndexName> = { job: 'GSI1', stage: 'GSI2', person: 'GSI3' };

/** Every index entry of a candidate. */
export function candidateIndexes(candidate: Pick<StoredCandidate, 'person_id' | 'job_id' | 'stage_id'>, createdSort: string): TeamIndexKeys {
  return {
    GSI1: { pk: candidatePartitions.job(candidate.job_id), sk: createdSort },
    GSI2: { pk: candidatePartitions.stage(candidate.stage_id), sk: createdSort },
    GSI3: { pk: candidatePartitions.person(candidate.person_id), sk: createdSort },
  };
}

/**
 * A history sort key after `last`: a new ULID, or the one right after `last` when the clock of this
 * Lambda is behind the writer of `last`, so the history reads in the order moves committed.
 */
export function nextHistorySort(last: string | undefined): string {
  const next = creationSortKey();
  return last !== undefined && next <= last ? incrementBase32(last) : next;
}

/** The first stage of a pipeline: the lowest `stage_order`. */
export function firstStage(stages: readonly PipelineStage[]): PipelineStage | undefined {
  return stages.reduce<PipelineStage | undefined>((first, stage) => (!first || stage.stage_order < first.stage_order ? stage : first), undefined);
}

/**
 * The writes that create a candidate of `person` for `job`, in `stageId` (which the caller has
 * checked is a stage of the job) or the job's first stage: the record, the pair guard (409 when the
 * person is already a candidate of the job), the first history entry (from null), the job's
 * `candidate_count` (a commuting ADD: job edits do not conflict with it) and the job's and stage's
 * counters. Person creation (`POST /v0/persons`) adds them to its own transaction.
 * @example const { candidate, writes } = candidateCreateWrites(teamId, { person, job, actorId }); await forTeam(teamId).write(writes)
 */
export function candidateCreateWrites(
  teamId: string,
  input: { candidateId?: string; person: Pick<StoredPerson, 'id'>; job: Pick<StoredJob, 'id' | 'pipeline_stages'>; stageId?: string; actorId: string | null },
): { candidate: StoredCandidate; writes: WriteOperation[] } {
  const stage = input.stageId === undefined ? firstStage(input.job.pipeline_stages) : input.job.pipeline_stages.find((candidate) => candidate.id === input.stageId);
  if (!stage) throw new Error(input.stageId === undefined ? `Job ${input.job.id} has no pipeline stage` : `Stage ${input.stageId} is not a stage of job ${input.job.id}`);
  const now = nowIso();
  const createdSort = creationSortKey();
  const historySort = creationSortKey();
  const candidate: StoredCandidate = {
    id: input.candidateId ?? newId(),
    person_id: input.person.id,
    job_id: input.job.id,
    stage_id: stage.id,
    last_history_sort: historySort,
    created_at: now,
    updated_at: now,
  };
  const change: StoredStageChange = { candidate_id: candidate.id, from_stage_id: null, to_stage_id: stage.id, changed_at: now, team_member_id: input.actorId };
  const table = forTeam(teamId);
  return {
    candidate,
    writes: [
      table.create(candidateKey(candidate.id), { ...candidate, created_sort: createdSort }, { entity: 'CANDIDATE', indexes: candidateIndexes(candidate, createdSort), conflictMessage: 'Candidate id collision' }),
      table.create(candidatePairKey(candidate.person_id, candidate.job_id), { candidate_id: candidate.id }, { entity: 'CANDIDATE_PAIR', conflictMessage: 'This person is already a candidate for this job' }),
      table.create(stageChangeKey(candidate.id, historySort), { ...change }, { entity: 'CANDIDATE_STAGE_CHANGE', conflictMessage: 'Candidate history collision' }),
      table.adjust(jobKey(candidate.job_id), 'candidate_count', 1, { conflictMessage: 'The job or its stage was removed while the candidate was being added', require: stillAStageOfTheJob(candidate.stage_id) }),
      table.increment(candidatePartitions.job(candidate.job_id), 1),
      table.increment(candidatePartitions.stage(candidate.stage_id), 1),
      eventWrite(table, { type: 'candidate.created', subject: 'plain', snapshot: candidateEventData(candidate), timestamp: now }),
    ],
  };
}

/** A candidate as the API shows it (`POST /v1/candidates`), the data of candidate events. */
export const candidateEventData = ({ id, person_id, job_id, stage_id, created_at, updated_at }: StoredCandidate) => ({ id, person_id, job_id, stage_id, created_at, updated_at });

/** `GetItem` of a live candidate (consistent); `undefined` when missing, deleted or another team's. */
export async function findCandidate(teamId: string, id: string): Promise<Stored<StoredCandidate> | undefined> {
  const candidate = await forTeam(teamId).get<StoredCandidate>(candidateKey(id));
  return candidate && !candidate.deleted_at ? candidate : undefined;
}

/** Every live candidate of a job, oldest first (`Query` of GSI1 `CANDIDATE#JOB#<jobId>`, all pages). */
export async function listAllJobCandidates(teamId: string, jobId: string): Promise<Stored<StoredCandidate>[]> {
  const candidates = await forTeam(teamId).queryIndex<StoredCandidate>({ index: candidateIndexFor.job, pk: candidatePartitions.job(jobId) });
  return candidates.filter((candidate) => !candidate.deleted_at);
}

/** A person's live candidacies, oldest first (`Query` of GSI3 `CANDIDATE#PERSON#<personId>`; a handful). */
export async function listPersonCandidates(teamId: string, personId: string): Promise<Stored<StoredCandidate>[]> {
  const candidates = await forTeam(teamId).queryIndex<StoredCandidate>({ index: candidateIndexFor.person, pk: candidatePartitions.person(personId) });
  return candidates.filter((candidate) => !candidate.deleted_at);
}

/** A candidate's stage history, oldest first (`Query` of its collection, SK begins_with `HISTORY#`). */
export async function listStageHistory(teamId: string, candidateId: string): Promise<Stored<StoredStageChange>[]> {
  return forTeam(teamId).queryCollection<StoredStageChange>(candidatePartition(candidateId), { skBeginsWith: 'HISTORY#' });
}
