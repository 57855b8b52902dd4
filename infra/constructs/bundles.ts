import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** One bundle `buildFunctions` wrote: `<outdir>/<name>/index.mjs`. */
export interface BuiltBundle {
  name: string;
  /** The route's source, relative to the repository root. */
  file: string;
  outfile: string;
  bytes: number;
}

/** The options `buildFunctions` in `esbuild.config.mjs` takes. */
export interface BuildFunctionsOptions {
  /** Where the `<name>/index.mjs` bundles go (default `dist/functions`). */
  outdir?: string;
  /** Build only these function names. */
  only?: string[];
}

const repositoryRoot = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..');

/** The directory `npm run build` writes the bundles to, and the one `cdk synth` deploys from. */
export const defaultBundlesDirectory = join(repositoryRoot, 'dist', 'functions');

/**
 * Builds the per-route Lambda bundles with the project's esbuild script, typed for TypeScript callers
 * (the script is plain ESM, so it is imported by URL rather than by a checked specifier).
 * @example const bundles = await buildFunctionBundles({ outdir: await mkdtemp(join(tmpdir(), 'bundles-')) });
 */
export async function buildFunctionBundles(options: BuildFunctionsOptions = {}): Promise<BuiltBundle[]> {
  const script = pathToFileURL(join(repositoryRoot, 'esbuild.config.mjs')).href;
  const { buildFunctions } = (await import(script)) as { buildFunctions: (options: BuildFunctionsOptions) => Promise<BuiltBundle[]> };
  return buildFunctions(options);
}
