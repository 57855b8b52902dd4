import * as z from 'zod/mini';

/**
 * The closed sets of the automation resource: trigger types and run statuses (specification,
 * "Automation"), and the action kinds and task types an automation's actions use
 * (extensions.md, "Automation payloads").
 */

/** A closed-set value with its display label. */
export const labelledValueSchema = z.object({ value: z.string(), label: z.string() });
export type LabelledValue = z.infer<typeof labelledValueSchema>;

/** The trigger types an automation can be saved with (specification, "Automation"). */
export const automationTriggerTypes = [
  { value: 'schedule', label: 'Schedule' },
  { value: 'candidate_status_changed', label: 'Candidate status changed' },
  { value: 'job_status_changed', label: 'Job status changed' },
  { value: 'job_created', label: 'Job created' },
  { value: 'deal_status_changed', label: 'Deal status changed' },
] as const satisfies readonly LabelledValue[];

/** The statuses an automation run goes through (specification, "Automation"). */
export const automationRunStatuses = [
  { value: 'pending', label: 'Pending' },
  { value: 'processing', label: 'Processing' },
  { value: 'waiting', label: 'Waiting' },
  { value: 'completed', label: 'Completed' },
  { value: 'failed', label: 'Failed' },
  { value: 'skipped', label: 'Skipped' },
  { value: 'dead_letter', label: 'Dead letter' },
] as const satisfies readonly LabelledValue[];

export type AutomationTriggerType = (typeof automationTriggerTypes)[number]['value'];

/** The trigger type keys, for `z.enum`. */
export const automationTriggerTypeValues = automationTriggerTypes.map((type) => type.value) as [AutomationTriggerType, ...AutomationTriggerType[]];

/** The kinds of action an automation runs, in the order extensions.md lists them. */
export const automationActionTypes = ['send_email', 'delay', 'add_note', 'create_task', 'agent_instructions'] as const;
export type AutomationActionType = (typeof automationActionTypes)[number];

