import * as z from 'zod/mini';
import { timestamp } from '../schemas';
import { automationActionTypes, automationTriggerTypeValues } from './catalogue';
import { actionSchema, actionTypesOf, triggerOutput } from './automation-payloads';
import type { StoredAutomation } from './automation-store';

/**
 * A list row (specification, "Automation (list row)"): counts only, never the trigger or the
 * actions. `action_types` are the kinds of the actions in order of first appearance, without repeats.
 */
export const automationRowSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  is_enabled: z.boolean(),
  is_archived: z.boolean(),
  runs_on_api_changes: z.boolean(),
  trigger_type: z.enum(automationTriggerTypeValues),
  action_count: z.number().check(z.int()),
  action_types: z.array(z.enum(automationActionTypes)),
  created_at: timestamp(),
  updated_at: timestamp(),
});
export type AutomationRow = z.output<typeof automationRowSchema>;

/** The full definition (`GET /v1/automations/{id}`, create and update): the list row plus `trigger` and `actions`. */
export const automationSchema = z.strictObject({
  ...automationRowSchema.shape,
  trigger: triggerOutput,
  actions: z.array(actionSchema),
});
export type Automation = z.output<typeof automationSchema>;

/** The list row of a stored automation. */
export function toAutomationRow(stored: StoredAutomation): AutomationRow {
  return {
    id: stored.id,
    name: stored.name,
    is_enabled: stored.is_enabled,
    is_archived: stored.is_archived,
    runs_on_api_changes: stored.runs_on_api_changes,
    trigger_type: stored.trigger_type,
    action_count: stored.actions.length,
    action_types: actionTypesOf(stored.actions),
    created_at: stored.created_at,
    updated_at: stored.updated_at,
  };
}

/** The full definition of a stored automation. */
export function toAutomation(stored: StoredAutomation): Automation {
  return { ...toAutomationRow(stored), trigger: stored.trigger as Automation['trigger'], actions: stored.actions };
}
