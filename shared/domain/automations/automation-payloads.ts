import * as z from 'zod/mini';
import type { ErrorDetail } from '../../http/errors';
import { findCompany } from '../companies/company-store';
import { dealStatuses } from '../configuration/deal-statuses';
import { jobStatuses } from '../configuration/job-statuses';
import { findJob } from '../jobs/job-store';
import { taskTypes } from '../tasks/task-store';
import type { AutomationActionType, AutomationTriggerType } from './catalogue';
import { parseCron, parseRate } from './schedule-expressions';

/**
 * The payloads of an automation (extensions.md, "Automation payloads"): the `trigger` object, whose
 * shape depends on `trigger_type`, and the `actions` list. Actions are validated by the request
 * schema (a union on `type`); the trigger is validated here, against the schema of its type and
 * the team's records, because its shape depends on a sibling field (and, on update, on the stored
 * trigger type).
 */

/** Most actions one automation may run, and most entries in one trigger filter. */
export const maxActions = 50;
export const maxFilterEntries = 50;

/** Text an action needs: at least one non-blank character, at most `max` characters. */
const text = (max: number) => z.string().check(z.maxLength(max), z.regex(/\S/, 'Must not be empty or blank'));

const emailAddress = z.email();
const isRecipient = (value: string) => value === 'candidate' || value === 'owners' || emailAddress.safeParse(value).success;

/** One action, by `type`; unknown types and unknown fields are refused. */
export const actionSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('send_email'),
    to: z.string().check(z.refine(isRecipient, 'Expected "candidate", "owners" or an email address')).register(z.globalRegistry, { description: '"candidate", "owners" or an email address' }),
    subject: text(500),
    body: text(20_000),
  }),
  z.strictObject({ type: z.literal('delay'), minutes: z.number().check(z.int(), z.minimum(1), z.maximum(525_600)) }),
  z.strictObject({ type: z.literal('add_note'), content: text(20_000) }),
  z.strictObject({
    type: z.literal('create_task'),
    content_text: text(5_000),
    // A `create_task` action creates a task, so it takes the task resource's types.
    task_type: z.enum(taskTypes),
    due_in_days: z.optional(z.number().check(z.int(), z.minimum(0), z.maximum(3_650))),
  }),
  z.strictObject({ type: z.literal('agent_instructions'), instructions: text(20_000) }),
]);
export type AutomationAction = z.output<typeof actionSchema>;

/** The `actions` of a definition: at least one, at most {@link maxActions}, run in order. */
export const actionsSchema = z.array(actionSchema).check(z.minLength(1), z.maxLength(maxActions));

/** The `trigger` field of a request: an object, checked against its type by {@link checkTrigger}. */
export const triggerInput = z.record(z.string(), z.unknown()).register(z.globalRegistry, {
  description: 'The trigger of `trigger_type` (see the operation description); checked against that type.',
});

const stageNames = z.optional(z.array(z.string().check(z.minLength(1), z.maxLength(200))).check(z.maxLength(maxFilterEntries)));
const statusIds = z.optional(z.array(z.uuid()).check(z.maxLength(maxFilterEntries)));

/** The shape of the trigger of each type, as given and as stored (an absent filter matches everything). */
export const triggerSchemas = {
  schedule: z.strictObject({
    cron: z.optional(z.string().check(z.maxLength(200))),
    rate: z.optional(z.string().check(z.maxLength(50))),
    timezone: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
  }),
  candidate_status_changed: z.strictObject({ job_id: z.optional(z.nullable(z.uuid())), from_stage_names: stageNames, to_stage_names: stageNames }),
  job_status_changed: z.strictObject({ from_status_ids: statusIds, to_status_ids: statusIds }),
  job_created: z.strictObject({ client_company_id: z.optional(z.nullable(z.uuid())) }),
  deal_status_changed: z.strictObject({ from_status_ids: statusIds, to_status_ids: statusIds }),
} satisfies Record<AutomationTriggerType, z.ZodMiniObject>;

/** A stored trigger: the fields given, with nulls dropped, repeats removed and the schedule's timezone filled in. */
export type AutomationTrigger = Record<string, unknown>;

/** Every trigger shape, for the response schema (the document lists the alternatives). */
export const triggerOutput = z.union([
  z.strictObject({ cron: z.string(), timezone: z.string() }),
  z.strictObject({ rate: z.string() }),
  triggerSchemas.candidate_status_changed,
  triggerSchemas.job_status_changed,
  triggerSchemas.job_created,
]);

