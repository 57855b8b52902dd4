import { companySchema } from '../../shared/domain/companies/company-record';
import { searchCompaniesBody, searchCompanies as search } from '../../shared/domain/companies/company-service';
import { createHandler } from '../../shared/http/chain';
import type { HandlerRequest } from '../../shared/http/chain';
import { page } from '../../shared/http/envelope';
import { defineRoute } from '../../shared/http/route';

export const route = defineRoute({
  method: 'POST',
  path: '/v1/companies/search',
  tag: 'Companies',
  summary: 'Search companies',
  description:
    'Filters combine with AND: `keywords` (each a case-insensitive substring of the name or domain; all must match), `domain` (exact, case-insensitive), `is_client`, `client_status_ids` and `owner_ids` (any of), `do_not_contact`. Sorted by `sort_by` (`created_at` default, `updated_at`, `name`) in `sort_order` (`desc` default). Rows are company records without `custom_fields`. Cost: a search reads every company of the team once, so it grows with the number of companies, not with the page.',
  table: 'read',
  body: searchCompaniesBody,
  response: companySchema,
  paginated: true,
});

export async function searchCompanies({ principal, body }: HandlerRequest<typeof route>) {
  const { items, total } = await search(principal.teamId, body);
  return page(items, { total, offset: body.offset, limit: body.limit });
}

export const handler = createHandler(route, searchCompanies);
