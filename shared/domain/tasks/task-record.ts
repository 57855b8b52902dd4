import * as z from 'zod/mini';
import { getTeamMembersById } from '../team-members';
import { taskTypes } from './task-store';
import type { StoredTask } from './task-store';

/** A task as the API answers it (specification, "Task"), plus its `campaign_id`. Every field is always present. */
export const taskSchema = z.object({
  id: z.string(),
  content_text: z.string(),
  task_type: z.enum(taskTypes),
  due_date: z.nullable(z.string()),
  is_completed: z.boolean(),
  person_id: z.nullable(z.string()),
  deal_id: z.nullable(z.string()),
  client_id: z.nullable(z.string()),
  job_id: z.nullable(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
  owners: z.array(z.object({ id: z.string(), first_name: z.string(), last_name: z.string() })),
  campaign_id: z.nullable(z.string()),
});
export type Task = z.infer<typeof taskSchema>;

/**
 * Renders tasks with their owners' names: the members of the whole page come from one
 * `BatchGetItem` (an owner no longer in the team is left out).
 */
export async function renderTasks(teamId: string, tasks: StoredTask[]): Promise<Task[]> {
  if (!tasks.length) return [];
  const members = await getTeamMembersById(teamId, tasks.flatMap((task) => task.owner_ids));
  return tasks.map((task) => ({
    id: task.id,
    content_text: task.content_text,
    task_type: task.task_type,
    due_date: task.due_date,
    is_completed: task.is_completed,
    person_id: task.person_id,
    deal_id: task.deal_id,
    client_id: task.client_id,
    job_id: task.job_id,
    created_at: task.created_at,
    updated_at: task.updated_at,
    owners: task.owner_ids.flatMap((id) => {
      const member = members.get(id);
      return member ? [{ id: member.id, first_name: member.first_name, last_name: member.last_name }] : [];
    }),
    campaign_id: task.campaign_id,
  }));
}
