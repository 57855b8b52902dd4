import * as z from 'zod/mini';
import { listJobTargetCompanies, listTargetCompaniesQuery, targetCompanySchema } from '../../shared/domain/jobs/target-company-service';
import { createHandler } from '../../shared/http/chain';
import type { HandlerRequest } from '../../shared/http/chain';
import { page } from '../../shared/http/envelope';
import { defineRoute } from '../../shared/http/route';

export const route = defineRoute({
  method: 'GET',
  path: '/v1/jobs/{id}/target-companies',
  tag: 'Jobs',
  summary: "List a job's target companies",
  description:
    "The companies on the job's target list, in the order they were added, each with the company's `name` and `domain` and `added_at` (when it was last added). Removed entries and companies deleted since are left out, of the page and of `meta.total`. A job that is not the team's is a 404. Cost: reads the job's whole target list and its companies (one `BatchGetItem` per 100), whatever the page.",
  table: 'read',
  params: z.strictObject({ id: z.uuid() }),
  query: listTargetCompaniesQuery,
  response: targetCompanySchema,
  paginated: true,
  errors: [404],
});

export async function listTargetCompanies({ principal, params, query }: HandlerRequest<typeof route>) {
  const { items, total } = await listJobTargetCompanies(principal.teamId, params.id, query);
  return page(items, { total, offset: query.offset, limit: query.limit });
}

export const handler = createHandler(route, listTargetCompanies);
