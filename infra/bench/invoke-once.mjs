// One cold start, the way Lambda's runtime does it: a fresh `node` process imports a bundle and
// invokes its handler once. Run by plain `node` (no tsx, no loader hooks) so nothing but the bundle
// is loaded on top of Node itself:
//
//   node infra/bench/invoke-once.mjs <bundle.mjs> <event JSON | event file> <expected status>
//
// Prints one JSON line and exits:
//   {"start_ms":…, "import_ms":…, "invoke_ms":…, "cpu_ms":…, "status":…}
// `start_ms` and `import_ms` are `performance.now()` readings, which count from process start:
// when this script began, and when the bundle's import (with its module-scope work) had finished.
// `invoke_ms` is the duration of the one handler call. `cpu_ms` is the CPU time (user + system)
// the whole process used: unlike wall time it hardly moves when other work shares the machine. A status other than the expected one exits
// 1 (with the answer on stderr), so a broken bundle cannot pass for a fast one.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const startMs = performance.now();
const [bundle, eventArgument, expectedArgument] = process.argv.slice(2);
if (!bundle || !eventArgument || !expectedArgument) {
  process.stderr.write('usage: node invoke-once.mjs <bundle.mjs> <event JSON | event file> <expected status>\n');
  process.exit(2);
}
const expectedStatus = Number(expectedArgument);
const event = JSON.parse(eventArgument.trimStart().startsWith('{') ? eventArgument : readFileSync(eventArgument, 'utf8'));

const { handler } = await import(pathToFileURL(resolve(bundle)).href);
const importMs = performance.now();
if (typeof handler !== 'function') {
  process.stderr.write(`${bundle} exports no handler\n`);
  process.exit(1);
}

const functionName = bundle.split(/[\\/]/).at(-2) ?? 'bench';
/** Just enough of a Lambda context for the middy chain (ids, names, remaining time). */
const context = {
  callbackWaitsForEmptyEventLoop: false,
  functionName,
  functionVersion: '$LATEST',
  invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
  memoryLimitInMB: '512',
  awsRequestId: event.requestContext?.requestId ?? 'bench-request',
  logGroupName: `/aws/lambda/${functionName}`,
  logStreamName: 'bench',
  getRemainingTimeInMillis: () => 29_000,
  done: () => undefined,
  fail: () => undefined,
  succeed: () => undefined,
};

const invokeStarted = performance.now();
let result;
try {
  result = await handler(event, context);
} catch (error) {
  process.stderr.write(`handler threw: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
}
const invokeMs = performance.now() - invokeStarted;

const { user, system } = process.cpuUsage();
const round = (ms) => Math.round(ms * 100) / 100;
const status = result?.statusCode;
process.stdout.write(`${JSON.stringify({ start_ms: round(startMs), import_ms: round(importMs), invoke_ms: round(invokeMs), cpu_ms: round((user + system) / 1000), status })}\n`);
if (status !== expectedStatus) {
  process.stderr.write(`expected status ${expectedStatus}, got ${status}: ${String(result?.body).slice(0, 500)}\n`);
  process.exit(1);
}
// Exit now rather than when the SDK's keep-alive sockets close, so the parent's wall time ends
// with the answer (stdout to a pipe is synchronous on Linux: the line is out before we exit).
process.exit(0);
