import * as z from 'zod/mini';
import { displayName, hexColor } from '../schemas';
import { defineConfigurationList } from './configuration-list';

/** A client status of companies (`client_status` on the company record). */
export const companyClientStatusSchema = z.object({
  id: z.string(),
  name: z.string(),
  color: z.string(),
  stage_order: z.number(),
  is_default_status: z.boolean(),
});

export const createCompanyClientStatusBody = z.strictObject({
  name: displayName(),
  color: z.optional(hexColor()),
  stage_order: z.optional(z.number().check(z.int(), z.minimum(0))),
  is_default_status: z.optional(z.boolean()),
});
export const updateCompanyClientStatusBody = z.partial(createCompanyClientStatusBody);

/** Client statuses of companies, ordered by `stage_order`; the default one is given to new clients. */
export const companyClientStatuses = defineConfigurationList({
  type: 'COMPANY_CLIENT_STATUS',
  label: 'Company client status',
  record: companyClientStatusSchema,
  addressedBy: 'id',
  order: 'stage_order',
  uniqueNames: true,
  singleDefault: true,
  createDefaults: { color: '#6B7280', is_default_status: false },
  seed: [
    { name: 'Prospect', color: '#6B7280', is_default_status: true },
    { name: 'Active client', color: '#16A34A' },
    { name: 'Former client', color: '#9CA3AF' },
  ],
});
