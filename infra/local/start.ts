import { parseArgs } from 'node:util';

// Lambda runs Node 22; locally the SDK's notice that its 2027 releases need Node 22 is noise.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
import { startLocalServer } from './server';

/**
 * `npm start`: the API on http://127.0.0.1:${PORT:-3000}. With `--json`, one JSON object on stdout
 * (`{url, dynamodb_endpoint, table_name, team_id, team_member_id, api_key, session_token}`) so a
 * script can drive the service; logs go to stderr then.
 */
const { values } = parseArgs({ options: { json: { type: 'boolean', default: false } } });
if (values.json) process.env.LOG_LEVEL ||= 'warn';

const server = await startLocalServer({ port: Number(process.env.PORT || 3000) });
const { demo } = server;

if (values.json) {
  process.stdout.write(`${JSON.stringify({ url: server.url, dynamodb_endpoint: server.dynamodbEndpoint, table_name: server.tableName, ...demo })}\n`);
} else {
  const lines = [
    `Recruiting API listening on ${server.url}`,
    `  API reference:      ${server.url}/docs`,
    `  DynamoDB endpoint:  ${server.dynamodbEndpoint} (table ${server.tableName})`,
  ];
  if (demo) {
    lines.push(
      '',
      'Seeded demo team (in memory: gone when this process stops):',
      `  team_id:         ${demo.team_id}`,
      `  team_member_id:  ${demo.team_member_id}`,
      `  API key (every scope):`,
      `    ${demo.api_key}`,
      `  Session token (12 h):`,
      `    ${demo.session_token}`,
      '',
      'Try it:',
      `  curl -s -H "Authorization: Bearer ${demo.api_key}" ${server.url}/v1/deals/statuses`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void server.close().then(() => process.exit(0));
  });
}
