import { stageMoveSchema, updateCandidateStageBody, updateCandidateStage as move } from '../../shared/domain/candidates/stage-move';
import { createHandler } from '../../shared/http/chain';
import type { HandlerRequest } from '../../shared/http/chain';
import { defineRoute } from '../../shared/http/route';

export const route = defineRoute({
  method: 'POST',
  path: '/v1/candidates/update-stage',
  tag: 'Candidates',
  summary: 'Move a candidate to a pipeline stage',
  description: [
    'Each of the job (`job_id` or `job_name`), the candidate (`candidate_id`, `candidate_email` or `candidate_name`) and the stage (`stage_id` or `stage_name`) must be identified; when several fields of one kind are given, the id wins, then the email, then the name (the others are ignored; null counts as not given). No identifying field for one of the three answers 400.',
    'Names and emails match exactly, ignoring case. `candidate_email` matches any email of the person; `candidate_name` matches the person\'s name among the candidates of the resolved job only. A job, candidate or stage that nothing matches, a `candidate_id` of another job and a stage of another job answer 404; several matches answer 409 `AMBIGUOUS_MATCH` with one `details` entry per matching id (`{path: "body.job_name", message: "<id>"}`).',
    'The move and its history entry are one conditional write: concurrent moves of the same candidate are retried, never lost, and both are recorded in order. Moving to the current stage changes nothing and answers `previous_stage_id` = `new_stage_id`. For API keys, `team_member_id` attributes the move.',
  ].join('\n\n'),
  table: 'write',
  body: updateCandidateStageBody,
  response: stageMoveSchema,
  errors: [404, 409],
});

export async function updateCandidateStage({ principal, body }: HandlerRequest<typeof route>) {
  return move(principal, body);
}

export const handler = createHandler(route, updateCandidateStage);
