/* eslint-disable no-console -- a build step reports on standard output */
/**
 * Compiles the server for production: src/server.ts and what it imports, bundled by
 * esbuild into dist/ as plain JavaScript, so `node apps/server/dist/server.js` runs without a
 * TypeScript loader. Packages stay in node_modules; only our own code, the contract's
 * TypeScript source included, goes into the bundle.
 */
import { readFileSync, realpathSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { BuildOptions, Plugin } from 'esbuild';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');
const manifest = JSON.parse(readFileSync(path.join(SERVER_DIR, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};
// The contract is TypeScript source, so it is compiled in. So is kysely: only our code uses
// it, and as one bundle instead of a few hundred ES modules it loads in a fraction of the
// ~0.13 s of CPU it cost every start. Every other package stays external.
const BUNDLED = new Set(['@gds/contract', 'kysely']);
const external = Object.keys(manifest.dependencies).filter((name) => !BUNDLED.has(name));

/**
 * The sandbox (demo mode's stand-ins) is not compiled in: the server imports it dynamically,
 * in demo mode only, and the compiled server takes the sandbox's own bundle
 * (`@gds/sandbox/bundle`, built beside it by `npm start`) from node_modules instead of its
 * TypeScript source.
 */
const sandboxBundle: Plugin = {
  name: 'sandbox-bundle',
  setup(builder) {
    builder.onResolve({ filter: /^@gds\/sandbox$/ }, () => ({
      path: '@gds/sandbox/bundle',
      external: true,
    }));
  },
};

/** How the server is bundled (the start test reads what goes in, to check the rebuild inputs). */
export const SERVER_BUILD: BuildOptions = {
  absWorkingDir: SERVER_DIR,
  entryPoints: { server: 'src/server.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  sourcemap: true,
  external,
  plugins: [sandboxBundle],
  logLevel: 'warning',
};

// Run, not imported (the start test reads SERVER_BUILD); real paths, as Node gives this module.
if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  // Chunk names are content hashes: clear the old ones rather than let them pile up.
  rmSync(path.join(SERVER_DIR, 'dist'), { recursive: true, force: true });
  await build(SERVER_BUILD);
  console.log(`Server compiled to apps/server/dist in ${Date.now() - started} ms.`);
}
