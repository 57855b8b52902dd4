import * as z from 'zod/mini';
import { liveDefault } from '../configuration/configuration-list';
import { eventWrite } from '../../events/event-outbox';
import { forTeam, splitMeta } from '../../db/repository';
import type { Stored, WriteOperation } from '../../db/repository';
import { NotFoundError, ValidationError } from '../../http/errors';
import type { ErrorDetail } from '../../http/errors';
import { creationSortKey, newId, nowIso } from '../clock';
import { findCompany } from '../companies/company-store';
import { dealStatuses } from '../configuration/deal-statuses';
import { getJobsById } from '../jobs/job-store';
import { currencyCode, displayName, pageBodyShape, sortOrder, uniqueIds } from '../schemas';
import { getTeamMembersById } from '../team-members';
import { renderDeals } from './deal-record';
import type { Deal, DealStatusLookup } from './deal-record';
import { dealCounter, dealIndexes, dealKey, findDeal, listAllDeals, listDealsPage, putDealLink, refreshDealLink, removeDealLink, snapshotChanged } from './deal-store';
import type { StoredDeal } from './deal-store';

/** A deal links to at most this many jobs (each link is one item in the deal's write transaction). */
export const maxDealJobs = 20;

/** The writable fields of a deal (extensions.md section 3), shared by create and update. */
const dealFields = {
  amount: z.optional(z.nullable(z.number().check(z.minimum(0)))),
  currency_code: z.optional(currencyCode()),
  deal_status_id: z.optional(z.uuid()),
  client_id: z.optional(z.nullable(z.uuid())),
  owner_ids: z.optional(z.array(z.uuid()).check(z.maxLength(50))),
  /** Replaces the deal's jobs; a job kept keeps its link (and `deal_job_id`). */
  job_ids: z.optional(z.array(z.uuid()).check(z.maxLength(maxDealJobs))),
};

export const createDealBody = z.strictObject({ name: displayName(), ...dealFields });
export const updateDealBody = z.strictObject({ name: z.optional(displayName()), ...dealFields });
type DealInput = z.output<typeof updateDealBody>;

const idFilter = () => z.optional(z.array(z.uuid()).check(z.maxLength(100)));

export const searchDealsBody = z.strictObject({
  ...pageBodyShape,
  keywords: z.optional(z.array(z.string().check(z.minLength(1), z.maxLength(200))).check(z.maxLength(20))),
  deal_status_ids_included: idFilter(),
  deal_status_ids_excluded: idFilter(),
  client_id: z.optional(z.uuid()),
  owner_ids: idFilter(),
  sort_by: z._default(z.enum(['created_at', 'updated_at', 'name', 'amount']), 'created_at'),
  sort_order: sortOrder(),
});
type SearchDealsQuery = z.output<typeof searchDealsBody>;

const changedConcurrently = 'The deal changed concurrently; retry';

function refuse(details: ErrorDetail[]): void {
  if (details.length) throw new ValidationError(details.length === 1 ? `Invalid deal: ${(details[0] as ErrorDetail).message}` : `Invalid deal: ${details.length} problems, see details`, details);
}

/**
 * Merges `input` into `current` (or a new deal) and checks what needs the database: the status is
 * a live deal status of the team (the team's default when a new deal gives none), the client a
 * company of the team, the owners members, the jobs live jobs of the team. Every problem is
 * reported at once. Jobs kept from `current` keep their link ids; new ones get one.
 */
