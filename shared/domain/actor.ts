import type { Principal } from '../auth/scopes';
import { ValidationError } from '../http/errors';
import { getTeamMembersById } from './team-members';

/**
 * Who a change is attributed to: the token's member for session and OAuth credentials (a
 * `team_member_id` in the body is ignored), the body's `team_member_id` for API keys, which have no
 * user (null when not given). A `team_member_id` that is not a member of the team is a 400.
 */
export async function resolveActor(principal: Principal, teamMemberId: string | undefined, options: { required?: boolean } = {}): Promise<string | null> {
  if (principal.kind !== 'api_key') return principal.teamMemberId;
  if (!teamMemberId) {
    if (options.required) throw new ValidationError('team_member_id is required with an API key', [{ path: 'body.team_member_id', message: 'Required for API-key credentials' }]);
    return null;
  }
  const members = await getTeamMembersById(principal.teamId, [teamMemberId]);
  if (!members.has(teamMemberId)) throw new ValidationError('team_member_id is not a member of this team', [{ path: 'body.team_member_id', message: 'Not a member of this team' }]);
  return teamMemberId;
}
