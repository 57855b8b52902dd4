import { addedListItemsSchema, addListItems as add, listItemsBody, maxListItemIds, membersPerTransaction } from '../../shared/domain/lists/list-membership';
import { idParams } from '../../shared/domain/schemas';
import { createHandler } from '../../shared/http/chain';
import type { HandlerRequest } from '../../shared/http/chain';
import { defineRoute } from '../../shared/http/route';

export const route = defineRoute({
  method: 'POST',
  path: '/v1/lists/{id}/items',
  tag: 'Lists',
  summary: 'Add persons or companies to a saved list',
  description:
    `Adds members to the list in bulk; answers 200 \`{list_id, list_type, added_ids, already_present_ids, failed}\`. The body takes \`person_ids\` for a persons list or \`company_ids\` for a companies list: 1 to ${maxListItemIds} strings. ` +
    'The field of the list\'s type missing, empty or not an array, the other type\'s field, or any other field is a 400; a list that is not the team\'s is a 404. ' +
    '`team_member_id` (the team member the change is attributed to, reported as `added_by_team_member_id`) is required with an API key (400 without it, or when it is not a member of the team) and ignored with session and OAuth tokens, which act as their own member. ' +
    "Each id is judged on its own and never fails the request: a live person or company of the team that is not a member (or was removed) is added and reported in `added_ids`; a member in `already_present_ids`; a malformed id in `failed` with reason `invalid_id`; an unknown, deleted or other team's id in `failed` with reason `not_found`. An id given more than once is judged and reported once; ids are reported in the order given. " +
    `\`item_count\` stays exact under concurrent changes: each member write is conditional and adjusts the count in the same transaction (up to ${membersPerTransaction} ids per transaction); an id a concurrent request added first is reported in \`already_present_ids\`.`,
  table: 'write',
  params: idParams,
  body: listItemsBody,
  response: addedListItemsSchema,
  errors: [404, 409],
});

export async function addListItems({ principal, params, body }: HandlerRequest<typeof route>) {
  return add(principal, params.id, body);
}

export const handler = createHandler(route, addListItems);
