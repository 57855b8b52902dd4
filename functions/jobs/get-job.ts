import * as z from 'zod/mini';
import { jobSchema } from '../../shared/domain/jobs/job-record';
import { getJob as readJob } from '../../shared/domain/jobs/job-service';
import { createHandler } from '../../shared/http/chain';
import type { HandlerRequest } from '../../shared/http/chain';
import { defineRoute } from '../../shared/http/route';

export const route = defineRoute({
  method: 'GET',
  path: '/v1/jobs/{id}',
  tag: 'Jobs',
  summary: 'Get a job',
  description:
    'The job with pipeline stages (in `stage_order`), team members with role names, candidate count, client contacts, linked deals (with status name and colour), fees (retainer with its derived `projected_fee`, fee events with status name, colour and type, and the derived `total_placement_fee`) and custom field values. For API keys and OAuth tokens `linked_deals` appears only with scope `deals:read` and `fees` only with `compensation:read`: a section the caller cannot access is omitted, not emptied. Session tokens see everything. `salary_range` is derived from `salary_min` and `salary_max` in interval notation `[min,max)`.',
  table: 'read',
  params: z.strictObject({ id: z.uuid() }),
  response: jobSchema,
  errors: [404],
});

export async function getJob({ principal, params }: HandlerRequest<typeof route>) {
  return readJob(principal, params.id);
}

export const handler = createHandler(route, getJob);
