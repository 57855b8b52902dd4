import { addCampaignMembers as add, addedMembersSchema, campaignMembersBody, maxCampaignPersonIds } from '../../shared/domain/campaigns/campaign-service';
import { idParams } from '../../shared/domain/schemas';
import { createHandler } from '../../shared/http/chain';
import type { HandlerRequest } from '../../shared/http/chain';
import { defineRoute } from '../../shared/http/route';

export const route = defineRoute({
  method: 'POST',
  path: '/v1/campaigns/{id}/members',
  tag: 'Campaigns',
  summary: 'Add persons to a campaign',
  description:
    `Adds persons to the campaign in bulk; answers 200. Body \`{person_ids}\` with 1 to ${maxCampaignPersonIds} strings; a missing, empty or non-array \`person_ids\`, or any other field, is a 400; a campaign that is not the team's is a 404. ` +
    "Each id is judged on its own and never fails the request: a person who is not a member joins and is reported in `added_ids` (a person who had left rejoins, and their open tasks of the campaign show in task search again); a current member in `already_present_ids`; a malformed id in `failed` with reason `invalid_id`; an unknown, deleted or other team's person in `failed` with reason `not_found`. An id given more than once is judged and reported once. " +
    'Each person\'s change is written in one transaction with their tasks (several persons share a transaction while it holds); a person whose change keeps losing races with concurrent changes is reported in `failed` with reason `conflict`.',
  table: 'write',
  params: idParams,
  body: campaignMembersBody,
  response: addedMembersSchema,
  errors: [404],
});

export async function addCampaignMembers({ principal, params, body }: HandlerRequest<typeof route>) {
  return add(principal.teamId, params.id, body);
}

export const handler = createHandler(route, addCampaignMembers);
