import { listSchema } from '../../shared/domain/lists/list-record';
import { createListBody, createList as create } from '../../shared/domain/lists/list-service';
import { createHandler } from '../../shared/http/chain';
import type { HandlerRequest } from '../../shared/http/chain';
import { defineRoute } from '../../shared/http/route';

export const route = defineRoute({
  method: 'POST',
  path: '/v1/lists',
  tag: 'Lists',
  summary: 'Create a saved list',
  description:
    'Creates an empty saved list of persons (`list_type: persons`) or companies (`list_type: companies`); answers 201 with the list, `item_count` 0. The type is fixed: members are added with `POST /v1/lists/{id}/items` and removed with `DELETE /v1/lists/{id}/items`.',
  table: 'write',
  successStatus: 201,
  body: createListBody,
  response: listSchema,
});

export async function createList({ principal, body }: HandlerRequest<typeof route>) {
  return create(principal.teamId, body);
}

export const handler = createHandler(route, createList);
