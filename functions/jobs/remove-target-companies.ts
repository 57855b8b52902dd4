import * as z from 'zod/mini';
import { maxTargetCompanyIds, removedTargetCompaniesSchema, removeTargetCompanies as remove, targetCompanyIdsBody } from '../../shared/domain/jobs/target-company-service';
import { createHandler } from '../../shared/http/chain';
import type { HandlerRequest } from '../../shared/http/chain';
import { defineRoute } from '../../shared/http/route';

export const route = defineRoute({
  method: 'DELETE',
  path: '/v1/jobs/{id}/target-companies',
  tag: 'Jobs',
  summary: "Remove companies from a job's target list",
  description:
    `Soft-removes companies from the job's target company list in bulk; answers 200. The request carries a JSON body \`{company_ids}\` with 1 to ${maxTargetCompanyIds} strings; a missing, empty or non-array \`company_ids\`, or any other field, is a 400, and a job that is not the team's a 404. ` +
    'Each id is judged on its own: a company on the list is removed and reported in `removed_ids`; a company of the team that is not on the list in `not_found_ids`; a malformed id in `failed` with reason `invalid_id`; an unknown, deleted or other team\'s company in `failed` with reason `not_found`. An id given more than once is reported once. A removed company can be added again. ' +
    'The removals of one request are written in one transaction.',
  table: 'write',
  params: z.strictObject({ id: z.uuid() }),
  body: targetCompanyIdsBody,
  response: removedTargetCompaniesSchema,
  errors: [404, 409],
});

export async function removeTargetCompanies({ principal, params, body }: HandlerRequest<typeof route>) {
  return remove(principal.teamId, params.id, body);
}

export const handler = createHandler(route, removeTargetCompanies);
