import { candidateSchema } from '../../shared/domain/candidates/candidate-record';
import { createCandidateBody, createCandidate as create } from '../../shared/domain/candidates/candidate-service';
import { createHandler } from '../../shared/http/chain';
import type { HandlerRequest } from '../../shared/http/chain';
import { defineRoute } from '../../shared/http/route';

export const route = defineRoute({
  method: 'POST',
  path: '/v1/candidates',
  tag: 'Candidates',
  summary: 'Add a person to a job as a candidate',
  description:
    'Attaches a person to a job in `stage_id`, or in the job\'s first pipeline stage (lowest `stage_order`) when omitted. `person_id` and `job_id` must be the team\'s and `stage_id` a stage of that job: otherwise 400 with a `details` entry per problem. One candidate per person and job: a second answers 409 `CONFLICT`. The job\'s `candidate_count` and the stage\'s count go up, and the stage history starts with an entry from no stage, attributed to the token\'s member or, for API keys, to `team_member_id`.',
  table: 'write',
  successStatus: 201,
  body: createCandidateBody,
  response: candidateSchema,
  errors: [409],
});

export async function createCandidate({ principal, body }: HandlerRequest<typeof route>) {
  return create(principal, body);
}

export const handler = createHandler(route, createCandidate);
