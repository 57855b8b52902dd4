import { dealSchema } from '../../shared/domain/deals/deal-record';
import { createDealBody, createDeal as create } from '../../shared/domain/deals/deal-service';
import { createHandler } from '../../shared/http/chain';
import type { HandlerRequest } from '../../shared/http/chain';
import { defineRoute } from '../../shared/http/route';

export const route = defineRoute({
  method: 'POST',
  path: '/v1/deals',
  tag: 'Deals',
  summary: 'Create a deal',
  description:
    "Needs scope `deals:write` (API keys and OAuth tokens; session tokens hold every scope), else 403 `INSUFFICIENT_SCOPE`. Only `name` is required. `deal_status_id` defaults to the team's default deal status, `currency_code` to USD, `amount` to null (at least 0 when given), `client_id` to none, `owner_ids` and `job_ids` to empty. `deal_status_id` must be a deal status of the team, `client_id` a company of the team, `owner_ids` members of the team, `job_ids` (at most 20) jobs of the team; anything else is a 400 naming the field in `details`. Each job in `job_ids` shows the deal in its `linked_deals` (`GET /v1/jobs/{id}`). Answers the deal with its `deal_status` `{id, name, color}`.",
  table: 'write',
  scopes: ['deals:write'],
  successStatus: 201,
  body: createDealBody,
  response: dealSchema,
});

export async function createDeal({ principal, body }: HandlerRequest<typeof route>) {
  return create(principal.teamId, body);
}

export const handler = createHandler(route, createDeal);
