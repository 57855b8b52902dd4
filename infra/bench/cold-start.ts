/**
 * `npm run bench`: bundle sizes and cold starts of the function bundles beside a floor, for the
 * README. A report, not a test: it exits 0 whatever the figures, and 1 only when an invocation
 * fails (a broken bundle must not look fast).
 *
 * - Size: every function bundle (built with `buildFunctions`, exactly as deployed) against the
 *   floor bundle (`floor-handler.ts`: one `GetItem` with the bundled SDK, same `bundleOptions`).
 * - Cold start: a fresh `node` process imports a bundle and serves one request against the
 *   embedded engine (`invoke-once.mjs`); the wall time from spawn to exit is measured here, the
 *   child reports its own import and invoke times. Subjects are the floor and every route that
 *   needs no prior data: GET routes without path parameters, the public routes, and
 *   `create-deal-status` (a unique name per invocation).
 *
 * Usage: `npm run bench [-- --runs N]` (default 9 runs per subject). Everything lands in `.bench/`
 * (git-ignored): the bundles with their metafiles, and `results.json` with every sample.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { BuildOptions } from 'esbuild';
import * as esbuild from 'esbuild';
import { loadRoutes } from '../../functions/registry';
import type { RegisteredRoute } from '../../functions/registry';
import { resetConfig } from '../../shared/config/env';
import { documentClient, resetDocumentClient } from '../../shared/db/client';
import { ensureTable, startEmbeddedEngine } from '../local/engine';
import { seedTeam } from '../local/seed';
import { applyLocalJwtDefaults } from '../local/tokens';
import { floorItemKey } from './floor-item';

const benchDirectory = dirname(fileURLToPath(import.meta.url));
const root = join(benchDirectory, '..', '..');
const outputDirectory = join(root, '.bench');
const invokeScript = join(benchDirectory, 'invoke-once.mjs');

/** The README's targets: the largest bundle and the slowest cold start, relative to the floor. */
const targets = { sizeRatio: 1.25, coldStartRatio: 1.2 } as const;

/** What `esbuild.config.mjs` exports (plain JS, so typed here by hand). */
interface BuildConfigModule {
  bundleOptions: BuildOptions;
  buildFunctions(options: { outdir?: string; only?: string[] }): Promise<BuiltBundle[]>;
}

/** One built bundle, as `buildFunctions` reports it. */
interface BuiltBundle {
  name: string;
  file: string;
  outfile: string;
  bytes: number;
}

/** One cold start: the parent's wall time and the child's own readings (see invoke-once.mjs). */
interface Sample {
  wall_ms: number;
  start_ms: number;
  import_ms: number;
  invoke_ms: number;
  cpu_ms: number;
}

/** A bundle the benchmark invokes: the floor or a route. */
interface Subject {
  name: string;
  outfile: string;
  bytes: number;
  expectedStatus: number;
  /** A fresh event per invocation (`run` is -1 for the warm-up): its own request id and, for creates, its own name. */
  event: (run: number) => APIGatewayProxyEventV2;
  samples: Sample[];
  failure?: string;
}

/** Medians of a subject's samples, and their ratios to the floor's. */
interface Summary {
  name: string;
  bytes: number;
  size_ratio: number;
  wall_ms: number;
  wall_ratio: number;
  /** First and third quartiles of the wall times: how noisy the machine was for this subject. */
  wall_p25_ms: number;
  wall_p75_ms: number;
  start_ms: number;
  import_ms: number;
  invoke_ms: number;
  cpu_ms: number;
  cpu_ratio: number;
  runs: number;
  failure?: string;
}

/**
 * Builds, seeds, measures, prints and writes `.bench/results.json`.
 * @returns the exit code: 1 when an invocation failed, else 0 (missed targets are reported, not failed)
 */
