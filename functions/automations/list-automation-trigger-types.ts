import * as z from 'zod/mini';
import { automationTriggerTypes, labelledValueSchema } from '../../shared/domain/automations/catalogue';
import { createHandler } from '../../shared/http/chain';
import { defineRoute } from '../../shared/http/route';

export const route = defineRoute({
  method: 'GET',
  path: '/v1/automations/trigger-types',
  tag: 'Automations',
  summary: 'List automation trigger types',
  description: 'The closed set of trigger types that can be saved on an automation.',
  table: 'read',
  response: z.array(labelledValueSchema),
});

/** The catalogue is fixed: it does not depend on the team. */
export async function listAutomationTriggerTypes() {
  return automationTriggerTypes;
}

export const handler = createHandler(route, listAutomationTriggerTypes);
