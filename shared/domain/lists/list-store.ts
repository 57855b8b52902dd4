import { forTeam } from '../../db/repository';
import type { Stored, TeamIndexKeys, TeamKey } from '../../db/repository';

/**
 * A saved list and its members live in one item collection, `TEAM#<t>#LIST#<listId>`:
 *
 * | SK               | item                                                                          |
 * |------------------|-------------------------------------------------------------------------------|
 * | `ITEM#<memberId>`| a member (entity `LIST_ITEM`): the person or company id, when and by whom it was added; soft-removed with `deleted_at` |
 * | `LIST`           | the list (entity `LIST`): name, type and `item_count`                          |
 *
 * A member item is written only under a condition on its own state (absent or removed → added,
 * live → removed), and the list's `item_count` is adjusted in the same transaction, so the count
 * is exact whatever runs concurrently (see list-membership.ts).
 *
 * Indexes: GSI1 `LIST` and GSI2 `LIST#TYPE#<list_type>` order the team's lists by creation; GSI1
 * `LIST_ITEM#<listId>` orders a list's live members by when they were (last) added. Counters
 * `LIST` and `LIST#TYPE#<list_type>` total the lists.
 */

export const listTypes = ['persons', 'companies'] as const;
export type ListType = (typeof listTypes)[number];

/** A saved list as stored. */
export interface StoredList {
  id: string;
  name: string;
  list_type: ListType;
  /** Live members; kept by membership writes, in their transactions. */
  item_count: number;
  created_at: string;
  updated_at: string;
}

/** A member of a list as stored: a person (persons lists) or a company (companies lists). */
export interface StoredListItem {
  list_id: string;
  /** The person or company id. */
  member_id: string;
  /** When it was last added (a re-added member gets a new time). */
  added_at: string;
  added_by_team_member_id: string | null;
  /** Set with `deleted_at` when the member is removed. */
  removed_by_team_member_id?: string | null;
}

/** Key of a list: `TEAM#<t>#LIST#<id>` / `LIST`. */
export const listKey = (id: string): TeamKey => ({ pk: `LIST#${id}`, sk: 'LIST' });

const memberPrefix = 'ITEM#';

/** Key of a member of a list: `TEAM#<t>#LIST#<listId>` / `ITEM#<memberId>`. */
export const listItemKey = (listId: string, memberId: string): TeamKey => ({ pk: listKey(listId).pk, sk: `${memberPrefix}${memberId}` });

/** The index partitions (and counters) lists and members are read from. */
export const listPartitions = {
  all: () => 'LIST',
  ofType: (listType: ListType) => `LIST#TYPE#${listType}`,
  members: (listId: string) => `LIST_ITEM#${listId}`,
};

/** GSI1 places a list among the team's lists, GSI2 among the lists of its type, both by creation. */
export const listIndexes = (list: Pick<StoredList, 'list_type'>, createdSort: string): TeamIndexKeys => ({
  GSI1: { pk: listPartitions.all(), sk: createdSort },
  GSI2: { pk: listPartitions.ofType(list.list_type), sk: createdSort },
});

/** GSI1 places a live member among its list's members by when it was added (removal takes it out). */
export const listItemIndexes = (listId: string, addedSort: string): TeamIndexKeys => ({ GSI1: { pk: listPartitions.members(listId), sk: addedSort } });

/** The counters a list is counted in. */
export const listCounters = (list: Pick<StoredList, 'list_type'>): string[] => [listPartitions.all(), listPartitions.ofType(list.list_type)];

/**
 * `GetItem` of a live list of the team; `undefined` when missing, deleted or another team's.
 * @example const list = await findList(principal.teamId, body.list_id); if (!list) throw new NotFoundError('List');
 */
export async function findList(teamId: string, id: string): Promise<Stored<StoredList> | undefined> {
  const list = await forTeam(teamId).get<StoredList>(listKey(id));
  return list && !list.deleted_at ? list : undefined;
}

/**
 * The ids of the live members of a list (persons or companies, by the list's type), in no
 * particular order: one `Query` of the list's collection, `SK begins_with ITEM#` (every page, so
 * its cost grows with the list, removed members included). Empty for an unknown list.
 * @example const memberIds = new Set(await listMemberIds(teamId, listId));
 */
export async function listMemberIds(teamId: string, listId: string): Promise<string[]> {
  const items = await forTeam(teamId).queryCollection<StoredListItem>(listKey(listId).pk, { skBeginsWith: memberPrefix });
  return items.filter((item) => !item.deleted_at).map((item) => item.member_id);
}

/**
 * One page of the team's lists, newest first (GSI1 `LIST`, or GSI2 `LIST#TYPE#<type>` with a
 * type), reading only `offset + limit` items, with the total from the matching counter.
 */
export async function readListPage(teamId: string, query: { listType?: ListType | undefined; offset: number; limit: number }): Promise<{ lists: Stored<StoredList>[]; total: number }> {
  const table = forTeam(teamId);
  const [index, pk] = query.listType ? (['GSI2', listPartitions.ofType(query.listType)] as const) : (['GSI1', listPartitions.all()] as const);
  const [lists, total] = await Promise.all([table.queryPage<StoredList>({ index, pk, ascending: false, offset: query.offset, limit: query.limit }), table.count(pk)]);
  return { lists, total };
}

/**
 * One page of a list's live members, the most recently added first (GSI1 `LIST_ITEM#<listId>`),
 * reading only `offset + limit` items.
 */
export async function readMemberPage(teamId: string, listId: string, page: { offset: number; limit: number }): Promise<Stored<StoredListItem>[]> {
  return forTeam(teamId).queryPage<StoredListItem>({ index: 'GSI1', pk: listPartitions.members(listId), ascending: false, offset: page.offset, limit: page.limit });
}
