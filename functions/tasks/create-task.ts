import { maxCampaignTasksPerPerson } from '../../shared/domain/campaigns/campaign-store';
import { taskSchema } from '../../shared/domain/tasks/task-record';
import { createTaskBody, createTask as create, maxTaskContentLength, maxTaskOwners } from '../../shared/domain/tasks/task-service';
import { createHandler } from '../../shared/http/chain';
import type { HandlerRequest } from '../../shared/http/chain';
import { defineRoute } from '../../shared/http/route';

export const route = defineRoute({
  method: 'POST',
  path: '/v1/tasks',
  tag: 'Tasks',
  summary: 'Create a task',
  description:
    `Required: \`content_text\` (1 to ${maxTaskContentLength} characters) and \`task_type\`. Optional: \`due_date\` (ISO 8601 date-time, stored in UTC with milliseconds, or a plain date meaning midnight UTC; null for none), \`is_completed\` (default false), \`person_id\`, \`deal_id\`, \`client_id\` (a company), \`job_id\` (each null for none), \`owner_ids\` (up to ${maxTaskOwners} team members, default none) and \`campaign_id\`. ` +
    'Every record named must be a live record of the team and every owner a member, else 400 `VALIDATION_ERROR` with a `details` entry per problem (`body.person_id`, `body.owner_ids`, …). ' +
    `A task with both \`campaign_id\` and \`person_id\` follows the person's membership: while the person has left the campaign, the task is omitted from \`POST /v1/tasks/search\` as long as it is open. A person has at most ${maxCampaignTasksPerPerson} tasks in one campaign (400 beyond). ` +
    'Answers 201 with the task, its owners named.',
  table: 'write',
  successStatus: 201,
  body: createTaskBody,
  response: taskSchema,
  errors: [409],
});

export async function createTask({ principal, body }: HandlerRequest<typeof route>) {
  return create(principal.teamId, body);
}

export const handler = createHandler(route, createTask);
