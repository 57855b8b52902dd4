import { forTeam } from '../../db/repository';
import type { Stored, TeamTable, WriteOperation } from '../../db/repository';
import { dealLinkKey } from '../jobs/job-store';
import type { StoredDealLink } from '../jobs/job-store';

/**
 * A deal lives in its own item `TEAM#<t>#DEAL#<id>` / `DEAL`. Its links to jobs live in the jobs'
 * collections (`TEAM#<t>#JOB#<jobId>` / `DEAL#<dealJobId>`, entity `DEAL_LINK`) with a snapshot of
 * the deal, so `GET /v1/jobs/{id}` shows its linked deals from the one `Query` of the job's
 * collection. Every deal write keeps those snapshots current in its own transaction; the deal
 * remembers where its links are in `job_links`.
 */

/** Where one of a deal's links lives: the job, and the link's id (the `DEAL#<dealJobId>` sort key). */
export interface DealJobLink {
  job_id: string;
  deal_job_id: string;
}

/** A deal as stored. */
export interface StoredDeal {
  id: string;
  name: string;
  amount: number | null;
  currency_code: string;
  deal_status_id: string;
  client_id: string | null;
  owner_ids: string[];
  /** In the order `job_ids` was given. */
  job_links: DealJobLink[];
  created_at: string;
  updated_at: string;
}

/** The part of a deal its links copy: what the job shows in `linked_deals`. */
export type DealSnapshot = Pick<StoredDeal, 'name' | 'amount' | 'currency_code' | 'deal_status_id'>;

/** Key of a deal record: `TEAM#<t>#DEAL#<id>` / `DEAL`. */
export const dealKey = (id: string) => ({ pk: `DEAL#${id}`, sk: 'DEAL' });

/** GSI1 places the deal among the team's deals in creation order (`TEAM#<t>#DEAL`, ULID sort key). */
export const dealIndexes = (createdSort: string) => ({ GSI1: { pk: 'DEAL', sk: createdSort } });

/** The counter of the team's deals (deals are never deleted, so it counts the GSI1 partition). */
export const dealCounter = 'DEAL';

/** The snapshot fields of a deal. */
export function dealSnapshot(deal: DealSnapshot): DealSnapshot {
  return { name: deal.name, amount: deal.amount, currency_code: deal.currency_code, deal_status_id: deal.deal_status_id };
}

/** True when the fields a link copies differ between two versions of a deal. */
export function snapshotChanged(before: DealSnapshot, after: DealSnapshot): boolean {
  return before.name !== after.name || before.amount !== after.amount || before.currency_code !== after.currency_code || before.deal_status_id !== after.deal_status_id;
}

/** The write that puts a new link item into a job's collection. */
export function putDealLink(table: TeamTable, deal: StoredDeal, link: DealJobLink): WriteOperation {
  const item: StoredDealLink = { deal_job_id: link.deal_job_id, deal_id: deal.id, job_id: link.job_id, ...dealSnapshot(deal) };
  return table.create(dealLinkKey(link.job_id, link.deal_job_id), { ...item }, { entity: 'DEAL_LINK', conflictMessage: 'Deal link id collision' });
}

/** The write that copies a deal's new snapshot onto one of its existing links. */
export function refreshDealLink(table: TeamTable, deal: StoredDeal, link: DealJobLink): WriteOperation {
  return table.update(dealLinkKey(link.job_id, link.deal_job_id), 'live', { ...dealSnapshot(deal) }, { conflictMessage: 'A link of the deal changed concurrently; retry' });
}

/** The write that removes a link (outright: the deal's `job_links` is the history that matters). */
export function removeDealLink(table: TeamTable, link: DealJobLink): WriteOperation {
  return table.remove(dealLinkKey(link.job_id, link.deal_job_id));
}

/** `GetItem` of a deal; `undefined` when missing or another team's. */
export async function findDeal(teamId: string, id: string): Promise<Stored<StoredDeal> | undefined> {
  const deal = await forTeam(teamId).get<StoredDeal>(dealKey(id));
  return deal && !deal.deleted_at ? deal : undefined;
}

/**
 * Every deal of the team (GSI1, partition `TEAM#<t>#DEAL`, all pages), oldest first. Used by deal
 * search when it filters or sorts by something no index holds (keywords are substrings, owners a
 * list): its cost grows with the team's number of deals (see the access-pattern table).
 */
export async function listAllDeals(teamId: string): Promise<Stored<StoredDeal>[]> {
  const deals = await forTeam(teamId).queryIndex<StoredDeal>({ index: 'GSI1', pk: 'DEAL' });
  return deals.filter((deal) => !deal.deleted_at);
}

/**
 * One page of the team's deals in creation order (GSI1), reading `offset + limit` items at most:
 * the unfiltered search, whose total comes from {@link dealCounter}.
 */
export async function listDealsPage(teamId: string, page: { ascending: boolean; offset: number; limit: number }): Promise<Stored<StoredDeal>[]> {
  return forTeam(teamId).queryPage<StoredDeal>({ index: 'GSI1', pk: 'DEAL', ...page });
}
