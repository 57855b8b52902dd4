import { createPersonActivityBody, createPersonActivity as create, personActivitySchema } from '../../shared/domain/persons/person-activities';
import { createHandler } from '../../shared/http/chain';
import type { HandlerRequest } from '../../shared/http/chain';
import { defineRoute } from '../../shared/http/route';

export const route = defineRoute({
  method: 'POST',
  path: '/v1/person-activities',
  tag: 'Person activities',
  summary: 'Log an activity on a person',
  description:
    '`activity_type` must be a key registered for the team and not archived (see `GET /v1/person-activities/types`). `activity_content` is plain text or HTML: HTML (any tag) is detected and stored with a plain-text mirror. `team_member_id` attributes the activity for API keys (session and OAuth tokens are attributed to their member).',
  table: 'write',
  successStatus: 201,
  body: createPersonActivityBody,
  response: personActivitySchema,
});

export async function createPersonActivity({ principal, body }: HandlerRequest<typeof route>) {
  return create(principal, body);
}

export const handler = createHandler(route, createPersonActivity);
