import * as z from 'zod/mini';
import { dealStatuses } from '../configuration/deal-statuses';
import type { StoredDeal } from './deal-store';

/** A deal as the API answers it (extensions.md section 3). */
export const dealSchema = z.object({
  id: z.string(),
  name: z.string(),
  amount: z.nullable(z.number()),
  currency_code: z.string(),
  deal_status_id: z.string(),
  /** The status record; a status deleted after it was set still shows. */
  deal_status: z.nullable(z.object({ id: z.string(), name: z.string(), color: z.nullable(z.string()) })),
  client_id: z.nullable(z.string()),
  owner_ids: z.array(z.string()),
  job_ids: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Deal = z.infer<typeof dealSchema>;

/** Every deal status of a team by id, deleted ones included (as `dealStatuses.lookup` answers). */
export type DealStatusLookup = Awaited<ReturnType<typeof dealStatuses.lookup>>;

/**
 * Renders deals with their status. The statuses come from one `Query` of the team's deal statuses,
 * or from `statuses` when the caller has read them already (a write validates against them).
 */
export async function renderDeals(teamId: string, deals: StoredDeal[], statuses?: DealStatusLookup): Promise<Deal[]> {
  if (!deals.length) return [];
  const lookup = statuses ?? (await dealStatuses.lookup(teamId));
  return deals.map((deal) => {
    const status = lookup.get(deal.deal_status_id);
    return {
      id: deal.id,
      name: deal.name,
      amount: deal.amount,
      currency_code: deal.currency_code,
      deal_status_id: deal.deal_status_id,
      deal_status: status ? { id: status.id, name: status.name, color: status.color } : null,
      client_id: deal.client_id,
      owner_ids: deal.owner_ids,
      job_ids: deal.job_links.map((link) => link.job_id),
      created_at: deal.created_at,
      updated_at: deal.updated_at,
    };
  });
}
