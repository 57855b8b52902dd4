import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi } from '../../support/local-api';
import type { TestApi } from '../../support/local-api';

const run = promisify(execFile);
let api: TestApi;

/** Runs `npm run admin -- ...` the way a user does (through tsx), against the test server's engine. */
async function admin(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const environment = { ...process.env, DYNAMODB_ENDPOINT: api.server.dynamodbEndpoint, TABLE_NAME: api.server.tableName };
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'infra/admin/cli.ts', ...args], { env: environment });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr };
  }
}

beforeAll(async () => {
  // No API-key cache, so a revocation is visible on the very next request.
  api = await startTestApi({ API_KEY_CACHE_TTL_SECONDS: '0' });
});
afterAll(async () => api.close());

describe('Admin command', () => {
  it('sets up a team end to end: team, member, scoped key, token, revocation', async () => {
    const team = await admin('create-team', '--name', 'Acme Talent', '--json');
    expect(team.code).toBe(0);
    const { team_id } = JSON.parse(team.stdout) as { team_id: string };
    expect(team_id).toMatch(/^[0-9a-f-]{36}$/);

    const member = await admin('add-team-member', '--team', team_id, '--email', 'rita@acme.test', '--first-name', 'Rita', '--last-name', 'Recruiter', '--json');
    const { team_member_id } = JSON.parse(member.stdout) as { team_member_id: string };

    const key = await admin('create-api-key', '--team', team_id, '--name', 'CI key', '--scopes', 'deals:read,deals:write', '--json');
    const { key_id, api_key } = JSON.parse(key.stdout) as { key_id: string; api_key: string };
    expect(api_key.startsWith(`rk_${key_id}_`)).toBe(true);

    // The new team has the defaults of section 4 and sees only its own member.
    const statuses = await api.request('GET', '/v1/jobs/statuses', { token: api_key });
    expect(statuses.body.data.map((status: { name: string }) => status.name)).toEqual(['Open', 'On hold', 'Closed']);
    const members = await api.request('GET', '/v1/team-members', { token: api_key });
    expect(members.body.data.map((row: { id: string }) => row.id)).toEqual([team_member_id]);

    const token = await admin('issue-token', '--team', team_id, '--member', team_member_id, '--kind', 'oauth', '--scopes', 'deals:read', '--ttl', '600', '--json');
    const { token: jwt } = JSON.parse(token.stdout) as { token: string };
    expect((await api.request('GET', '/v1/deals/statuses', { token: jwt })).status).toBe(200);

    const revoked = await admin('revoke-api-key', '--team', team_id, '--key-id', key_id, '--json');
    expect(JSON.parse(revoked.stdout)).toEqual({ key_id, revoked: true });
    const refused = await api.request('GET', '/v1/deals/statuses', { token: api_key });
    expect(refused.status).toBe(401);
    expect(refused.body.error.message).toBe('The API key has been revoked');
  });

  it("refuses to revoke another team's key as if it did not exist", async () => {
    const key = await admin('create-api-key', '--team', api.teamA.team_id, '--name', 'A key', '--json');
    const { key_id } = JSON.parse(key.stdout) as { key_id: string };
    const attempt = await admin('revoke-api-key', '--team', api.teamB.team_id, '--key-id', key_id, '--json');
    expect(attempt.code).toBe(1);
    expect(JSON.parse(attempt.stderr)).toEqual({ error: 'API key not found' });
  });

  it('updates plan and settings of a team', async () => {
    const updated = await admin('update-team', '--team', api.teamB.team_id, '--no-webhooks-plan', '--name', 'Renamed Agency', '--json');
    expect(updated.code).toBe(0);
    expect(JSON.parse(updated.stdout)).toEqual({ team_id: api.teamB.team_id });
  });

  it('refuses unknown scopes, commands and missing options with exit code 2 and the usage', async () => {
    const scope = await admin('create-api-key', '--team', api.teamA.team_id, '--name', 'x', '--scopes', 'deals:read,admin:all');
    expect(scope.code).toBe(2);
    expect(scope.stderr).toContain('Unknown scope(s): admin:all');
    const command = await admin('launch-rockets');
    expect(command.code).toBe(2);
    expect(command.stderr).toContain('Usage: npm run admin');
    const missing = await admin('add-team-member', '--team', api.teamA.team_id);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--email is required');
  });

  it('refuses a member for an unknown team with exit code 1', async () => {
    const result = await admin('add-team-member', '--team', '00000000-0000-4000-8000-000000000000', '--email', 'x@y.z', '--first-name', 'X', '--last-name', 'Y', '--json');
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stderr)).toEqual({ error: 'Team not found' });
  });

  it('refuses a duplicate member email with exit code 1', async () => {
    const result = await admin('add-team-member', '--team', api.teamA.team_id, '--email', 'DEMO@example.com', '--first-name', 'D', '--last-name', 'D');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('already exists');
  });
});
