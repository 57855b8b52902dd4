import { campaignSchema } from '../../shared/domain/campaigns/campaign-record';
import { createCampaignBody, createCampaign as create } from '../../shared/domain/campaigns/campaign-service';
import { createHandler } from '../../shared/http/chain';
import type { HandlerRequest } from '../../shared/http/chain';
import { defineRoute } from '../../shared/http/route';

export const route = defineRoute({
  method: 'POST',
  path: '/v1/campaigns',
  tag: 'Campaigns',
  summary: 'Create a campaign',
  description: 'Body `{name}` (1 to 200 characters). Answers 201 with the campaign; `member_count` counts current members (0 at first). Tasks name a campaign with `campaign_id`; persons join and leave with `POST` / `DELETE /v1/campaigns/{id}/members`.',
  table: 'write',
  successStatus: 201,
  body: createCampaignBody,
  response: campaignSchema,
  errors: [409],
});

export async function createCampaign({ principal, body }: HandlerRequest<typeof route>) {
  return create(principal.teamId, body);
}

export const handler = createHandler(route, createCampaign);
