import { listItemsBody, maxListItemIds, membersPerTransaction, removedListItemsSchema, removeListItems as remove } from '../../shared/domain/lists/list-membership';
import { idParams } from '../../shared/domain/schemas';
import { createHandler } from '../../shared/http/chain';
import type { HandlerRequest } from '../../shared/http/chain';
import { defineRoute } from '../../shared/http/route';

export const route = defineRoute({
  method: 'DELETE',
  path: '/v1/lists/{id}/items',
  tag: 'Lists',
  summary: 'Remove persons or companies from a saved list',
  description:
    `Soft-removes members from the list in bulk; answers 200 \`{list_id, list_type, removed_ids, not_found_ids, failed}\`. The request carries a JSON body: \`person_ids\` for a persons list or \`company_ids\` for a companies list, 1 to ${maxListItemIds} strings. ` +
    'The field of the list\'s type missing, empty or not an array, the other type\'s field, or any other field is a 400; a list that is not the team\'s is a 404. ' +
    '`team_member_id` (the team member the change is attributed to) is required with an API key (400 without it, or when it is not a member of the team) and ignored with session and OAuth tokens, which act as their own member. ' +
    "Each id is judged on its own and never fails the request: a member is removed and reported in `removed_ids` (also when its person or company has been deleted since); a live person or company of the team that is not a member in `not_found_ids`; a malformed id in `failed` with reason `invalid_id`; an unknown, deleted or other team's id in `failed` with reason `not_found`. An id given more than once is judged and reported once; ids are reported in the order given. " +
    `Removal is soft: the member leaves the list and its count, and can be added again later. \`item_count\` stays exact under concurrent changes (conditional writes and the count in one transaction, up to ${membersPerTransaction} ids per transaction); an id a concurrent request removed first is reported in \`not_found_ids\`.`,
  table: 'write',
  params: idParams,
  body: listItemsBody,
  response: removedListItemsSchema,
  errors: [404, 409],
});

export async function removeListItems({ principal, params, body }: HandlerRequest<typeof route>) {
  return remove(principal, params.id, body);
}

export const handler = createHandler(route, removeListItems);
