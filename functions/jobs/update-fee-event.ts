import * as z from 'zod/mini';
import { updateFeeEventBody, updateFeeEvent as update } from '../../shared/domain/jobs/fee-event-service';
import { feeEventSchema } from '../../shared/domain/jobs/fees';
import { createHandler } from '../../shared/http/chain';
import type { HandlerRequest } from '../../shared/http/chain';
import { defineRoute } from '../../shared/http/route';

export const route = defineRoute({
  method: 'PATCH',
  path: '/v1/jobs/{id}/fee-events/{fee_event_id}',
  tag: 'Jobs',
  summary: 'Update a fee event of a job',
  description:
    'Changes the fields given (the fields of `POST /v1/jobs/{id}/fee-events`, all optional); `amount: null` derives the amount again. Derived fields (`total_fee`, `projected_fee`, `total_placement_fee`) are not accepted (400) and follow from the new values: changing `compensation` or `fee_percentage` changes `total_fee`, a derived `amount` and the job\'s `total_placement_fee`. ' +
    '`retainer_id` must be the job\'s retainer and `fee_status_id` a fee status of the team (400 otherwise); `candidate_id` and `offer_id` are not checked yet. A job or fee event that is not the team\'s is a 404; a concurrent change to the same event is a 409 (retry). ' +
    'Answers the event as `fees.fee_events[]` of `GET /v1/jobs/{id}` shows it. Needs scope `compensation:read`, because the answer reveals compensation.',
  table: 'write',
  scopes: ['compensation:read'],
  params: z.strictObject({ id: z.uuid(), fee_event_id: z.uuid() }),
  body: updateFeeEventBody,
  response: feeEventSchema,
  errors: [404, 409],
});

export async function updateFeeEvent({ principal, params, body }: HandlerRequest<typeof route>) {
  return update(principal.teamId, params.id, params.fee_event_id, body);
}

export const handler = createHandler(route, updateFeeEvent);
