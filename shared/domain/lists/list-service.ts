import * as z from 'zod/mini';
import { eventWrite } from '../../events/event-outbox';
import { forTeam } from '../../db/repository';
import { NotFoundError } from '../../http/errors';
import { creationSortKey, newId, nowIso } from '../clock';
import { displayName, pageQueryShape } from '../schemas';
import { renderListItems, toList } from './list-record';
import type { List, ListItem } from './list-record';
import { findList, listCounters, listIndexes, listKey, listTypes, readListPage, readMemberPage } from './list-store';
import type { StoredList } from './list-store';

export const createListBody = z.strictObject({ name: displayName(), list_type: z.enum(listTypes) });

export const listListsQuery = z.object({ ...pageQueryShape, list_type: z.optional(z.enum(listTypes)) });

export const listItemsQuery = z.object({ ...pageQueryShape });

/** `POST /v1/lists`: an empty list of persons or companies; the list and its counts are one transaction. */
export async function createList(teamId: string, input: z.output<typeof createListBody>): Promise<List> {
  const now = nowIso();
  const list: StoredList = { id: newId(), name: input.name, list_type: input.list_type, item_count: 0, created_at: now, updated_at: now };
  const table = forTeam(teamId);
  const sort = creationSortKey();
  await table.write([
    table.create(listKey(list.id), { ...list, created_sort: sort }, { entity: 'LIST', indexes: listIndexes(list, sort), conflictMessage: 'List id collision' }),
    ...listCounters(list).map((counter) => table.increment(counter, 1)),
    eventWrite(table, { type: 'list.created', subject: 'plain', snapshot: toList(list), timestamp: now }),
  ]);
  return toList(list);
}

/** `GET /v1/lists`: a page of the team's lists (of one type when asked), newest first. */
export async function listLists(teamId: string, query: z.output<typeof listListsQuery>): Promise<{ items: List[]; total: number }> {
  const { lists, total } = await readListPage(teamId, { listType: query.list_type, offset: query.offset, limit: query.limit });
  return { items: lists.map(toList), total };
}

/**
 * `GET /v1/lists/{id}/items`: a page of the list's members, the most recently added first, each
 * with its person or company summary; the total is the list's exact `item_count`.
 */
export async function listListItems(teamId: string, listId: string, query: z.output<typeof listItemsQuery>): Promise<{ items: ListItem[]; total: number }> {
  const [list, members] = await Promise.all([findList(teamId, listId), readMemberPage(teamId, listId, query)]);
  if (!list) throw new NotFoundError('List');
  return { items: await renderListItems(teamId, list, members), total: list.item_count };
}
