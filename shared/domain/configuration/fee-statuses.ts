import * as z from 'zod/mini';
import { displayName, hexColor } from '../schemas';
import { defineConfigurationList } from './configuration-list';

export const feeStatusTypes = ['pending', 'invoiced', 'paid'] as const;

/** A fee status; `status_type` places it in the pending → invoiced → paid life of a fee. */
export const feeStatusSchema = z.object({
  id: z.string(),
  name: z.string(),
  color: z.string(),
  status_type: z.enum(feeStatusTypes),
});

export const createFeeStatusBody = z.strictObject({
  name: displayName(),
  color: z.optional(hexColor()),
  status_type: z.optional(z.enum(feeStatusTypes)),
});
export const updateFeeStatusBody = z.partial(createFeeStatusBody);

/** Fee statuses, in creation order. */
export const feeStatuses = defineConfigurationList({
  type: 'FEE_STATUS',
  label: 'Fee status',
  record: feeStatusSchema,
  addressedBy: 'id',
  order: 'creation',
  uniqueNames: true,
  singleDefault: false,
  createDefaults: { color: '#6B7280', status_type: 'pending' },
  seed: [
    { name: 'Pending', color: '#D97706', status_type: 'pending' },
    { name: 'Invoiced', color: '#2563EB', status_type: 'invoiced' },
    { name: 'Paid', color: '#16A34A', status_type: 'paid' },
  ],
});
