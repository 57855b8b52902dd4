import { automationRowSchema } from '../../shared/domain/automations/automation-record';
import { searchAutomationsBody, searchAutomations as search } from '../../shared/domain/automations/automation-service';
import { createHandler } from '../../shared/http/chain';
import type { HandlerRequest } from '../../shared/http/chain';
import { page } from '../../shared/http/envelope';
import { defineRoute } from '../../shared/http/route';

export const route = defineRoute({
  method: 'POST',
  path: '/v1/automations/search',
  tag: 'Automations',
  summary: 'Search automations',
  description:
    'Filters combine with AND: `keywords` (each a case-insensitive substring of the name; all must match), `is_enabled`, `is_archived` (default false, so archived automations are hidden; true lists only archived ones), `trigger_type`. ' +
    'Sorted by `sort_by` (`created_at` default, `updated_at`, or `name`, case-insensitive) in `sort_order` (`desc` default); ties keep creation order. ' +
    'Rows carry `action_count` and `action_types` (the kinds of the actions in order of first appearance, without repeats), never the trigger or action payloads: `GET /v1/automations/{id}` has those. ' +
    'Cost: a search reads every automation of the team once (a team has a few), so it grows with their number, not with the page.',
  table: 'read',
  body: searchAutomationsBody,
  response: automationRowSchema,
  paginated: true,
});

export async function searchAutomations({ principal, body }: HandlerRequest<typeof route>) {
  const { items, total } = await search(principal.teamId, body);
  return page(items, { total, offset: body.offset, limit: body.limit });
}

export const handler = createHandler(route, searchAutomations);