/** The payload rules in words, for the OpenAPI descriptions of create and update. */
export const automationPayloadRules =
  '`trigger` by `trigger_type` (strict objects; an absent filter matches every change): ' +
  '`schedule` `{cron, timezone?}` (a five-field cron expression `minute hour day-of-month month day-of-week`, each field checked on its own: numbers in range, `*`, `a-b`, lists, `/step`, three-letter month and day names; ' +
  '`timezone` an IANA zone such as `Europe/Berlin`, stored in its canonical spelling, `UTC` by default) or `{rate}` (`"<n> minute(s)|hour(s)|day(s)"`, singular for 1, at most a year), exactly one of `cron` and `rate`; ' +
  '`candidate_status_changed` `{job_id?, from_stage_names?, to_stage_names?}` (a live job of the team; with `job_id`, stage names must be stages of that job, compared case-insensitively); ' +
  '`job_status_changed` `{from_status_ids?, to_status_ids?}` (job statuses of the team); `deal_status_changed` the same with deal statuses; `job_created` `{client_company_id?}` (a live company of the team). ' +
  'Filters hold at most 50 entries; repeats are dropped. ' +
  '`actions`: 1 to 50, run in order, each `{type, ...}`: `send_email` `{to: "candidate" | "owners" | an email address, subject, body}`; `delay` `{minutes: 1..525600}`; `add_note` `{content}`; ' +
  '`create_task` `{content_text, task_type: text | social_message | social_connection | call | other, due_in_days?: 0..3650}`; `agent_instructions` `{instructions}`. Texts must not be blank. ' +
  'The trigger and actions together hold at most 256 KiB of JSON. Every problem is reported in `details` with its path (e.g. `body.actions.2.minutes`, `body.trigger.cron`); ids that are not the team\'s are a 400.';

/** zod issues as `details`, under `prefix` (an unknown key is reported at its own path). */
export function issueDetails(issues: readonly z.core.$ZodIssue[], prefix: string): ErrorDetail[] {
  return issues.flatMap((issue) => {
    const paths = issue.code === 'unrecognized_keys' ? issue.keys.map((key) => [...issue.path, key]) : [issue.path];
    return paths.map((path) => ({ path: [prefix, ...path.map(String)].join('.'), message: issue.message }));
  });
}

/**
 * The IANA name of a time zone in its canonical spelling (`europe/berlin` → `Europe/Berlin`), or
 * `undefined` when the runtime does not know it. Asked on the write path only: the formatter is
 * built per call, so no ICU set-up happens when a bundle loads.
 */
