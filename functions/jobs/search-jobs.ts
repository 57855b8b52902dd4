import { jobSchema } from '../../shared/domain/jobs/job-record';
import { searchJobsBody, searchJobs as search } from '../../shared/domain/jobs/job-service';
import { createHandler } from '../../shared/http/chain';
import type { HandlerRequest } from '../../shared/http/chain';
import { page } from '../../shared/http/envelope';
import { defineRoute } from '../../shared/http/route';

export const route = defineRoute({
  method: 'POST',
  path: '/v1/jobs/search',
  tag: 'Jobs',
  summary: 'Search jobs',
  description:
    'Filters combine with AND: `keywords` (each a case-insensitive substring of the name; all must match), `job_status_ids` (any of), `client_company_id`, `is_archived` (both when omitted). Sorted by `sort_by` (`created_at` default, `updated_at`, `name`) in `sort_order` (`desc` default). Rows are job records without `linked_deals`, `fees` and `custom_fields`. Cost: reads every job of the team once.',
  table: 'read',
  body: searchJobsBody,
  response: jobSchema,
  paginated: true,
});

export async function searchJobs({ principal, body }: HandlerRequest<typeof route>) {
  const { items, total } = await search(principal.teamId, body);
  return page(items, { total, offset: body.offset, limit: body.limit });
}

export const handler = createHandler(route, searchJobs);
