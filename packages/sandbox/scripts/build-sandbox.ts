/* eslint-disable no-console -- a build step reports on standard output */
/**
 * Compiles the sandbox for demo mode: src/index.ts and what it imports, bundled by esbuild into
 * dist/ as plain JavaScript. The production server loads it (`@gds/sandbox/bundle`) with a
 * dynamic import only when demo mode is on; the server's own bundle holds none of it. Packages
 * stay in node_modules; our own code, the contract's TypeScript source included, goes in.
 */
import { readFileSync, realpathSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { BuildOptions } from 'esbuild';

const SANDBOX_DIR = path.resolve(import.meta.dirname, '..');
const manifest = JSON.parse(readFileSync(path.join(SANDBOX_DIR, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};
// The contract is TypeScript source, so it is compiled in; so is the little of kysely the
// sandbox uses (the server bundles kysely too, for its start time). Every other package stays
// external.
const BUNDLED = new Set(['@gds/contract', 'kysely']);
const external = Object.keys(manifest.dependencies).filter((name) => !BUNDLED.has(name));

/** How the sandbox is bundled. */
export const SANDBOX_BUILD: BuildOptions = {
  absWorkingDir: SANDBOX_DIR,
  entryPoints: { index: 'src/index.ts' },
  outdir: 'dist',
  bundle: true,
  // The identity provider's code (and oidc-provider) loads only when the sandbox signs in.
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  sourcemap: true,
  external,
  logLevel: 'warning',
};

// Run, not imported; real paths, as Node gives this module.
if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  // Chunk names are content hashes: clear the old ones rather than let them pile up.
  rmSync(path.join(SANDBOX_DIR, 'dist'), { recursive: true, force: true });
  await build(SANDBOX_BUILD);
  console.log(`Sandbox compiled to packages/sandbox/dist in ${Date.now() - started} ms.`);
}
