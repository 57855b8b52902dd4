import { campaignMemberSchema } from '../../shared/domain/campaigns/campaign-record';
import { listCampaignMembersQuery, listCampaignMembers as list } from '../../shared/domain/campaigns/campaign-service';
import { idParams } from '../../shared/domain/schemas';
import { createHandler } from '../../shared/http/chain';
import type { HandlerRequest } from '../../shared/http/chain';
import { page } from '../../shared/http/envelope';
import { defineRoute } from '../../shared/http/route';

export const route = defineRoute({
  method: 'GET',
  path: '/v1/campaigns/{id}/members',
  tag: 'Campaigns',
  summary: 'List the members of a campaign',
  description: "Everyone who joined the campaign, in the order they last joined: current members with `left_at: null`, former members with the time they left. Reads the campaign's whole collection, so its cost grows with the persons the campaign concerns. A campaign of another team answers 404.",
  table: 'read',
  params: idParams,
  query: listCampaignMembersQuery,
  response: campaignMemberSchema,
  paginated: true,
  errors: [404],
});

export async function listCampaignMembers({ principal, params, query }: HandlerRequest<typeof route>) {
  const { items, total } = await list(principal.teamId, params.id, query);
  return page(items, { total, offset: query.offset, limit: query.limit });
}

export const handler = createHandler(route, listCampaignMembers);
