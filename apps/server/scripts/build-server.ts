/* eslint-disable no-console -- a build step reports on standard output */
/**
 * Compiles the server for production: src/server.ts and what it imports, bundled by
 * esbuild into dist/ as plain JavaScript, so `node apps/server/dist/server.js` runs without a
 * TypeScript loader. Packages stay in node_modules; only our own code, the contract's
 * TypeScript source included, goes into the bundle.
 */
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');
const manifest = JSON.parse(readFileSync(path.join(SERVER_DIR, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};
// The contract is TypeScript source, so it is compiled in; every other package stays external.
const external = Object.keys(manifest.dependencies).filter((name) => name !== '@gds/contract');

const started = Date.now();
// Chunk names are content hashes: clear the old ones rather than let them pile up.
rmSync(path.join(SERVER_DIR, 'dist'), { recursive: true, force: true });
await build({
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
  logLevel: 'warning',
});
console.log(`Server compiled to apps/server/dist in ${Date.now() - started} ms.`);
