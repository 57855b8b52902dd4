import * as z from 'zod/mini';
import { automationSchema } from '../../shared/domain/automations/automation-record';
import { getAutomation as read } from '../../shared/domain/automations/automation-service';
import { createHandler } from '../../shared/http/chain';
import type { HandlerRequest } from '../../shared/http/chain';
import { defineRoute } from '../../shared/http/route';

export const route = defineRoute({
  method: 'GET',
  path: '/v1/automations/{id}',
  tag: 'Automations',
  summary: 'Get an automation',
  description:
    'The full definition: the list row (`action_count`, and `action_types`: the kinds of the actions in order of first appearance, without repeats) plus `trigger` and `actions` as stored (a cron schedule always shows its `timezone`). Another team\'s automation answers 404.',
  table: 'read',
  params: z.strictObject({ id: z.uuid() }),
  response: automationSchema,
  errors: [404],
});

export async function getAutomation({ principal, params }: HandlerRequest<typeof route>) {
  return read(principal.teamId, params.id);
}

export const handler = createHandler(route, getAutomation);