async function main(runs: number): Promise<number> {
  // The parent's own settings: the seed and the build read them through config(), which caches its
  // first reading, so they are in place before anything touches the configuration.
  process.env.TABLE_NAME ||= 'recruiting';
  process.env.AWS_REGION ||= 'us-east-1';
  process.env.LOG_LEVEL = 'silent';
  applyLocalJwtDefaults(process.env);

  const loadAtStart = loadavg();
  const buildConfig = (await import(pathToFileURL(join(root, 'esbuild.config.mjs')).href)) as BuildConfigModule;

  log(`Building the function bundles and the floor into ${relative(root, outputDirectory)}/ …`);
  const buildStarted = performance.now();
  const [bundles, floorBundle] = await Promise.all([buildConfig.buildFunctions({ outdir: join(outputDirectory, 'functions') }), buildFloor(buildConfig.bundleOptions)]);
  log(`Built ${bundles.length} function bundles and the floor in ${Math.round(performance.now() - buildStarted)} ms`);
  // esbuild's service process idles on until stopped; stop it so it takes no share of the machine.
  await esbuild.stop();

  const engine = await startEmbeddedEngine();
  try {
    process.env.DYNAMODB_ENDPOINT = engine.endpoint;
    resetConfig();
    resetDocumentClient();
    const tableName = process.env.TABLE_NAME;
    await ensureTable(engine.endpoint, tableName, process.env.AWS_REGION);
    const team = await seedTeam('Bench Recruiting', { email: 'bench@example.com', first_name: 'Bea', last_name: 'Bench' });
    await documentClient().send(new PutCommand({ TableName: tableName, Item: { ...floorItemKey, entity: 'BENCH', note: 'read by the floor handler' } }));

    // Children get exactly these variables and nothing inherited: no NODE_EXTRA_CA_CERTS (about
    // 95 ms on every Node 20 start here), no NODE_OPTIONS (tsx's loader), no AWS_CA_BUNDLE or
    // credentials, as in a Lambda whose configuration names only what the service reads.
    const childEnvironment: NodeJS.ProcessEnv = {
      DYNAMODB_ENDPOINT: engine.endpoint,
      TABLE_NAME: tableName,
      AWS_REGION: process.env.AWS_REGION,
      LOG_LEVEL: 'silent',
      AUTH_JWT_ISSUER: process.env.AUTH_JWT_ISSUER,
      AUTH_JWT_AUDIENCE: process.env.AUTH_JWT_AUDIENCE,
      AUTH_JWT_SECRET: process.env.AUTH_JWT_SECRET,
    };

    const runId = Date.now().toString(36);
    const authorization = `Bearer ${team.api_key}`;
    const floor: Subject = {
      name: 'floor',
      outfile: floorBundle.outfile,
      bytes: floorBundle.bytes,
      expectedStatus: 200,
      event: () => apiGatewayEvent({ method: 'GET', path: '/bench/floor', routeKey: 'GET /bench/floor', headers: {} }),
      samples: [],
    };
    const bundleByName = new Map(bundles.map((bundle) => [bundle.name, bundle]));
    const routes = (await loadRoutes()).filter(invokableWithoutData);
    const subjects = [floor, ...routes.map((route) => routeSubject(route, bundleByName, { authorization, runId }))];

    // One unmeasured pass first: it fills the page cache with every bundle and lets the engine,
    // which runs in this process, compile its request paths, so the first measured subject (the
    // floor) is not charged for warming up the machine.
    log(`Warm-up pass over ${subjects.length} bundles, then ${runs} measured runs each, interleaved …`);
    for (const subject of subjects) await measure(subject, -1, childEnvironment);
    for (let run = 0; run < runs; run += 1) {
      // Interleaved (floor, A, B, …, floor, A, B, …) so machine noise falls on every subject alike.
      for (const subject of subjects) if (!subject.failure) await measure(subject, run, childEnvironment);
      log(`  run ${run + 1}/${runs} done`);
    }

    const summaries = summarise(subjects, floor);
    const invokedNames = new Set(subjects.map((subject) => subject.name));
    printColdStartTable(summaries, runs);
    printBundleSizes(bundles, floor.bytes, invokedNames);
    const checks = targetChecks(bundles, floor, summaries);
    for (const check of checks) console.log(check.line);
    const machine = machineConditions(childEnvironment, loadAtStart);
    console.log(
      `\nMachine: ${machine.cpus} × ${machine.cpu_model}, Node ${machine.node}; load average ${machine.load_average_start.join(' ')} at start, ${machine.load_average_end.join(' ')} at end; children ran without NODE_EXTRA_CA_CERTS (parent had it ${machine.parent_had_node_extra_ca_certs ? 'set' : 'unset'}).`,
    );
    // A cold start is mostly CPU work: with more runnable processes than cores, wall times stretch unevenly.
    if (Math.max(machine.load_average_start[0] ?? 0, machine.load_average_end[0] ?? 0) > machine.cpus) {
      console.log(`Warning: the machine was busy (load above ${machine.cpus} cores): wall times are noisy; compare the cpu columns, or re-run when it is idle.`);
    }

    const failures = subjects.filter((subject) => subject.failure);
    for (const subject of failures) console.error(`FAILED ${subject.name}: ${subject.failure}`);

    const results = {
      generated_at: new Date().toISOString(),
      machine,
      runs,
      method:
        'fresh `node infra/bench/invoke-once.mjs <bundle> <event> <status>` per sample; wall_ms = spawn to exit in the parent; start_ms/import_ms = performance.now() in the child at script start / after the import; invoke_ms = one handler call; cpu_ms = process.cpuUsage() user + system of the child; medians; one unmeasured warm-up pass; subjects interleaved run by run',
      floor: { outfile: relative(root, floor.outfile), bytes: floor.bytes },
      cold_starts: summaries,
      bundles: bundles.map((bundle) => ({ name: bundle.name, bytes: bundle.bytes, size_ratio: round(bundle.bytes / floor.bytes, 3), invoked: invokedNames.has(bundle.name) })),
      targets: checks.map(({ line: _line, ...check }) => check),
      samples: Object.fromEntries(subjects.map((subject) => [subject.name, subject.samples])),
      failures: failures.map((subject) => ({ name: subject.name, failure: subject.failure })),
    };
    const resultsFile = join(outputDirectory, 'results.json');
    await writeFile(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
    log(`Wrote ${relative(root, resultsFile)}`);
    return failures.length ? 1 : 0;
  } finally {
    resetDocumentClient();
    await engine.close();
  }
}

/** Bundles the floor with the functions' own `bundleOptions`, metafile beside it like theirs. */
async function buildFloor(bundleOptions: BuildOptions): Promise<{ outfile: string; bytes: number }> {
  const outfile = join(outputDirectory, 'floor', 'index.mjs');
  await mkdir(dirname(outfile), { recursive: true });
  const result = await esbuild.build({ ...bundleOptions, entryPoints: [join(benchDirectory, 'floor-handler.ts')], outfile, metafile: true });
  await writeFile(join(dirname(outfile), 'meta.json'), JSON.stringify(result.metafile));
  return { outfile, bytes: (await stat(outfile)).size };
}

/**
 * GET routes without path parameters, the public routes without a body, and the one create that
 * needs no data. Portal routes need a portal session (not an API key), so they are sized but not timed.
 */
function invokableWithoutData({ name, route }: RegisteredRoute): boolean {
  if (route.auth === 'portal') return false;
  return (route.method === 'GET' && !route.path.includes('{')) || (route.auth === 'none' && !route.body) || name === 'create-deal-status';
}

/** The subject of one route: its bundle, the status it must answer, and its event. */
function routeSubject(registered: RegisteredRoute, bundleByName: Map<string, BuiltBundle>, options: { authorization: string; runId: string }): Subject {
  const { name, route } = registered;
  const bundle = bundleByName.get(name);
  if (!bundle) throw new Error(`No bundle was built for ${name}`);
  const isCatchAll = route.path === '$default';
  // The catch-all is invoked with a path no route declares; its answer is the 404 envelope.
  const method = route.method === 'ANY' ? 'GET' : route.method;
  const path = isCatchAll ? '/bench/no-such-route' : route.path;
  const headers: Record<string, string> = route.auth === 'none' ? {} : { authorization: options.authorization };
  return {
    name,
    outfile: bundle.outfile,
    bytes: bundle.bytes,
    expectedStatus: isCatchAll ? 404 : (route.successStatus ?? 200),
    event: (run) => {
      if (!route.body) return apiGatewayEvent({ method, path, routeKey: isCatchAll ? '$default' : `${method} ${path}`, headers });
      // Only create-deal-status takes a body here; names are unique per list, hence one per invocation.
      const body = JSON.stringify({ name: `Bench ${options.runId} ${run + 1}` });
      return apiGatewayEvent({ method, path, routeKey: `${method} ${path}`, headers: { ...headers, 'content-type': 'application/json' }, body });
    },
    samples: [],
  };
}

/** A payload-format-2.0 event as API Gateway HTTP API sends it (see infra/local/api-gateway-event.ts). */
function apiGatewayEvent(request: { method: string; path: string; routeKey: string; headers: Record<string, string>; body?: string }): APIGatewayProxyEventV2 {
  const now = new Date();
  const headers = { host: 'bench.local', 'user-agent': 'recruiting-bench', accept: 'application/json', ...request.headers };
  return {
    version: '2.0',
    routeKey: request.routeKey,
    rawPath: request.path,
    rawQueryString: '',
    headers,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: 'bench.local',
      domainPrefix: 'bench',
      http: { method: request.method, path: request.path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: headers['user-agent'] },
      requestId: randomUUID(),
      routeKey: request.routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    ...(request.body === undefined ? {} : { body: request.body }),
    isBase64Encoded: false,
  };
}

/**
 * Runs one cold start of `subject` and records it unless it is the warm-up (`run` < 0). A failed
 * invocation marks the subject failed; it is not run again.
 */
async function measure(subject: Subject, run: number, environment: NodeJS.ProcessEnv): Promise<void> {
  try {
    const sample = await coldStart(subject.outfile, subject.event(run), subject.expectedStatus, environment);
    if (run >= 0) subject.samples.push(sample);
  } catch (error) {
    subject.failure = error instanceof Error ? error.message : String(error);
  }
}

/** Spawns a fresh `node invoke-once.mjs` and times it from spawn to exit. */
function coldStart(outfile: string, event: APIGatewayProxyEventV2, expectedStatus: number, environment: NodeJS.ProcessEnv): Promise<Sample> {
  return new Promise((resolve, reject) => {
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    let wallMs = 0;
    const started = performance.now();
    const child = spawn(process.execPath, [invokeScript, outfile, JSON.stringify(event), String(expectedStatus)], { env: environment, stdio: ['ignore', 'pipe', 'pipe'] });
    // 'exit' is when the process ended; 'close' follows once its pipes are drained.
    child.once('exit', () => {
      wallMs = performance.now() - started;
    });
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.once('error', reject);
    child.once('close', (code, signal) => {
      // The last lines say why (earlier ones may be warnings, such as the SDK's Node 20 notice).
      const errorOutput = Buffer.concat(stderr).toString('utf8').trim().split('\n').slice(-5).join('\n');
      if (code !== 0) {
        reject(new Error(`exit ${code ?? signal}${errorOutput ? `: ${errorOutput}` : ''}`));
        return;
      }
      const lastLine = Buffer.concat(stdout).toString('utf8').trim().split('\n').at(-1) ?? '';
      try {
        const reading = JSON.parse(lastLine) as Omit<Sample, 'wall_ms'>;
        resolve({ wall_ms: round(wallMs, 2), start_ms: reading.start_ms, import_ms: reading.import_ms, invoke_ms: reading.invoke_ms, cpu_ms: reading.cpu_ms });
      } catch {
        reject(new Error(`unreadable output: ${lastLine.slice(0, 200)}`));
      }
    });
  });
}

/** Median readings per subject, with size and wall-time ratios to the floor; largest bundle first. */
function summarise(subjects: Subject[], floor: Subject): Summary[] {
  const floorWall = median(floor.samples.map((sample) => sample.wall_ms));
  const floorCpu = median(floor.samples.map((sample) => sample.cpu_ms));
  return subjects
    .map((subject) => {
      const walls = subject.samples.map((sample) => sample.wall_ms);
      const wall = median(walls);
      const cpu = median(subject.samples.map((sample) => sample.cpu_ms));
      return {
        name: subject.name,
        bytes: subject.bytes,
        size_ratio: round(subject.bytes / floor.bytes, 3),
        wall_ms: round(wall, 1),
        wall_ratio: round(wall / floorWall, 3),
        wall_p25_ms: round(quantile(walls, 0.25), 1),
        wall_p75_ms: round(quantile(walls, 0.75), 1),
        start_ms: round(median(subject.samples.map((sample) => sample.start_ms)), 1),
        import_ms: round(median(subject.samples.map((sample) => sample.import_ms)), 1),
        invoke_ms: round(median(subject.samples.map((sample) => sample.invoke_ms)), 1),
        cpu_ms: round(cpu, 1),
        cpu_ratio: round(cpu / floorCpu, 3),
        runs: subject.samples.length,
        ...(subject.failure ? { failure: subject.failure } : {}),
      };
    })
    .sort((a, b) => b.bytes - a.bytes || a.name.localeCompare(b.name));
}

/** The cold-start table: one row per invoked bundle, the floor among them. */
function printColdStartTable(summaries: Summary[], runCount: number): void {
  console.log(
    `\nCold start: median of ${runCount} fresh node processes each (cold start = wall time from spawn to exit, with its quartiles; import = process start to bundle imported; invoke = one handler call; cpu = the child's user + system CPU time, less sensitive to other load than wall time)\n`,
  );
  printTable(
    ['function', 'size KB', 'size ÷ floor', 'cold start ms', 'cold ÷ floor', '(p25–p75)', 'import ms', 'invoke ms', 'cpu ms', 'cpu ÷ floor'],
    summaries.map((summary) =>
      summary.failure
        ? [summary.name, kb(summary.bytes), ratio(summary.size_ratio, 3), 'FAILED', '', '', '', '', '', '']
        : [
            summary.name,
            kb(summary.bytes),
            // Three decimals: sizes sit right at the 1.25 target, where 1.25× would hide a miss.
            ratio(summary.size_ratio, 3),
            summary.wall_ms.toFixed(1),
            ratio(summary.wall_ratio),
            `${summary.wall_p25_ms.toFixed(0)}–${summary.wall_p75_ms.toFixed(0)}`,
            summary.import_ms.toFixed(1),
            summary.invoke_ms.toFixed(1),
            summary.cpu_ms.toFixed(1),
            ratio(summary.cpu_ratio),
          ],
    ),
  );
  const boot = median(summaries.filter((summary) => !summary.failure).map((summary) => summary.start_ms));
  console.log(`(Node itself is up after about ${boot.toFixed(1)} ms in every child: that part of "import ms" is the same for all.)`);
}

/** Every function bundle's size, invoked or not. */
function printBundleSizes(bundles: BuiltBundle[], floorBytes: number, invoked: Set<string>): void {
  console.log(`\nBundle sizes: all ${bundles.length} functions (floor ${kb(floorBytes)} KB; * = invoked above)\n`);
  printTable(
    ['function', 'size KB', 'size ÷ floor', ''],
    [...bundles].sort((a, b) => b.bytes - a.bytes || a.name.localeCompare(b.name)).map((bundle) => [bundle.name, kb(bundle.bytes), ratio(bundle.bytes / floorBytes, 3), invoked.has(bundle.name) ? '*' : '']),
  );
  console.log('');
}

/** The two README targets as PASS/FAIL lines (and as data for results.json). */
function targetChecks(bundles: BuiltBundle[], floor: Subject, summaries: Summary[]) {
  const largest = bundles.reduce((a, b) => (b.bytes > a.bytes ? b : a));
  const sizeRatio = largest.bytes / floor.bytes;
  const measured = summaries.filter((summary) => summary.name !== 'floor' && !summary.failure);
  const sizeCheck = {
    target: 'largest bundle size ÷ floor',
    limit: targets.sizeRatio,
    value: round(sizeRatio, 3),
    function: largest.name,
    pass: sizeRatio <= targets.sizeRatio,
    line: `${sizeRatio <= targets.sizeRatio ? 'PASS' : 'FAIL'}  largest bundle ${largest.name} ${kb(largest.bytes)} KB = ${sizeRatio.toFixed(3)}× the floor's ${kb(floor.bytes)} KB (target ≤ ${targets.sizeRatio}×)`,
  };
  if (floor.failure || !measured.length) {
    const line = `FAIL  cold start cannot be compared: ${floor.failure ? 'the floor failed' : 'no function was measured'}`;
    return [sizeCheck, { target: 'largest cold start ÷ floor', limit: targets.coldStartRatio, value: Number.NaN, function: '', pass: false, line }];
  }
  const slowest = measured.reduce((a, b) => (b.wall_ratio > a.wall_ratio ? b : a));
  return [
    sizeCheck,
    {
      target: 'largest cold start ÷ floor',
      limit: targets.coldStartRatio,
      value: slowest.wall_ratio,
      function: slowest.name,
      pass: slowest.wall_ratio <= targets.coldStartRatio,
      line: `${slowest.wall_ratio <= targets.coldStartRatio ? 'PASS' : 'FAIL'}  slowest cold start ${slowest.name} ${slowest.wall_ms.toFixed(1)} ms = ${slowest.wall_ratio.toFixed(3)}× the floor's ${(summaries.find((summary) => summary.name === 'floor')?.wall_ms ?? 0).toFixed(1)} ms (target ≤ ${targets.coldStartRatio}×)`,
    },
  ];
}

/** What the figures depend on, so a reader can tell a noisy machine from a slow bundle. */
function machineConditions(childEnvironment: NodeJS.ProcessEnv, loadAtStart: number[]) {
  const processors = cpus();
  return {
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    cpus: processors.length,
    cpu_model: processors[0]?.model ?? 'unknown',
    memory_gb: round(totalmem() / 2 ** 30, 1),
    /** 1, 5 and 15 minute load averages when the benchmark started and when it ended. */
    load_average_start: loadAtStart.map((load) => round(load, 2)),
    load_average_end: loadavg().map((load) => round(load, 2)),
    parent_had_node_extra_ca_certs: Boolean(process.env.NODE_EXTRA_CA_CERTS),
    child_environment: Object.keys(childEnvironment).sort(),
  };
}

/** Prints rows under a header, the first column left-aligned and the others right-aligned. */
function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const format = (row: string[]) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join('  ').trimEnd();
  console.log(format(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(format(row));
}

function median(values: number[]): number {
  return quantile(values, 0.5);
}

/** The `q` quantile with linear interpolation between neighbours (the usual median for q = 0.5). */
function quantile(values: number[], q: number): number {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const position = (sorted.length - 1) * q;
  const below = sorted[Math.floor(position)] as number;
  const above = sorted[Math.ceil(position)] as number;
  return below + (above - below) * (position - Math.floor(position));
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

function kb(bytes: number): string {
  return (bytes / 1024).toFixed(1);
}

function ratio(value: number, digits = 2): string {
  return `${value.toFixed(digits)}×`;
}

/** Progress goes to stderr so stdout holds only the report. */
function log(message: string): void {
  process.stderr.write(`${message}\n`);
}

// Last, so every constant above is initialised before the first line of main runs.
const { values: options } = parseArgs({ options: { runs: { type: 'string', default: '9' } } });
const runCount = Number(options.runs);
if (!Number.isInteger(runCount) || runCount < 1) throw new Error(`--runs must be a positive integer, got ${options.runs}`);
process.exit(await main(runCount));
