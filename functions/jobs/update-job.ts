import * as z from 'zod/mini';
import { jobSchema } from '../../shared/domain/jobs/job-record';
import { updateJobBody, updateJob as update } from '../../shared/domain/jobs/job-service';
import { createHandler } from '../../shared/http/chain';
import type { HandlerRequest } from '../../shared/http/chain';
import { defineRoute } from '../../shared/http/route';

export const route = defineRoute({
  method: 'PATCH',
  path: '/v1/jobs/{id}',
  tag: 'Jobs',
  summary: 'Update a job',
  description:
    'Changes the fields given. `pipeline_stages` replaces the pipeline in the order given: a stage with its `id` is kept (with its candidates), one without is added, and a stage left out is removed, which is refused with 409 while candidates are in it. `team_members` and `client_contact_ids` replace those lists; `custom_fields` entries replace the values of the attributes they name.',
  table: 'write',
  params: z.strictObject({ id: z.uuid() }),
  body: updateJobBody,
  response: jobSchema,
  errors: [404, 409],
});

export async function updateJob({ principal, params, body }: HandlerRequest<typeof route>) {
  return update(principal, params.id, body);
}

export const handler = createHandler(route, updateJob);
