import { taskSchema } from '../../shared/domain/tasks/task-record';
import { searchTasksBody, searchTasks as search } from '../../shared/domain/tasks/task-search';
import { createHandler } from '../../shared/http/chain';
import type { HandlerRequest } from '../../shared/http/chain';
import { page } from '../../shared/http/envelope';
import { defineRoute } from '../../shared/http/route';

export const route = defineRoute({
  method: 'POST',
  path: '/v1/tasks/search',
  tag: 'Tasks',
  summary: 'Search tasks',
  description:
    'All fields optional; filters combine with AND, and an empty array is the same as leaving its filter out. ' +
    '`keywords`: every word of every keyword (runs of letters and digits) must begin a word of `content_text`, case-insensitively (`call` finds "Call", "calls", "callback", not "recall"). `task_types`: any of. ' +
    '`related_to` with `related_record_type` (`person`, `deal`, `client`, `job`): tasks related to that record; one without the other is a 400 `VALIDATION_ERROR`, and a record that is not the team\'s a 400. ' +
    '`is_completed`. `owner_ids`: owned by any of these members (ids that are not members are a 400). ' +
    '`due_date_start` / `due_date_end`: inclusive bounds; a plain date (`YYYY-MM-DD`) covers its whole UTC day, a date-time is that instant; with a bound, tasks without a due date are excluded; a start after the end is a 400. ' +
    '`include_left_campaign` (default false): open tasks whose person has left the task\'s campaign are omitted unless true; completed ones always appear. ' +
    'Sorted by `sort_by` (`created_at` default, `updated_at`, `due_date`) in `sort_order` (`desc` default), ties in creation order; by `due_date`, tasks without a due date come after all dated tasks in both orders. ' +
    'Cost (DynamoDB reads): `related_to` reads only that record\'s tasks (an index per relation kind), whatever else is asked. Without other filters, a page reads only itself (at most twice `offset + limit` tasks when two partitions are merged) and `meta.total` comes from counters, in every order and with `is_completed` in due-date order. ' +
    'Due-date bounds read only the tasks due within them (a key range of the due-date index, per state asked); `is_completed` with other filters reads the tasks in that state; `keywords`, `task_types` or `owner_ids` alone read every task of the team, so their cost grows with the team\'s tasks. `include_left_campaign` adds every hidden task.',
  table: 'read',
  body: searchTasksBody,
  response: taskSchema,
  paginated: true,
});

export async function searchTasks({ principal, body }: HandlerRequest<typeof route>) {
  const { items, total } = await search(principal.teamId, body);
  return page(items, { total, offset: body.offset, limit: body.limit });
}

export const handler = createHandler(route, searchTasks);
