import { scopes } from '../../shared/auth/scopes';
import { createApiKey } from '../../shared/domain/api-keys';
import { addTeamMember } from '../../shared/domain/team-members';
import { createTeam } from '../../shared/domain/teams';
import { issueLocalToken } from './tokens';

/** The credentials of a seeded team, as `npm start` prints them. */
export interface SeededTeam {
  team_id: string;
  team_member_id: string;
  api_key: string;
  session_token: string;
}

/** Creates a team with one member, a full-scope API key and a session token for that member. */
export async function seedTeam(name = 'Demo Recruiting', member = { email: 'demo@example.com', first_name: 'Dana', last_name: 'Demo' }): Promise<SeededTeam> {
  const team = await createTeam({ name, webhooksPlan: true, webhooksEnabled: true });
  const teamMember = await addTeamMember(team.id, member);
  const { apiKey } = await createApiKey(team.id, `${name} key`, [...scopes]);
  const sessionToken = await issueLocalToken({ teamId: team.id, teamMemberId: teamMember.id, kind: 'session' });
  return { team_id: team.id, team_member_id: teamMember.id, api_key: apiKey, session_token: sessionToken };
}
