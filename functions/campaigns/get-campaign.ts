import { campaignSchema } from '../../shared/domain/campaigns/campaign-record';
import { getCampaign as get } from '../../shared/domain/campaigns/campaign-service';
import { idParams } from '../../shared/domain/schemas';
import { createHandler } from '../../shared/http/chain';
import type { HandlerRequest } from '../../shared/http/chain';
import { defineRoute } from '../../shared/http/route';

export const route = defineRoute({
  method: 'GET',
  path: '/v1/campaigns/{id}',
  tag: 'Campaigns',
  summary: 'Get a campaign',
  description: 'The campaign with `member_count` (current members). A campaign of another team answers 404.',
  table: 'read',
  params: idParams,
  response: campaignSchema,
  errors: [404],
});

export async function getCampaign({ principal, params }: HandlerRequest<typeof route>) {
  return get(principal.teamId, params.id);
}

export const handler = createHandler(route, getCampaign);
