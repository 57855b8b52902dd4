import * as z from 'zod/mini';
import { forTeam } from '../db/repository';
import { NotFoundError } from '../http/errors';
import { creationSortKey, newId, nowIso } from './clock';

/** A member of a team as `GET /v1/team-members` lists it. */
export const teamMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  created_at: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** Key of a team member record. */
export const memberKey = (id: string) => ({ pk: `TEAM_MEMBER#${id}`, sk: 'TEAM_MEMBER' });
const emailGuardKey = (email: string) => ({ pk: 'TEAM_MEMBER_EMAIL', sk: email.toLowerCase() });
const counter = 'TEAM_MEMBER';

const toTeamMember = ({ id, email, first_name, last_name, created_at }: TeamMember): TeamMember => ({ id, email, first_name, last_name, created_at });

/** Adds a member; an email already used in the team is a 409. Member, email guard and count are written together. */
export async function addTeamMember(teamId: string, input: { email: string; first_name: string; last_name: string }): Promise<TeamMember> {
  const table = forTeam(teamId);
  const member: TeamMember = { id: newId(), ...input, created_at: nowIso() };
  const sort = creationSortKey();
  await table.write([
    table.create(memberKey(member.id), { ...member, created_sort: sort }, { entity: 'TEAM_MEMBER', indexes: { GSI1: { pk: 'TEAM_MEMBER', sk: sort } }, conflictMessage: 'Team member id collision' }),
    table.create(emailGuardKey(member.email), { team_member_id: member.id }, { entity: 'TEAM_MEMBER_EMAIL', conflictMessage: `A team member with email ${member.email} already exists` }),
    table.increment(counter, 1),
  ]);
  return member;
}

/**
 * A page of the team's members in creation order (GSI1, `TEAM_MEMBER` partition) with the total
 * from the team's member counter.
 */
export async function listTeamMembersPage(teamId: string, page: { offset: number; limit: number }): Promise<{ items: TeamMember[]; total: number }> {
  const table = forTeam(teamId);
  const [items, total] = await Promise.all([
    table.queryPage<TeamMember>({ index: 'GSI1', pk: 'TEAM_MEMBER', ascending: true, offset: page.offset, limit: page.limit }),
    table.count(counter),
  ]);
  return { items: items.map(toTeamMember), total };
}

/** `GetItem` of one member; 404 when it is not a member of this team. */
export async function getTeamMember(teamId: string, id: string): Promise<TeamMember> {
  const member = await forTeam(teamId).get<TeamMember>(memberKey(id));
  if (!member) throw new NotFoundError('Team member');
  return toTeamMember(member);
}

/** `First Last`: how a member is named in summaries (`team_member: {id, name}`). */
export function memberName(member: Pick<TeamMember, 'first_name' | 'last_name'>): string {
  return `${member.first_name} ${member.last_name}`.trim();
}

/** The live members of the team among `ids` (one `BatchGetItem`), by id. */
export async function getTeamMembersById(teamId: string, ids: Iterable<string>): Promise<Map<string, TeamMember>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const members = await forTeam(teamId).getMany<TeamMember>(unique.map(memberKey));
  return new Map(members.map((member) => [member.id, toTeamMember(member)]));
}
