import * as z from 'zod/mini';
import { activityTypeList } from '../../shared/domain/activities/activity-log';
import { listPersonActivities as list, personActivitySchema } from '../../shared/domain/persons/person-activities';
import { pageQueryShape } from '../../shared/domain/schemas';
import { createHandler } from '../../shared/http/chain';
import type { HandlerRequest } from '../../shared/http/chain';
import { page } from '../../shared/http/envelope';
import { defineRoute } from '../../shared/http/route';

export const route = defineRoute({
  method: 'GET',
  path: '/v1/persons/{id}/activities',
  tag: 'Person activities',
  summary: "List a person's activities",
  description: 'Newest first, paginated. `activity_types` keeps only those types, `excluded_activity_types` drops those (comma-separated keys from `GET /v1/person-activities/types`); both combine.',
  table: 'read',
  params: z.strictObject({ id: z.uuid() }),
  query: z.object({ ...pageQueryShape, activity_types: z.optional(activityTypeList()), excluded_activity_types: z.optional(activityTypeList()) }),
  response: personActivitySchema,
  paginated: true,
  errors: [404],
});

export async function listPersonActivities({ principal, params, query }: HandlerRequest<typeof route>) {
  const { items, total } = await list(principal.teamId, params.id, query);
  return page(items, { total, offset: query.offset, limit: query.limit });
}

export const handler = createHandler(route, listPersonActivities);