async function applyDealInput(teamId: string, current: StoredDeal | undefined, input: DealInput, now: string): Promise<{ deal: StoredDeal; statuses: DealStatusLookup }> {
  const details: ErrorDetail[] = [];
  const ownerIds = uniqueIds(input.owner_ids);
  const jobIds = uniqueIds(input.job_ids);
  const [statuses, company, members, jobs] = await Promise.all([
    dealStatuses.lookup(teamId),
    input.client_id ? findCompany(teamId, input.client_id) : Promise.resolve(undefined),
    getTeamMembersById(teamId, ownerIds),
    getJobsById(teamId, jobIds),
  ]);

  const base: StoredDeal = current ?? {
    id: newId(),
    name: '',
    amount: null,
    currency_code: 'USD',
    deal_status_id: '',
    client_id: null,
    owner_ids: [],
    job_links: [],
    created_at: now,
    updated_at: now,
  };
  const deal: StoredDeal = { ...base, updated_at: now };
  if (input.name !== undefined) deal.name = input.name;
  if (input.amount !== undefined) deal.amount = input.amount;
  if (input.currency_code !== undefined) deal.currency_code = input.currency_code;

  if (input.deal_status_id !== undefined) {
    const status = statuses.get(input.deal_status_id);
    if (!status || status.deleted) details.push({ path: 'body.deal_status_id', message: 'Not a deal status of this team' });
    deal.deal_status_id = input.deal_status_id;
  } else if (!current) {
    const fallback = liveDefault(statuses);
    if (fallback) deal.deal_status_id = fallback.id;
    else details.push({ path: 'body.deal_status_id', message: 'The team has no default deal status; give deal_status_id' });
  }

  if (input.client_id !== undefined) {
    if (input.client_id && !company) details.push({ path: 'body.client_id', message: 'Not a company of this team' });
    deal.client_id = input.client_id;
  }

  if (input.owner_ids !== undefined) {
    const missing = ownerIds.filter((id) => !members.has(id));
    if (missing.length) details.push({ path: 'body.owner_ids', message: `Not members of this team: ${missing.join(', ')}` });
    deal.owner_ids = ownerIds;
  }

  if (input.job_ids !== undefined) {
    const missing = jobIds.filter((id) => !jobs.has(id));
    if (missing.length) details.push({ path: 'body.job_ids', message: `Not jobs of this team: ${missing.join(', ')}` });
    const kept = new Map(base.job_links.map((link) => [link.job_id, link]));
    deal.job_links = jobIds.map((jobId) => kept.get(jobId) ?? { job_id: jobId, deal_job_id: newId() });
  }

  refuse(details);
  return { deal, statuses };
}

async function readDeal(teamId: string, id: string): Promise<Stored<StoredDeal>> {
  const deal = await findDeal(teamId, id);
  if (!deal) throw new NotFoundError('Deal');
  return deal;
}

/**
 * Creates a deal: the deal, its count and a link item (with the deal's snapshot) in each of its
 * jobs' collections, in one transaction.
 */
export async function createDeal(teamId: string, input: z.output<typeof createDealBody>): Promise<Deal> {
  const { deal, statuses } = await applyDealInput(teamId, undefined, input, nowIso());
  const table = forTeam(teamId);
  const sort = creationSortKey();
  await table.write([
    table.create(dealKey(deal.id), { ...deal, created_sort: sort }, { entity: 'DEAL', indexes: dealIndexes(sort), conflictMessage: 'Deal id collision' }),
    table.increment(dealCounter, 1),
    ...deal.job_links.map((link) => putDealLink(table, deal, link)),
    eventWrite(table, { type: 'deal.created', subject: 'deal', snapshot: deal, timestamp: deal.created_at }),
  ]);
  return (await renderDeals(teamId, [deal], statuses))[0] as Deal;
}

/**
 * Changes the fields given (optimistic concurrency on the deal's version). In the same
 * transaction, the links follow: kept links get the new snapshot when the name, amount, currency
 * or status changed, new jobs get a link, and the links of jobs left out are deleted. With at
 * most 20 jobs before and after, the transaction holds at most 41 items (of the 100 allowed).
 */
