import * as z from 'zod/mini';
import { dealSchema } from '../../shared/domain/deals/deal-record';
import { updateDealBody, updateDeal as update } from '../../shared/domain/deals/deal-service';
import { createHandler } from '../../shared/http/chain';
import type { HandlerRequest } from '../../shared/http/chain';
import { defineRoute } from '../../shared/http/route';

export const route = defineRoute({
  method: 'PATCH',
  path: '/v1/deals/{id}',
  tag: 'Deals',
  summary: 'Update a deal',
  description:
    "Needs scope `deals:write` (API keys and OAuth tokens), else 403 `INSUFFICIENT_SCOPE`. Changes the fields given, with the rules of `POST /v1/deals`; `client_id: null` and `amount: null` clear them. `job_ids` replaces the deal's jobs: a job kept keeps its link (same `deal_job_id`), a new job gets one, a job left out no longer lists the deal. The jobs' `linked_deals` show the new name, amount, currency and status as soon as this answers. A deal of another team answers 404.",
  table: 'write',
  scopes: ['deals:write'],
  params: z.strictObject({ id: z.uuid() }),
  body: updateDealBody,
  response: dealSchema,
  errors: [404, 409],
});

export async function updateDeal({ principal, params, body }: HandlerRequest<typeof route>) {
  return update(principal.teamId, params.id, body);
}

export const handler = createHandler(route, updateDeal);
