import { companySchema } from '../../shared/domain/companies/company-record';
import { createCompanyBody, createCompany as create } from '../../shared/domain/companies/company-service';
import { createHandler } from '../../shared/http/chain';
import type { HandlerRequest } from '../../shared/http/chain';
import { defineRoute } from '../../shared/http/route';

export const route = defineRoute({
  method: 'POST',
  path: '/v1/companies',
  tag: 'Companies',
  summary: 'Create a company',
  description:
    'Only `name` is required. A client (`is_client: true`) gets the team\'s default client status unless `client_status_id` is given. `do_not_contact: true` records who set it (the session\'s member, or `team_member_id` for API keys) and when. Answers the full record.',
  table: 'write',
  successStatus: 201,
  body: createCompanyBody,
  response: companySchema,
});

export async function createCompany({ principal, body }: HandlerRequest<typeof route>) {
  return create(principal, body);
}

export const handler = createHandler(route, createCompany);
