import { campaignMembersBody, leftMembersSchema, maxCampaignPersonIds, removeCampaignMembers as remove } from '../../shared/domain/campaigns/campaign-service';
import { idParams } from '../../shared/domain/schemas';
import { createHandler } from '../../shared/http/chain';
import type { HandlerRequest } from '../../shared/http/chain';
import { defineRoute } from '../../shared/http/route';

export const route = defineRoute({
  method: 'DELETE',
  path: '/v1/campaigns/{id}/members',
  tag: 'Campaigns',
  summary: 'Mark persons as having left a campaign',
  description:
    `Marks members as having left the campaign in bulk (\`left_at\`, shown by \`GET /v1/campaigns/{id}/members\`); answers 200. The request carries a JSON body \`{person_ids}\` with 1 to ${maxCampaignPersonIds} strings; a missing, empty or non-array \`person_ids\`, or any other field, is a 400; a campaign that is not the team's is a 404. ` +
    "Each id is judged on its own: a current member leaves and is reported in `left_ids`, and from then on their open tasks of the campaign are omitted from `POST /v1/tasks/search` unless `include_left_campaign` is true (completed ones still appear); a person of the team who is not a member (never joined, or already left) in `not_found_ids`; a malformed id in `failed` with reason `invalid_id`; an unknown, deleted or other team's person in `failed` with reason `not_found`. An id given more than once is reported once. Adding the person again undoes it. " +
    'Each person\'s change is written in one transaction with their tasks; a person whose change keeps losing races with concurrent changes is reported in `failed` with reason `conflict`.',
  table: 'write',
  params: idParams,
  body: campaignMembersBody,
  response: leftMembersSchema,
  errors: [404],
});

export async function removeCampaignMembers({ principal, params, body }: HandlerRequest<typeof route>) {
  return remove(principal.teamId, params.id, body);
}

export const handler = createHandler(route, removeCampaignMembers);
