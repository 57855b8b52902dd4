import { jobSchema } from '../../shared/domain/jobs/job-record';
import { createJobBody, createJob as create } from '../../shared/domain/jobs/job-service';
import { createHandler } from '../../shared/http/chain';
import type { HandlerRequest } from '../../shared/http/chain';
import { defineRoute } from '../../shared/http/route';

export const route = defineRoute({
  method: 'POST',
  path: '/v1/jobs',
  tag: 'Jobs',
  summary: 'Create a job',
  description:
    'Only `name` is required. Without `pipeline_stages` the job gets the team\'s default pipeline template; without `job_status_id` the default job status; `currency_code` defaults to USD and `open_date` to today. `team_members` pairs members with job roles; `client_contact_ids` links client contacts. Answers the full record (sections limited by scope as in `GET /v1/jobs/{id}`).',
  table: 'write',
  successStatus: 201,
  body: createJobBody,
  response: jobSchema,
});

export async function createJob({ principal, body }: HandlerRequest<typeof route>) {
  return create(principal, body);
}

export const handler = createHandler(route, createJob);