export function canonicalTimeZone(zone: string): string | undefined {
  // Offsets (`+01:00`) are accepted by some runtimes only; a schedule names a zone.
  if (!/^[A-Za-z]/.test(zone)) return undefined;
  try {
    return new Intl.DateTimeFormat(undefined, { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

function checkSchedule(trigger: z.output<typeof triggerSchemas.schedule>, path: string, details: ErrorDetail[]): AutomationTrigger {
  if (trigger.cron !== undefined && trigger.rate !== undefined) details.push({ path, message: 'Give either cron or rate, not both' });
  if (trigger.cron === undefined && trigger.rate === undefined) details.push({ path, message: 'A schedule needs cron (a five-field cron expression) or rate (e.g. "15 minutes")' });
  if (trigger.rate !== undefined) {
    const rate = parseRate(trigger.rate);
    if (!rate.ok) details.push(...rate.problems.map((message) => ({ path: `${path}.rate`, message })));
    if (trigger.timezone !== undefined) details.push({ path: `${path}.timezone`, message: 'Only a cron schedule takes a timezone' });
    return { rate: trigger.rate };
  }
  if (trigger.cron !== undefined) {
    const cron = parseCron(trigger.cron);
    if (!cron.ok) details.push(...cron.problems.map((message) => ({ path: `${path}.cron`, message })));
  }
  let timezone = 'UTC';
  if (trigger.timezone !== undefined) {
    const canonical = canonicalTimeZone(trigger.timezone);
    if (canonical) timezone = canonical;
    else details.push({ path: `${path}.timezone`, message: 'Not an IANA time zone such as Europe/Berlin' });
  }
  return { cron: trigger.cron, timezone };
}

async function checkCandidateTrigger(teamId: string, trigger: z.output<typeof triggerSchemas.candidate_status_changed>, path: string, details: ErrorDetail[]): Promise<AutomationTrigger> {
  const stored: AutomationTrigger = {};
  if (trigger.job_id) {
    stored.job_id = trigger.job_id;
    const job = await findJob(teamId, trigger.job_id);
    if (!job) details.push({ path: `${path}.job_id`, message: 'Not a job of this team' });
    else {
      // Stage names of the job are unique case-insensitively; a filter names them the same way.
      const stages = new Set(job.pipeline_stages.map((stage) => stage.name.trim().toLowerCase()));
      for (const field of ['from_stage_names', 'to_stage_names'] as const) {
        trigger[field]?.forEach((name, index) => {
          if (!stages.has(name.trim().toLowerCase())) {
            details.push({ path: `${path}.${field}.${index}`, message: `Not a stage of this job (its stages: ${job.pipeline_stages.map((stage) => stage.name).join(', ')})` });
          }
        });
      }
    }
  }
  if (trigger.from_stage_names) stored.from_stage_names = [...new Set(trigger.from_stage_names)];
  if (trigger.to_stage_names) stored.to_stage_names = [...new Set(trigger.to_stage_names)];
  return stored;
}

async function checkStatusTrigger(
  lookup: () => Promise<Map<string, { deleted: boolean }>>,
  noun: string,
  trigger: z.output<typeof triggerSchemas.job_status_changed>,
  path: string,
  details: ErrorDetail[],
): Promise<AutomationTrigger> {
  const stored: AutomationTrigger = {};
  const statuses = trigger.from_status_ids?.length || trigger.to_status_ids?.length ? await lookup() : new Map<string, { deleted: boolean }>();
  for (const field of ['from_status_ids', 'to_status_ids'] as const) {
    const ids = trigger[field];
    if (!ids) continue;
    ids.forEach((id, index) => {
      const status = statuses.get(id);
      if (!status || status.deleted) details.push({ path: `${path}.${field}.${index}`, message: `Not a ${noun} of this team` });
    });
    stored[field] = [...new Set(ids)];
  }
  return stored;
}

async function checkJobCreatedTrigger(teamId: string, trigger: z.output<typeof triggerSchemas.job_created>, path: string, details: ErrorDetail[]): Promise<AutomationTrigger> {
  if (!trigger.client_company_id) return {};
  if (!(await findCompany(teamId, trigger.client_company_id))) details.push({ path: `${path}.client_company_id`, message: 'Not a company of this team' });
  return { client_company_id: trigger.client_company_id };
}

/**
 * Checks `input` as the trigger of `type`: its shape (strict, per type), a schedule's cron or
 * rate and time zone, and that the jobs, stages, statuses and companies it names are the team's.
 * Problems are added to `details` under `path`; the answer is the trigger to store.
 * @example const trigger = await checkTrigger(teamId, 'job_created', body.trigger, 'body.trigger', details)
 */
export async function checkTrigger(teamId: string, type: AutomationTriggerType, input: unknown, path: string, details: ErrorDetail[]): Promise<AutomationTrigger> {
  const parsed = triggerSchemas[type].safeParse(input);
  if (!parsed.success) {
    details.push(...issueDetails(parsed.error.issues, path));
    return {};
  }
  switch (type) {
    case 'schedule':
      return checkSchedule(parsed.data as z.output<typeof triggerSchemas.schedule>, path, details);
    case 'candidate_status_changed':
      return checkCandidateTrigger(teamId, parsed.data as z.output<typeof triggerSchemas.candidate_status_changed>, path, details);
    case 'job_status_changed':
      return checkStatusTrigger(() => jobStatuses.lookup(teamId), 'job status', parsed.data as z.output<typeof triggerSchemas.job_status_changed>, path, details);
    case 'deal_status_changed':
      return checkStatusTrigger(() => dealStatuses.lookup(teamId), 'deal status', parsed.data as z.output<typeof triggerSchemas.deal_status_changed>, path, details);
    case 'job_created':
      return checkJobCreatedTrigger(teamId, parsed.data as z.output<typeof triggerSchemas.job_created>, path, details);
  }
}

/**
 * The kinds of a list of actions, in order of first appearance and without repeats: what a list
 * row shows as `action_types` (`[send_email, delay, send_email]` → `[send_email, delay]`).
 */
export function actionTypesOf(actions: readonly { type: AutomationActionType }[]): AutomationActionType[] {
  return [...new Set(actions.map((action) => action.type))];
}