export async function updateDeal(teamId: string, id: string, input: DealInput): Promise<Deal> {
  const current = await readDeal(teamId, id);
  const { record, meta } = splitMeta(current);
  const { deal, statuses } = await applyDealInput(teamId, record, input, nowIso());
  const table = forTeam(teamId);
  const before = new Set(record.job_links.map((link) => link.deal_job_id));
  const after = new Set(deal.job_links.map((link) => link.deal_job_id));
  const refresh = snapshotChanged(record, deal);
  const linkWrites: WriteOperation[] = [
    ...deal.job_links.flatMap((link) => (!before.has(link.deal_job_id) ? [putDealLink(table, deal, link)] : refresh ? [refreshDealLink(table, deal, link)] : [])),
    ...record.job_links.filter((link) => !after.has(link.deal_job_id)).map((link) => removeDealLink(table, link)),
  ];
  const { id: _id, created_at: _created, ...changes } = deal;
  await table.write([
    table.update(dealKey(id), meta.version, changes, { conflictMessage: changedConcurrently }),
    ...linkWrites,
    eventWrite(table, { type: 'deal.updated', subject: 'deal', snapshot: deal, timestamp: deal.updated_at }),
    ...(deal.deal_status_id !== record.deal_status_id
      ? [eventWrite(table, { type: 'deal.status_changed', subject: 'deal', snapshot: deal, extra: { previous_deal_status_id: record.deal_status_id }, timestamp: deal.updated_at })]
      : []),
  ]);
  return (await renderDeals(teamId, [deal], statuses))[0] as Deal;
}

/**
 * `POST /v1/deals/search`. Without filters and in creation order, a page is one `Query` of GSI1
 * reading `offset + limit` deals, with the total from the deals counter. Otherwise it reads every
 * deal of the team once (GSI1) and filters in memory: keywords are case-insensitive substrings of
 * the name (all must match), statuses included / excluded, client, owners (any of); all combine
 * with AND, and an empty array is no filter. Its cost then grows with the team's deals.
 */
export async function searchDeals(teamId: string, query: SearchDealsQuery): Promise<{ items: Deal[]; total: number }> {
  const keywords = (query.keywords ?? []).map((keyword) => keyword.toLowerCase());
  const included = query.deal_status_ids_included?.length ? new Set(query.deal_status_ids_included) : undefined;
  const excluded = query.deal_status_ids_excluded?.length ? new Set(query.deal_status_ids_excluded) : undefined;
  const owners = query.owner_ids?.length ? new Set(query.owner_ids) : undefined;
  const filtered = keywords.length > 0 || included || excluded || owners || query.client_id !== undefined;

  if (!filtered && query.sort_by === 'created_at') {
    const [deals, total] = await Promise.all([
      listDealsPage(teamId, { ascending: query.sort_order === 'asc', offset: query.offset, limit: query.limit }),
      forTeam(teamId).count(dealCounter),
    ]);
    return { items: await renderDeals(teamId, deals), total };
  }

  const matches = (await listAllDeals(teamId)).filter(
    (deal) =>
      keywords.every((keyword) => deal.name.toLowerCase().includes(keyword)) &&
      (!included || included.has(deal.deal_status_id)) &&
      (!excluded || !excluded.has(deal.deal_status_id)) &&
      (query.client_id === undefined || deal.client_id === query.client_id) &&
      (!owners || deal.owner_ids.some((ownerId) => owners.has(ownerId))),
  );
  matches.sort(dealOrder(query.sort_by, query.sort_order));
  const page = matches.slice(query.offset, query.offset + query.limit);
  return { items: await renderDeals(teamId, page), total: matches.length };
}

/**
 * The order of a search: by the column, then by creation, both in `sortOrder`. Deals without an
 * amount come last in either order when sorting by amount.
 */
function dealOrder(sortBy: SearchDealsQuery['sort_by'], sortOrder: SearchDealsQuery['sort_order']) {
  const direction = sortOrder === 'asc' ? 1 : -1;
  // Only a name sort builds a collator, and per search, not at import (ICU costs ~13 ms to set up).
  const collator = sortBy === 'name' ? new Intl.Collator('en', { sensitivity: 'base' }) : undefined;
  const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const created = (deal: Stored<StoredDeal>) => deal.created_sort ?? deal.created_at;
  return (a: Stored<StoredDeal>, b: Stored<StoredDeal>): number => {
    if (sortBy === 'amount' && (a.amount === null) !== (b.amount === null)) return a.amount === null ? 1 : -1;
    const primary =
      sortBy === 'name' ? (collator as Intl.Collator).compare(a.name, b.name)
      : sortBy === 'amount' ? (a.amount ?? 0) - (b.amount ?? 0)
      : sortBy === 'updated_at' ? text(a.updated_at, b.updated_at)
      : 0;
    return (primary || text(created(a), created(b))) * direction;
  };
}
