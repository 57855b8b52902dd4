import * as z from 'zod/mini';
import { createFeeEventBody, createFeeEvent as create } from '../../shared/domain/jobs/fee-event-service';
import { feeEventSchema } from '../../shared/domain/jobs/fees';
import { createHandler } from '../../shared/http/chain';
import type { HandlerRequest } from '../../shared/http/chain';
import { defineRoute } from '../../shared/http/route';

export const route = defineRoute({
  method: 'POST',
  path: '/v1/jobs/{id}/fee-events',
  tag: 'Jobs',
  summary: 'Create a fee event of a job',
  description:
    'Only `type` (`retainer` or `placement`) and `label` are required. Defaults: `currency_code` the job\'s, `fee_type` `percentage`, `is_placeholder` false, `fee_status_id` the team\'s first fee status of type `pending`, and for a retainer event `retainer_id` the job\'s retainer. `fee_percentage` and `firm_commission_percent` are 0–100; `sequence` an integer ≥ 0; dates `YYYY-MM-DD`. ' +
    '`retainer_id` must be the job\'s retainer and `fee_status_id` a fee status of the team (400 otherwise); `candidate_id` and `offer_id` are stored as given and not checked yet. ' +
    'Derived amounts are never typed in, so `total_fee`, `projected_fee` and `total_placement_fee` in a body are a 400: a placement\'s `total_fee` is `compensation × fee_percentage / 100` (for a flat fee, its `amount`), a retainer event\'s is the retainer\'s `projected_fee`; `amount`, when null, derives as the whole `total_fee` of a placement or an equal share (`total_fee / installment_count`) of a retainer. ' +
    'Answers the event as `fees.fee_events[]` of `GET /v1/jobs/{id}` shows it. These endpoints reveal compensation, so they need scope `compensation:read` (403 `INSUFFICIENT_SCOPE` otherwise; session tokens hold every scope).',
  table: 'write',
  scopes: ['compensation:read'],
  successStatus: 201,
  params: z.strictObject({ id: z.uuid() }),
  body: createFeeEventBody,
  response: feeEventSchema,
  errors: [404],
});

export async function createFeeEvent({ principal, params, body }: HandlerRequest<typeof route>) {
  return create(principal.teamId, params.id, body);
}

export const handler = createHandler(route, createFeeEvent);
