import * as z from 'zod/mini';
import { eventWrite } from '../../events/event-outbox';
import { forTeam, splitMeta } from '../../db/repository';
import { NotFoundError, ValidationError } from '../../http/errors';
import type { ErrorDetail } from '../../http/errors';
import { creationSortKey, newId, nowIso } from '../clock';
import { feeStatuses } from '../configuration/fee-statuses';
import { currencyCode, displayName } from '../schemas';
import { feeEventTypes, renderFees } from './fees';
import type { FeeEvent, StoredFeeEvent } from './fees';
import { feeEventKey, findJob } from './job-store';
import type { Retainer, StoredJob } from './job-store';

/*
 * Fee events of a job: items `FEE_EVENT#<id>` of the job's collection (see job-store.ts), holding
 * exactly what was typed in (`StoredFeeEvent`). `total_fee`, a derived `amount`, the retainer's
 * `projected_fee` and `total_placement_fee` are derived by fees.ts when rendering, so they are not
 * fields of these bodies: sending one is a 400 like any unknown field.
 */

const percent = () => z.optional(z.nullable(z.number().check(z.minimum(0), z.maximum(100))));
const money = () => z.optional(z.nullable(z.number().check(z.minimum(0))));
const planDate = () => z.optional(z.nullable(z.iso.date()));
const reference = () => z.optional(z.nullable(z.uuid()));
/** ISO 4217, as jobs take it (job-service.ts has the same rule; kept here so this Lambda does not bundle the job service). */

/** The writable fields of a fee event besides `type` and `label`, shared by create and update. */
const feeEventFields = {
  /** Overrides the derived share; null derives it again. */
  amount: money(),
  currency_code: z.optional(currencyCode()),
  fee_type: z.optional(z.enum(['percentage', 'flat'])),
  fee_percentage: percent(),
  compensation: money(),
  firm_commission_percent: percent(),
  is_placeholder: z.optional(z.boolean()),
  sequence: z.optional(z.nullable(z.number().check(z.int(), z.minimum(0)))),
  start_date: planDate(),
  expected_date: planDate(),
  actual_payment_date: planDate(),
  candidate_id: reference(),
  offer_id: reference(),
  retainer_id: reference(),
  fee_status_id: z.optional(z.uuid()),
};

export const createFeeEventBody = z.strictObject({ type: z.enum(feeEventTypes), label: displayName(), ...feeEventFields });
export const updateFeeEventBody = z.strictObject({ type: z.optional(z.enum(feeEventTypes)), label: z.optional(displayName()), ...feeEventFields });
type FeeEventInput = z.output<typeof updateFeeEventBody>;

const writableFields = [
  'type', 'label', 'amount', 'currency_code', 'fee_type', 'fee_percentage', 'compensation', 'firm_commission_percent', 'is_placeholder',
  'sequence', 'start_date', 'expected_date', 'actual_payment_date', 'candidate_id', 'offer_id', 'retainer_id', 'fee_status_id',
] as const satisfies readonly (keyof FeeEventInput & keyof StoredFeeEvent)[];

/** A fee status as rendering and validation need it; `deleted` ones still name the events that use them. */
type FeeStatusLookup = Map<string, { name: string; color: string; status_type: string; deleted: boolean }>;

const changedConcurrently = 'The fee event changed concurrently; retry';

/** One fee event exactly as `fees.fee_events[]` of `GET /v1/jobs/{id}` shows it (the same renderer). */
function renderFeeEvent(event: StoredFeeEvent, retainer: Retainer | null, statuses: FeeStatusLookup): FeeEvent {
  return renderFees(retainer, [event], statuses).fee_events[0] as FeeEvent;
}

/**
 * Merges `input` into `base` and checks what needs the database: `retainer_id` must be the job's
 * retainer, `fee_status_id` a live fee status of the team. `candidate_id` and `offer_id` are stored
 * as given (candidates and offers are not checked yet). Every problem is reported at once.
 */
