// Builds one minified ESM bundle per route at dist/functions/<function-name>/index.mjs, with its
// metafile beside it, and prints each bundle's size. Run with `npm run build` (tsx loads the
// TypeScript registry and OpenAPI generator this script needs).
import { readdirSync } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const root = dirname(fileURLToPath(import.meta.url));

/** Options shared by every function bundle and by the benchmark's floor bundle. */
export const bundleOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  minify: true,
  // Prefer the SDK's and libraries' ES module builds: smaller after tree-shaking, faster to load.
  mainFields: ['module', 'main'],
  legalComments: 'none',
  logLevel: 'warning',
  // Some CommonJS dependencies call require() for Node built-ins; give ESM bundles a require.
  banner: { js: "import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);" },
};

/**
 * The OpenAPI route's bundle carries the document generated at build time instead of every other
 * route module (see shared/openapi/document-source.ts).
 */
function prebuiltOpenApiDocument(document) {
  return {
    name: 'prebuilt-openapi-document',
    setup(build) {
      build.onResolve({ filter: /openapi\/document-source$/ }, () => ({ path: 'document-source', namespace: 'prebuilt-openapi' }));
      build.onLoad({ filter: /.*/, namespace: 'prebuilt-openapi' }, () => ({
        contents: `const document = ${JSON.stringify(document)};\nexport const loadOpenApiDocument = async () => document;`,
        loader: 'js',
      }));
    },
  };
}

/**
 * The Lambdas that are not routes (the webhook dispatcher and sender): one per file of
 * `infra/handlers/`, named after it, exporting `handler` like a route.
 */
export function listHandlerFiles() {
  return readdirSync(join(root, 'infra', 'handlers'))
    .filter((entry) => entry.endsWith('.ts'))
    .map((entry) => ({ name: entry.slice(0, -3), file: `infra/handlers/${entry}` }))
    .sort((a, b) => (a.name < b.name ? -1 : 1));
}

/**
 * Bundles every registered route and every handler of `infra/handlers/`. Each entry validates the configuration at init, so a bad
 * deployment fails at cold start rather than on some later request.
 * @returns one `{ name, file, outfile, bytes }` per function
 */
export async function buildFunctions({ outdir = join(root, 'dist', 'functions'), only } = {}) {
  const { listRouteFiles, loadRoutes } = await import(pathToFileURL(join(root, 'functions', 'registry.ts')).href);
  const { buildOpenApiDocument } = await import(pathToFileURL(join(root, 'shared', 'openapi', 'generate.ts')).href);
  const routeNames = new Set(listRouteFiles().map((file) => file.name));
  const clash = listHandlerFiles().find((file) => routeNames.has(file.name));
  if (clash) throw new Error(`${clash.file} has the name of a route: function names must be unique`);
  const files = [...listRouteFiles(), ...listHandlerFiles()].filter((file) => !only || only.includes(file.name));
  const document = buildOpenApiDocument(await loadRoutes());
  await rm(outdir, { recursive: true, force: !only });
  const results = await Promise.all(
    files.map(async (file) => {
      const outfile = join(outdir, file.name, 'index.mjs');
      await mkdir(dirname(outfile), { recursive: true });
      const result = await esbuild.build({
        ...bundleOptions,
        stdin: {
          contents: `import { config } from './shared/config/env.ts';\nconfig();\nexport { handler } from './${file.file}';\n`,
          resolveDir: root,
          sourcefile: `${file.name}-entry.ts`,
          loader: 'ts',
        },
        outfile,
        metafile: true,
        plugins: [prebuiltOpenApiDocument(document)],
      });
      await writeFile(join(outdir, file.name, 'meta.json'), JSON.stringify(result.metafile));
      return { name: file.name, file: file.file, outfile, bytes: (await stat(outfile)).size };
    }),
  );
  return results.sort((a, b) => b.bytes - a.bytes);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = performance.now();
  const results = await buildFunctions();
  const width = Math.max(...results.map((result) => result.name.length));
  for (const result of results) console.log(`${result.name.padEnd(width)}  ${(result.bytes / 1024).toFixed(1).padStart(7)} KB  ${relative(root, result.outfile)}`);
  console.log(`${results.length} bundles in ${Math.round(performance.now() - started)} ms; largest ${(results[0].bytes / 1024).toFixed(1)} KB`);
}
