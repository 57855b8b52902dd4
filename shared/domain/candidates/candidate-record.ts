import * as z from 'zod/mini';
import { forTeam } from '../../db/repository';
import type { Stored } from '../../db/repository';
import { personKey } from '../persons/person-store';
import type { StoredPerson } from '../persons/person-store';
import type { StoredCandidate } from './candidate-store';

/** A candidate record (extensions.md section 3): a person in one pipeline stage of a job. */
export const candidateSchema = z.object({
  id: z.string(),
  person_id: z.string(),
  job_id: z.string(),
  stage_id: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Candidate = z.infer<typeof candidateSchema>;

/** A row of a job's candidate list: the record with a summary of its person (null once the person is deleted). */
export const candidateRowSchema = z.object({
  ...candidateSchema.shape,
  person: z.nullable(z.object({ id: z.string(), name: z.string() })),
});
export type CandidateRow = z.infer<typeof candidateRowSchema>;

/** The record as the API answers it (without what the store keeps for itself). */
export function toCandidate(candidate: StoredCandidate): Candidate {
  return { id: candidate.id, person_id: candidate.person_id, job_id: candidate.job_id, stage_id: candidate.stage_id, created_at: candidate.created_at, updated_at: candidate.updated_at };
}

/** Renders list rows; the persons of the whole page come from one `BatchGetItem`. */
export async function renderCandidateRows(teamId: string, candidates: StoredCandidate[]): Promise<CandidateRow[]> {
  if (!candidates.length) return [];
  const persons = await forTeam(teamId).getEach<StoredPerson>(candidates.map((candidate) => personKey(candidate.person_id)));
  return candidates.map((candidate, index) => {
    const person = persons[index] as Stored<StoredPerson> | undefined;
    return { ...toCandidate(candidate), person: person && !person.deleted_at ? { id: person.id, name: person.name } : null };
  });
}
