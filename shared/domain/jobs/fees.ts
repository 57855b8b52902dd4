import * as z from 'zod/mini';
import type { Retainer } from './job-store';

/**
 * Fees of a job. Amounts that follow from others are derived here and never typed in:
 *
 * - the retainer's `projected_fee`: `estimated_compensation × fee_percentage / 100` for a
 *   percentage retainer, `flat_fee` for a flat one (null while an input is missing);
 * - a fee event's `total_fee`: for a placement, `compensation × fee_percentage / 100`; for a
 *   retainer instalment, the retainer's projected fee;
 * - a fee event's `amount`, unless given: the whole `total_fee` for a placement, an equal share
 *   (`total_fee / installment_count`) for a retainer instalment;
 * - `total_placement_fee`: the sum of the amounts of the job's placement events that are not
 *   placeholders.
 */

export const feeEventTypes = ['retainer', 'placement'] as const;

/** A fee event as stored: what was typed in. */
export interface StoredFeeEvent {
  id: string;
  job_id: string;
  type: (typeof feeEventTypes)[number];
  label: string;
  /** Typed in to override the derived share; null derives it. */
  amount: number | null;
  currency_code: string;
  fee_type: 'percentage' | 'flat';
  fee_percentage: number | null;
  compensation: number | null;
  firm_commission_percent: number | null;
  is_placeholder: boolean;
  sequence: number | null;
  start_date: string | null;
  expected_date: string | null;
  actual_payment_date: string | null;
  candidate_id: string | null;
  offer_id: string | null;
  retainer_id: string | null;
  fee_status_id: string;
  created_at: string;
  updated_at: string;
}

export const retainerSchema = z.object({
  id: z.string(),
  fee_type: z.string(),
  fee_base: z.string(),
  fee_percentage: z.nullable(z.number()),
  flat_fee: z.nullable(z.number()),
  projected_fee: z.nullable(z.number()),
  estimated_compensation: z.nullable(z.number()),
  installment_count: z.number(),
  final_payment_type: z.string(),
  currency_code: z.string(),
});

export const feeEventSchema = z.object({
  id: z.string(),
  type: z.string(),
  label: z.string(),
  amount: z.nullable(z.number()),
  total_fee: z.nullable(z.number()),
  currency_code: z.string(),
  fee_type: z.string(),
  fee_percentage: z.nullable(z.number()),
  compensation: z.nullable(z.number()),
  firm_commission_percent: z.nullable(z.number()),
  is_placeholder: z.boolean(),
  sequence: z.nullable(z.number()),
  start_date: z.nullable(z.string()),
  expected_date: z.nullable(z.string()),
  actual_payment_date: z.nullable(z.string()),
  candidate_id: z.nullable(z.string()),
  offer_id: z.nullable(z.string()),
  retainer_id: z.nullable(z.string()),
  fee_status_id: z.string(),
  fee_status_name: z.nullable(z.string()),
  fee_status_color: z.nullable(z.string()),
  fee_status_type: z.nullable(z.string()),
});
export type FeeEvent = z.infer<typeof feeEventSchema>;

export const feesSchema = z.object({ retainer: z.nullable(retainerSchema), fee_events: z.array(feeEventSchema), total_placement_fee: z.number() });
export type Fees = z.infer<typeof feesSchema>;

/** Money rounded to cents, so derived amounts do not carry floating-point dust. */
const cents = (value: number) => Math.round(value * 100) / 100;

export function projectedFee(retainer: Retainer): number | null {
  if (retainer.fee_type === 'flat') return retainer.flat_fee;
  if (retainer.estimated_compensation === null || retainer.fee_percentage === null) return null;
  return cents((retainer.estimated_compensation * retainer.fee_percentage) / 100);
}

/** The derived `total_fee` and `amount` of a fee event. */
export function deriveFeeEventAmounts(event: StoredFeeEvent, retainer: Retainer | null): { total_fee: number | null; amount: number | null } {
  let total: number | null;
  if (event.type === 'retainer') total = retainer ? projectedFee(retainer) : null;
  else if (event.fee_type === 'flat') total = event.amount;
  else total = event.compensation !== null && event.fee_percentage !== null ? cents((event.compensation * event.fee_percentage) / 100) : null;
  if (event.amount !== null) return { total_fee: total, amount: event.amount };
  if (total === null) return { total_fee: null, amount: null };
  const share = event.type === 'retainer' ? cents(total / Math.max(retainer?.installment_count ?? 1, 1)) : total;
  return { total_fee: total, amount: share };
}

/** The `fees` section of a job: retainer with its projection, events in creation order with their derived amounts and statuses. */
export function renderFees(
  retainer: Retainer | null,
  events: (StoredFeeEvent & { created_sort?: string })[],
  feeStatuses: Map<string, { name: string; color: string; status_type: string }>,
): Fees {
  const ordered = [...events].sort((a, b) => ((a.sequence ?? Number.MAX_SAFE_INTEGER) - (b.sequence ?? Number.MAX_SAFE_INTEGER)) || ((a.created_sort ?? '') < (b.created_sort ?? '') ? -1 : 1));
  const feeEvents = ordered.map((event) => {
    const status = feeStatuses.get(event.fee_status_id);
    return {
      id: event.id,
      type: event.type,
      label: event.label,
      ...deriveFeeEventAmounts(event, retainer),
      currency_code: event.currency_code,
      fee_type: event.fee_type,
      fee_percentage: event.fee_percentage,
      compensation: event.compensation,
      firm_commission_percent: event.firm_commission_percent,
      is_placeholder: event.is_placeholder,
      sequence: event.sequence,
      start_date: event.start_date,
      expected_date: event.expected_date,
      actual_payment_date: event.actual_payment_date,
      candidate_id: event.candidate_id,
      offer_id: event.offer_id,
      retainer_id: event.retainer_id,
      fee_status_id: event.fee_status_id,
      fee_status_name: status?.name ?? null,
      fee_status_color: status?.color ?? null,
      fee_status_type: status?.status_type ?? null,
    };
  });
  const totalPlacementFee = cents(feeEvents.filter((event) => event.type === 'placement' && !event.is_placeholder).reduce((sum, event) => sum + (event.amount ?? 0), 0));
  return {
    retainer: retainer ? { ...retainer, projected_fee: projectedFee(retainer) } : null,
    fee_events: feeEvents,
    total_placement_fee: totalPlacementFee,
  };
}
