import * as z from 'zod/mini';
import { pageQueryShape } from '../../shared/domain/schemas';
import { listTeamMembersPage, teamMemberSchema } from '../../shared/domain/team-members';
import { createHandler } from '../../shared/http/chain';
import type { HandlerRequest } from '../../shared/http/chain';
import { page } from '../../shared/http/envelope';
import { defineRoute } from '../../shared/http/route';

export const route = defineRoute({
  method: 'GET',
  path: '/v1/team-members',
  tag: 'Team members',
  summary: 'List team members',
  description: 'The members of the team in the order they joined. Their ids are the `owner_ids` and `team_member_id` values used elsewhere.',
  table: 'read',
  query: z.object(pageQueryShape),
  response: teamMemberSchema,
  paginated: true,
});

export async function listTeamMembers({ principal, query }: HandlerRequest<typeof route>) {
  const { items, total } = await listTeamMembersPage(principal.teamId, query);
  return page(items, { total, offset: query.offset, limit: query.limit });
}

export const handler = createHandler(route, listTeamMembers);
