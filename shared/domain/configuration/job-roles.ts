import * as z from 'zod/mini';
import { displayName } from '../schemas';
import { defineConfigurationList } from './configuration-list';

/** A role a team member can hold on a job. */
export const jobRoleSchema = z.object({ id: z.string(), name: z.string() });

export const createJobRoleBody = z.strictObject({ name: displayName() });
export const updateJobRoleBody = z.partial(createJobRoleBody);

/** Roles of team members on jobs, in creation order. */
export const jobRoles = defineConfigurationList({
  type: 'JOB_ROLE',
  label: 'Job role',
  record: jobRoleSchema,
  addressedBy: 'id',
  order: 'creation',
  uniqueNames: true,
  singleDefault: false,
  createDefaults: {},
  seed: [{ name: 'Recruiter' }, { name: 'Sourcer' }, { name: 'Coordinator' }, { name: 'Hiring manager' }],
});
