import * as z from 'zod/mini';
import { displayName, hexColor } from '../schemas';
import { defineConfigurationList } from './configuration-list';

/** A client contact status (specification: colour and order may be null). */
export const clientContactStatusSchema = z.object({
  id: z.string(),
  name: z.string(),
  color: z.nullable(z.string()),
  stage_order: z.nullable(z.number()),
  is_default_status: z.boolean(),
});

export const createClientContactStatusBody = z.strictObject({
  name: displayName(),
  color: z.optional(z.nullable(hexColor())),
  stage_order: z.optional(z.number().check(z.int(), z.minimum(0))),
  is_default_status: z.optional(z.boolean()),
});
export const updateClientContactStatusBody = z.partial(createClientContactStatusBody);

/** Statuses of client contacts, ordered by `stage_order`; the default one is given to new contacts. */
export const clientContactStatuses = defineConfigurationList({
  type: 'CLIENT_CONTACT_STATUS',
  label: 'Client contact status',
  record: clientContactStatusSchema,
  addressedBy: 'id',
  order: 'stage_order',
  uniqueNames: true,
  singleDefault: true,
  createDefaults: { color: null, is_default_status: false },
  seed: [
    { name: 'Prospect', color: '#6B7280', is_default_status: true },
    { name: 'Active', color: '#16A34A' },
    { name: 'Inactive', color: '#9CA3AF' },
  ],
});
