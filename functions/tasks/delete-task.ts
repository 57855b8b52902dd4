import * as z from 'zod/mini';
import { deleteTask as remove } from '../../shared/domain/tasks/task-service';
import { createHandler } from '../../shared/http/chain';
import type { HandlerRequest } from '../../shared/http/chain';
import { defineRoute } from '../../shared/http/route';

export const route = defineRoute({
  method: 'DELETE',
  path: '/v1/tasks/{id}',
  tag: 'Tasks',
  summary: 'Delete a task',
  description: 'Marks the task deleted: it is never searched or changed again (404), and no longer counts toward its person\'s tasks in its campaign. A task of another team answers 404.',
  table: 'write',
  params: z.strictObject({ id: z.uuid() }),
  response: z.object({ id: z.string(), deleted: z.literal(true) }),
  errors: [404, 409],
});

export async function deleteTask({ principal, params }: HandlerRequest<typeof route>) {
  await remove(principal.teamId, params.id);
  return { id: params.id, deleted: true as const };
}

export const handler = createHandler(route, deleteTask);
