import * as z from 'zod/mini';
import { displayName, hexColor } from '../schemas';
import { defineConfigurationList } from './configuration-list';

export const jobStatusTypes = ['open', 'on_hold', 'closed'] as const;

/** A job status; `status_type` says whether jobs in it are open, on hold or closed. */
export const jobStatusSchema = z.object({
  id: z.string(),
  name: z.string(),
  color: z.string(),
  stage_order: z.number(),
  status_type: z.enum(jobStatusTypes),
  is_default_status: z.boolean(),
});

export const createJobStatusBody = z.strictObject({
  name: displayName(),
  color: z.optional(hexColor()),
  stage_order: z.optional(z.number().check(z.int(), z.minimum(0))),
  status_type: z.optional(z.enum(jobStatusTypes)),
  is_default_status: z.optional(z.boolean()),
});
export const updateJobStatusBody = z.partial(createJobStatusBody);

/** Job statuses, ordered by `stage_order`; the default one is given to new jobs. */
export const jobStatuses = defineConfigurationList({
  type: 'JOB_STATUS',
  label: 'Job status',
  record: jobStatusSchema,
  addressedBy: 'id',
  order: 'stage_order',
  uniqueNames: true,
  singleDefault: true,
  createDefaults: { color: '#6B7280', status_type: 'open', is_default_status: false },
  seed: [
    { name: 'Open', color: '#16A34A', status_type: 'open', is_default_status: true },
    { name: 'On hold', color: '#D97706', status_type: 'on_hold' },
    { name: 'Closed', color: '#6B7280', status_type: 'closed' },
  ],
});
