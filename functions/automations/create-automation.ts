import { automationPayloadRules } from '../../shared/domain/automations/automation-payloads';
import { automationSchema } from '../../shared/domain/automations/automation-record';
import { createAutomationBody, createAutomation as create } from '../../shared/domain/automations/automation-service';
import { createHandler } from '../../shared/http/chain';
import type { HandlerRequest } from '../../shared/http/chain';
import { defineRoute } from '../../shared/http/route';

export const route = defineRoute({
  method: 'POST',
  path: '/v1/automations',
  tag: 'Automations',
  summary: 'Create an automation',
  description: `Required: \`name\`, \`trigger_type\`, \`trigger\`, \`actions\`; \`is_enabled\`, \`runs_on_api_changes\` and \`is_archived\` default to false. ${automationPayloadRules} Answers the full definition: the list row plus \`trigger\` and \`actions\`.`,
  table: 'write',
  successStatus: 201,
  body: createAutomationBody,
  response: automationSchema,
});

export async function createAutomation({ principal, body }: HandlerRequest<typeof route>) {
  return create(principal.teamId, body);
}

export const handler = createHandler(route, createAutomation);
