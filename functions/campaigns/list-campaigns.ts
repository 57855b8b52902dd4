import { campaignSchema } from '../../shared/domain/campaigns/campaign-record';
import { listCampaignsQuery, listCampaigns as list } from '../../shared/domain/campaigns/campaign-service';
import { createHandler } from '../../shared/http/chain';
import type { HandlerRequest } from '../../shared/http/chain';
import { page } from '../../shared/http/envelope';
import { defineRoute } from '../../shared/http/route';

export const route = defineRoute({
  method: 'GET',
  path: '/v1/campaigns',
  tag: 'Campaigns',
  summary: 'List campaigns',
  description: "The team's campaigns, newest first. A page reads only itself and `meta.total` comes from a counter.",
  table: 'read',
  query: listCampaignsQuery,
  response: campaignSchema,
  paginated: true,
});

export async function listCampaigns({ principal, query }: HandlerRequest<typeof route>) {
  const { items, total } = await list(principal.teamId, query);
  return page(items, { total, offset: query.offset, limit: query.limit });
}

export const handler = createHandler(route, listCampaigns);
