import { parseArgs } from 'node:util';

// Lambda runs Node 22; locally the SDK's notice that its 2027 releases need Node 22 is noise.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
import { isScope, scopes as allScopes } from '../../shared/auth/scopes';
import type { Scope } from '../../shared/auth/scopes';
import { resetConfig } from '../../shared/config/env';
import { createApiKey, revokeApiKey } from '../../shared/domain/api-keys';
import { addTeamMember, getTeamMember } from '../../shared/domain/team-members';
import { createTeam, getTeam, updateTeam } from '../../shared/domain/teams';
import { ApiError } from '../../shared/http/errors';
import { ensureTable } from '../local/engine';
import { issueLocalToken } from '../local/tokens';

/**
 * `npm run admin -- <command> [--json]`: team administration against the same table the service
 * uses (`DYNAMODB_ENDPOINT` and `TABLE_NAME` locally; the deployed table with AWS credentials).
 */
const usage = `Usage: npm run admin -- <command> [options] [--json]

Commands:
  create-team --name N [--webhooks-plan] [--webhooks-enabled]
  update-team --team T [--name N] [--webhooks-plan | --no-webhooks-plan] [--webhooks-enabled | --no-webhooks-enabled]
  add-team-member --team T --email E --first-name F --last-name L
  create-api-key --team T --name N [--scopes ${allScopes.join(',')}]   (prints the key once)
  revoke-api-key --team T --key-id K
  issue-token --team T --member M [--kind session|oauth] [--scopes a,b] [--ttl SECONDS]   (HS256, local use)

Environment: TABLE_NAME (default recruiting), DYNAMODB_ENDPOINT (a local engine), AWS_REGION,
AUTH_JWT_SECRET / AUTH_JWT_ISSUER / AUTH_JWT_AUDIENCE (issue-token; local defaults otherwise).
With --json each command prints one JSON object on stdout.`;

/** A mistake in the command line: printed with the usage, exit code 2. */
class UsageError extends Error {
  override name = 'UsageError';
}

const options = {
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  name: { type: 'string' },
  team: { type: 'string' },
  email: { type: 'string' },
  'first-name': { type: 'string' },
  'last-name': { type: 'string' },
  scopes: { type: 'string' },
  'key-id': { type: 'string' },
  member: { type: 'string' },
  kind: { type: 'string' },
  ttl: { type: 'string' },
  'webhooks-plan': { type: 'boolean' },
  'no-webhooks-plan': { type: 'boolean' },
  'webhooks-enabled': { type: 'boolean' },
  'no-webhooks-enabled': { type: 'boolean' },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof options; allowPositionals: true }>>['values'];

function required(values: Values, name: keyof Values): string {
  const value = values[name];
  if (typeof value !== 'string' || value === '') throw new UsageError(`--${name} is required`);
  return value;
}

function parseScopes(list: string | undefined): Scope[] {
  if (!list) return [];
  const names = list.split(',').map((scope) => scope.trim()).filter(Boolean);
  const unknown = names.filter((scope) => !isScope(scope));
  if (unknown.length) throw new UsageError(`Unknown scope(s): ${unknown.join(', ')}. Known: ${allScopes.join(', ')}`);
  return names as Scope[];
}

function toggle(values: Values, name: 'webhooks-plan' | 'webhooks-enabled'): boolean | undefined {
  if (values[name] && values[`no-${name}`]) throw new UsageError(`--${name} and --no-${name} contradict each other`);
  if (values[name]) return true;
  if (values[`no-${name}`]) return false;
  return undefined;
}

/** Runs one command; returns the JSON answer and the human sentence for it. */
async function run(command: string | undefined, values: Values): Promise<{ json: Record<string, unknown>; text: string }> {
  switch (command) {
    case 'create-team': {
      const team = await createTeam({ name: required(values, 'name'), webhooksPlan: values['webhooks-plan'] ?? false, webhooksEnabled: values['webhooks-enabled'] ?? false });
      return { json: { team_id: team.id }, text: `Created team ${team.name}: ${team.id} (with the default statuses, roles, activity types and pipeline)` };
    }
    case 'update-team': {
      const team = await updateTeam(required(values, 'team'), { ...(values.name ? { name: values.name } : {}), webhooksPlan: toggle(values, 'webhooks-plan'), webhooksEnabled: toggle(values, 'webhooks-enabled') });
      return { json: { team_id: team.id }, text: `Updated team ${team.id}: name ${team.name}, webhooks plan ${team.plan.webhooks}, webhooks enabled ${team.settings.webhooks_enabled}` };
    }
    case 'add-team-member': {
      const teamId = required(values, 'team');
      await getTeam(teamId);
      const member = await addTeamMember(teamId, { email: required(values, 'email'), first_name: required(values, 'first-name'), last_name: required(values, 'last-name') });
      return { json: { team_member_id: member.id }, text: `Added ${member.first_name} ${member.last_name} <${member.email}>: ${member.id}` };
    }
    case 'create-api-key': {
      const teamId = required(values, 'team');
      await getTeam(teamId);
      const { keyId, apiKey } = await createApiKey(teamId, required(values, 'name'), parseScopes(values.scopes));
      return { json: { key_id: keyId, api_key: apiKey }, text: `API key ${keyId} (shown once, store it now):\n${apiKey}` };
    }
    case 'revoke-api-key': {
      const keyId = required(values, 'key-id');
      await revokeApiKey(required(values, 'team'), keyId);
      return { json: { key_id: keyId, revoked: true }, text: `Revoked API key ${keyId}` };
    }
    case 'issue-token': {
      const teamId = required(values, 'team');
      const memberId = required(values, 'member');
      const kind = values.kind ?? 'session';
      if (kind !== 'session' && kind !== 'oauth') throw new UsageError('--kind must be session or oauth');
      const ttl = values.ttl === undefined ? undefined : Number(values.ttl);
      if (ttl !== undefined && (!Number.isInteger(ttl) || ttl <= 0)) throw new UsageError('--ttl must be a positive number of seconds');
      await getTeamMember(teamId, memberId);
      const token = await issueLocalToken({ teamId, teamMemberId: memberId, kind, scopes: parseScopes(values.scopes), ...(ttl ? { ttlSeconds: ttl } : {}) });
      return { json: { token }, text: token };
    }
    default:
      throw new UsageError(command ? `Unknown command: ${command}` : 'No command given');
  }
}

async function main(): Promise<number> {
  let parsed: { values: Values; positionals: string[] };
  try {
    parsed = parseArgs({ options, allowPositionals: true, strict: true });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${usage}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    return 0;
  }
  process.env.LOG_LEVEL ||= 'warn';
  resetConfig();
  try {
    if (process.env.DYNAMODB_ENDPOINT) await ensureTable(process.env.DYNAMODB_ENDPOINT, process.env.TABLE_NAME || 'recruiting', process.env.AWS_REGION || 'us-east-1');
    const { json, text } = await run(positionals[0], values);
    process.stdout.write(`${values.json ? JSON.stringify(json) : text}\n`);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n\n${usage}\n`);
      return 2;
    }
    const message = error instanceof ApiError ? error.message : `${(error as Error).name}: ${(error as Error).message}`;
    process.stderr.write(values.json ? `${JSON.stringify({ error: message })}\n` : `Error: ${message}\n`);
    return 1;
  }
}

process.exitCode = await main();
