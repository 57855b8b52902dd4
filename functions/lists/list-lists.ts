import { listSchema } from '../../shared/domain/lists/list-record';
import { listListsQuery, listLists as list } from '../../shared/domain/lists/list-service';
import { createHandler } from '../../shared/http/chain';
import type { HandlerRequest } from '../../shared/http/chain';
import { page } from '../../shared/http/envelope';
import { defineRoute } from '../../shared/http/route';

export const route = defineRoute({
  method: 'GET',
  path: '/v1/lists',
  tag: 'Lists',
  summary: 'List saved lists',
  description:
    "The team's saved lists, newest first, each with its exact `item_count` (live members). `list_type` (`persons` or `companies`) keeps only lists of that type. Cost: a page reads only itself (an index per type) and `meta.total` comes from a counter.",
  table: 'read',
  query: listListsQuery,
  response: listSchema,
  paginated: true,
});

export async function listLists({ principal, query }: HandlerRequest<typeof route>) {
  const { items, total } = await list(principal.teamId, query);
  return page(items, { total, offset: query.offset, limit: query.limit });
}

export const handler = createHandler(route, listLists);
