import * as z from 'zod/mini';
import { automationRunStatuses, labelledValueSchema } from '../../shared/domain/automations/catalogue';
import { createHandler } from '../../shared/http/chain';
import { defineRoute } from '../../shared/http/route';

export const route = defineRoute({
  method: 'GET',
  path: '/v1/automations/run-statuses',
  tag: 'Automations',
  summary: 'List automation run statuses',
  description: 'The closed set of statuses an automation run can be in.',
  table: 'read',
  response: z.array(labelledValueSchema),
});

/** The catalogue is fixed: it does not depend on the team. */
export async function listAutomationRunStatuses() {
  return automationRunStatuses;
}

export const handler = createHandler(route, listAutomationRunStatuses);