function applyFeeEventInput(base: StoredFeeEvent, input: FeeEventInput, job: StoredJob, statuses: FeeStatusLookup, now: string): StoredFeeEvent {
  const details: ErrorDetail[] = [];
  const next: StoredFeeEvent = { ...base, updated_at: now };
  for (const field of writableFields) {
    if (input[field] !== undefined) (next as unknown as Record<string, unknown>)[field] = input[field];
  }
  if (input.retainer_id && input.retainer_id !== job.retainer?.id) {
    details.push({ path: 'body.retainer_id', message: job.retainer ? "Not this job's retainer" : 'This job has no retainer' });
  }
  if (input.fee_status_id !== undefined) {
    const status = statuses.get(input.fee_status_id);
    if (!status || status.deleted) details.push({ path: 'body.fee_status_id', message: 'Not a fee status of this team' });
  }
  if (!next.fee_status_id) details.push({ path: 'body.fee_status_id', message: 'The team has no fee status of type pending to default to; give fee_status_id' });
  if (details.length) throw new ValidationError(details.length === 1 ? `Invalid fee event: ${(details[0] as ErrorDetail).message}` : `Invalid fee event: ${details.length} problems, see details`, details);
  return next;
}

async function readJob(teamId: string, jobId: string): Promise<StoredJob> {
  const job = await findJob(teamId, jobId);
  if (!job) throw new NotFoundError('Job');
  return job;
}

/**
 * `POST /v1/jobs/{id}/fee-events`. Defaults: `currency_code` the job's, `fee_type` percentage,
 * `is_placeholder` false, `fee_status_id` the team's first fee status of type pending, and for a
 * retainer event `retainer_id` the job's retainer. One `PutItem` into the job's collection.
 */
export async function createFeeEvent(teamId: string, jobId: string, input: z.output<typeof createFeeEventBody>): Promise<FeeEvent> {
  const [job, statusList] = await Promise.all([readJob(teamId, jobId), feeStatuses.list(teamId)]);
  const statuses: FeeStatusLookup = new Map(statusList.map((status) => [status.id, { ...status, deleted: false }]));
  const now = nowIso();
  const base: StoredFeeEvent = {
    id: newId(),
    job_id: jobId,
    type: input.type,
    label: input.label,
    amount: null,
    currency_code: job.currency_code,
    fee_type: 'percentage',
    fee_percentage: null,
    compensation: null,
    firm_commission_percent: null,
    is_placeholder: false,
    sequence: null,
    start_date: null,
    expected_date: null,
    actual_payment_date: null,
    candidate_id: null,
    offer_id: null,
    retainer_id: input.type === 'retainer' ? (job.retainer?.id ?? null) : null,
    fee_status_id: statusList.find((status) => status.status_type === 'pending')?.id ?? '',
    created_at: now,
    updated_at: now,
  };
  const event = applyFeeEventInput(base, input, job, statuses, now);
  const table = forTeam(teamId);
  const rendered = renderFeeEvent(event, job.retainer, statuses);
  await table.write([
    table.create(feeEventKey(jobId, event.id), { ...event, created_sort: creationSortKey() }, { entity: 'FEE_EVENT', conflictMessage: 'Fee event id collision' }),
    eventWrite(table, { type: 'fee_event.created', subject: 'plain', snapshot: { ...rendered, job_id: jobId }, timestamp: now }),
  ]);
  return rendered;
}

/**
 * `PATCH /v1/jobs/{id}/fee-events/{fee_event_id}`: changes the fields given, only if nobody changed
 * the event since it was read (its version; 409 otherwise).
 */
export async function updateFeeEvent(teamId: string, jobId: string, feeEventId: string, input: FeeEventInput): Promise<FeeEvent> {
  const table = forTeam(teamId);
  const [job, current, statuses] = await Promise.all([readJob(teamId, jobId), table.get<StoredFeeEvent>(feeEventKey(jobId, feeEventId)), feeStatuses.lookup(teamId)]);
  if (!current || current.deleted_at) throw new NotFoundError('Fee event');
  const { record, meta } = splitMeta(current);
  const event = applyFeeEventInput(record, input, job, statuses, nowIso());
  const { id: _id, job_id: _job, created_at: _created, ...changes } = event;
  const rendered = renderFeeEvent(event, job.retainer, statuses);
  await table.write([
    table.update(feeEventKey(jobId, feeEventId), meta.version, changes, { conflictMessage: changedConcurrently }),
    eventWrite(table, { type: 'fee_event.updated', subject: 'plain', snapshot: { ...rendered, job_id: jobId }, timestamp: event.updated_at }),
  ]);
  return rendered;
}
