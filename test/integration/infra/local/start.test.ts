import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureTable, startEmbeddedEngine } from '../../../../infra/local/engine';
import type { EmbeddedEngine } from '../../../../infra/local/engine';

const children: ChildProcess[] = [];
const engines: EmbeddedEngine[] = [];

/** Runs `npm start -- --json` as a user would and resolves with the JSON line it prints. */
function npmStart(environment: Record<string, string>): Promise<Record<string, string>> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', ...environment };
  // Vitest exports Vite's BASE_URL ('/') and the test's engine settings; a user's shell has neither.
  delete env.BASE_URL;
  if (!environment.DYNAMODB_ENDPOINT) delete env.DYNAMODB_ENDPOINT;
  const child = spawn('npm', ['start', '--silent', '--', '--json'], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  children.push(child);
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).once('line', (line) => resolve(JSON.parse(line) as Record<string, string>));
    child.once('exit', (code) => reject(new Error(`npm start exited with ${code}: ${errors}`)));
  });
}

afterEach(async () => {
  for (const child of children.splice(0)) if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
  for (const engine of engines.splice(0)) await engine.close();
});

describe('npm start', () => {
  it('prints one JSON object with the address and the demo credentials, which work', async () => {
    const started = await npmStart({});
    expect(Object.keys(started).sort()).toEqual(['api_key', 'dynamodb_endpoint', 'session_token', 'table_name', 'team_id', 'team_member_id', 'url']);
    expect(started.table_name).toBe('recruiting');
    const withKey = await fetch(`${started.url}/v1/deals/statuses`, { headers: { authorization: `Bearer ${started.api_key}` } });
    expect(withKey.status).toBe(200);
    const withSession = await fetch(`${started.url}/v1/team-members`, { headers: { authorization: `Bearer ${started.session_token}` } });
    expect(((await withSession.json()) as { data: { id: string }[] }).data.map((member) => member.id)).toEqual([started.team_member_id]);
  });

  it('with DYNAMODB_ENDPOINT, uses that engine, creates the table when missing and seeds nothing', async () => {
    const engine = await startEmbeddedEngine();
    engines.push(engine);
    const started = await npmStart({ DYNAMODB_ENDPOINT: engine.endpoint, TABLE_NAME: 'external' });
    expect(started).toEqual({ url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/), dynamodb_endpoint: engine.endpoint, table_name: 'external' });
    // The table now exists on the external engine: creating it again reports it was already there.
    expect(await ensureTable(engine.endpoint, 'external')).toBe(false);
    const anonymous = await fetch(`${started.url}/v1/deals/statuses`);
    expect(anonymous.status).toBe(401);
  });
});
