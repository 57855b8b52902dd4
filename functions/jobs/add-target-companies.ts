import * as z from 'zod/mini';
import { addedTargetCompaniesSchema, addTargetCompanies as add, maxTargetCompanyIds, targetCompanyIdsBody } from '../../shared/domain/jobs/target-company-service';
import { createHandler } from '../../shared/http/chain';
import type { HandlerRequest } from '../../shared/http/chain';
import { defineRoute } from '../../shared/http/route';

export const route = defineRoute({
  method: 'POST',
  path: '/v1/jobs/{id}/target-companies',
  tag: 'Jobs',
  summary: "Add companies to a job's target list",
  description:
    `Adds companies to the job's target company list in bulk; answers 200. \`company_ids\`: 1 to ${maxTargetCompanyIds} strings (resolve ids with \`POST /v1/companies/search\`); a missing, empty or non-array \`company_ids\`, or any other field, is a 400; a job that is not the team's is a 404. ` +
    'Each id is judged on its own and never fails the request: a company not yet on the list (or removed from it before) is added and reported in `added_ids`; one already on it in `already_present_ids`; a malformed id in `failed` with reason `invalid_id`; an unknown, deleted or other team\'s company in `failed` with reason `not_found`. An id given more than once is judged and reported once. ' +
    'The additions of one request are written in one transaction.',
  table: 'write',
  params: z.strictObject({ id: z.uuid() }),
  body: targetCompanyIdsBody,
  response: addedTargetCompaniesSchema,
  errors: [404, 409],
});

export async function addTargetCompanies({ principal, params, body }: HandlerRequest<typeof route>) {
  return add(principal.teamId, params.id, body);
}

export const handler = createHandler(route, addTargetCompanies);
