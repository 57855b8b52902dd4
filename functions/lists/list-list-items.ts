import { listItemSchema } from '../../shared/domain/lists/list-record';
import { listItemsQuery, listListItems as list } from '../../shared/domain/lists/list-service';
import { idParams } from '../../shared/domain/schemas';
import { createHandler } from '../../shared/http/chain';
import type { HandlerRequest } from '../../shared/http/chain';
import { page } from '../../shared/http/envelope';
import { defineRoute } from '../../shared/http/route';

export const route = defineRoute({
  method: 'GET',
  path: '/v1/lists/{id}/items',
  tag: 'Lists',
  summary: "List a saved list's members",
  description:
    "The list's members, the most recently added first (a member removed and added again counts from its new `added_at`). Every row has `id` (the person or company id), `list_id`, `added_at` and `added_by_team_member_id` (who added it: the token's member, or the API key request's `team_member_id`). " +
    'Rows of a persons list add `person`, the person summary `{id, name, first_name, last_name, current_job_title, image_url}`; rows of a companies list add `company`, the company summary `{id, name, domain}`. ' +
    "A member whose person or company has been deleted since stays on the list (it still counts and can be removed) with a null summary. `meta.total` is the list's `item_count`. A list that is not the team's is a 404. " +
    'Cost: a page reads only itself (an index of the list\'s members) and its summaries in one `BatchGetItem`.',
  table: 'read',
  params: idParams,
  query: listItemsQuery,
  response: listItemSchema,
  paginated: true,
  errors: [404],
});

export async function listListItems({ principal, params, query }: HandlerRequest<typeof route>) {
  const { items, total } = await list(principal.teamId, params.id, query);
  return page(items, { total, offset: query.offset, limit: query.limit });
}

export const handler = createHandler(route, listListItems);
