import type { TeamTable, WriteOperation } from '../../db/repository';
import { nowIso } from '../clock';
import { companyActivityTypes, personActivityTypes } from './activity-types';
import { clientContactStatuses } from './client-contact-statuses';
import { companyClientStatuses } from './company-client-statuses';
import { dealStatuses } from './deal-statuses';
import { feeStatuses } from './fee-statuses';
import { jobRoles } from './job-roles';
import { jobStatuses } from './job-statuses';
import { pipelineTemplateStages } from './pipeline-template';

/** Every configuration list a team has, in the order a new team is seeded. */
export const configurationLists = [jobStatuses, pipelineTemplateStages, dealStatuses, clientContactStatuses, companyClientStatuses, feeStatuses, jobRoles, personActivityTypes, companyActivityTypes];

/** The writes that give a new team the defaults of extensions.md section 4 (65 items: one transaction). */
export function defaultConfigurationWrites(table: TeamTable): WriteOperation[] {
  const now = nowIso();
  return configurationLists.flatMap((list) => list.seedWrites(table, now));
}
