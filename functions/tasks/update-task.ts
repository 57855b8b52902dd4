import * as z from 'zod/mini';
import { taskSchema } from '../../shared/domain/tasks/task-record';
import { updateTaskBody, updateTask as update } from '../../shared/domain/tasks/task-service';
import { createHandler } from '../../shared/http/chain';
import type { HandlerRequest } from '../../shared/http/chain';
import { defineRoute } from '../../shared/http/route';

export const route = defineRoute({
  method: 'PATCH',
  path: '/v1/tasks/{id}',
  tag: 'Tasks',
  summary: 'Update a task',
  description:
    'Changes the fields given, with the rules of `POST /v1/tasks`; `null` clears `due_date`, `person_id`, `deal_id`, `client_id`, `job_id` and `campaign_id`, and `owner_ids` replaces the owners. ' +
    'The change is written only at the version read (optimistic concurrency); a write that lost a race with another change of the task (or of its campaign membership) is re-read and re-applied, and after three lost races answers 409 `CONFLICT`. ' +
    'Completing an open task of a person who has left its campaign shows it in searches again; reopening it hides it. A task that is deleted or another team\'s answers 404.',
  table: 'write',
  params: z.strictObject({ id: z.uuid() }),
  body: updateTaskBody,
  response: taskSchema,
  errors: [404, 409],
});

export async function updateTask({ principal, params, body }: HandlerRequest<typeof route>) {
  return update(principal.teamId, params.id, body);
}

export const handler = createHandler(route, updateTask);
