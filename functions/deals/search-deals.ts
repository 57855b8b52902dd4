import { dealSchema } from '../../shared/domain/deals/deal-record';
import { searchDealsBody, searchDeals as search } from '../../shared/domain/deals/deal-service';
import { createHandler } from '../../shared/http/chain';
import type { HandlerRequest } from '../../shared/http/chain';
import { page } from '../../shared/http/envelope';
import { defineRoute } from '../../shared/http/route';

export const route = defineRoute({
  method: 'POST',
  path: '/v1/deals/search',
  tag: 'Deals',
  summary: 'Search deals',
  description:
    'Needs scope `deals:read` (API keys and OAuth tokens), else 403 `INSUFFICIENT_SCOPE`. Filters combine with AND: `keywords` (each a case-insensitive substring of the name; all must match), `deal_status_ids_included` (status among these), `deal_status_ids_excluded` (status not among these), `client_id`, `owner_ids` (any of); an empty array is the same as leaving the filter out. Sorted by `sort_by` (`created_at` default, `updated_at`, `name`, `amount`; deals without an amount come last) in `sort_order` (`desc` default), ties in creation order. Status ids come from `GET /v1/deals/statuses`. Cost: without filters in creation order a page reads only itself; with a filter or another sort a search reads every deal of the team once, so it grows with the number of deals, not with the page.',
  table: 'read',
  scopes: ['deals:read'],
  body: searchDealsBody,
  response: dealSchema,
  paginated: true,
});

export async function searchDeals({ principal, body }: HandlerRequest<typeof route>) {
  const { items, total } = await search(principal.teamId, body);
  return page(items, { total, offset: body.offset, limit: body.limit });
}

export const handler = createHandler(route, searchDeals);
