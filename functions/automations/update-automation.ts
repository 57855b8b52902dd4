import * as z from 'zod/mini';
import { automationPayloadRules } from '../../shared/domain/automations/automation-payloads';
import { automationSchema } from '../../shared/domain/automations/automation-record';
import { updateAutomationBody, updateAutomation as update } from '../../shared/domain/automations/automation-service';
import { createHandler } from '../../shared/http/chain';
import type { HandlerRequest } from '../../shared/http/chain';
import { defineRoute } from '../../shared/http/route';

export const route = defineRoute({
  method: 'PATCH',
  path: '/v1/automations/{id}',
  tag: 'Automations',
  summary: 'Update an automation',
  description: `Changes the fields given; \`trigger\` and \`actions\` are replaced whole. A \`trigger\` is checked against the new \`trigger_type\` when one is given, else the stored one; changing \`trigger_type\` requires a \`trigger\` of the new type. ${automationPayloadRules} The change applies only to the version read (409 when the automation changed concurrently). Answers the full definition.`,
  table: 'write',
  params: z.strictObject({ id: z.uuid() }),
  body: updateAutomationBody,
  response: automationSchema,
  errors: [404, 409],
});

export async function updateAutomation({ principal, params, body }: HandlerRequest<typeof route>) {
  return update(principal.teamId, params.id, body);
}

export const handler = createHandler(route, updateAutomation);
