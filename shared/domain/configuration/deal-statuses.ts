import * as z from 'zod/mini';
import { displayName, hexColor } from '../schemas';
import { defineConfigurationList } from './configuration-list';

/** A deal status as `GET /v1/deals/statuses` shows it. */
export const dealStatusSchema = z.object({
  id: z.string(),
  name: z.string(),
  color: z.string(),
  stage_order: z.number(),
  status_type: z.enum(['active', 'won', 'lost']),
  is_default_status: z.boolean(),
});

export const createDealStatusBody = z.strictObject({
  name: displayName(),
  color: z.optional(hexColor()),
  stage_order: z.optional(z.number().check(z.int(), z.minimum(0))),
  status_type: z.optional(z.enum(['active', 'won', 'lost'])),
  is_default_status: z.optional(z.boolean()),
});
export const updateDealStatusBody = z.partial(createDealStatusBody);

/** Deal statuses, ordered by `stage_order`; `won` and `lost` close a deal. */
export const dealStatuses = defineConfigurationList({
  type: 'DEAL_STATUS',
  label: 'Deal status',
  record: dealStatusSchema,
  addressedBy: 'id',
  order: 'stage_order',
  uniqueNames: true,
  singleDefault: true,
  createDefaults: { color: '#6B7280', status_type: 'active', is_default_status: false },
  seed: [
    { name: 'Lead', color: '#6B7280', status_type: 'active', is_default_status: true },
    { name: 'Qualified', color: '#2563EB', status_type: 'active' },
    { name: 'Proposal', color: '#D97706', status_type: 'active' },
    { name: 'Won', color: '#16A34A', status_type: 'won' },
    { name: 'Lost', color: '#DC2626', status_type: 'lost' },
  ],
});
