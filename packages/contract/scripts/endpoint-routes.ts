/* eslint-disable no-console -- a build step reports on standard output */
/**
 * Writes `src/endpoint-routes.generated.ts`, the web app's route table, from ENDPOINTS: each
 * endpoint's name, method and path as plain strings (no zod on the app's first page), typed by
 * its endpoint. The file is committed, so a fresh clone builds and starts without this step;
 * `--check` (in `npm run check`) and the contract's tests fail while it is stale.
 *
 *   npx tsx packages/contract/scripts/endpoint-routes.ts          write it
 *   npx tsx packages/contract/scripts/endpoint-routes.ts --check  fail when it is stale
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { ENDPOINTS } from '../src/endpoints/index.ts';

export const GENERATED_FILE = path.resolve(
  import.meta.dirname,
  '../src/endpoint-routes.generated.ts',
);

/** The generated file's text, formatted as the repository formats it. */
export async function endpointRoutesSource(): Promise<string> {
  const rows = Object.entries(ENDPOINTS).map(
    ([key, { name, method, path: address }]) =>
      `  ${key}: route(${JSON.stringify(name)}, ${JSON.stringify(method)}, ${JSON.stringify(address)}),`,
  );
  const text = `// Written by packages/contract/scripts/endpoint-routes.ts from ENDPOINTS; do not edit.
// After changing an endpoint, run: npx tsx packages/contract/scripts/endpoint-routes.ts
import type { EndpointRoute, HttpMethod } from './endpoint.ts';
import type { ENDPOINTS } from './endpoints/index.ts';

type Endpoints = typeof ENDPOINTS;
/** An endpoint of the API, by its key in ENDPOINTS. */
export type EndpointName = keyof Endpoints;

function route<N extends EndpointName>(
  name: N,
  method: HttpMethod,
  path: string,
): EndpointRoute<Endpoints[N]> {
  return { name, method, path };
}

/**
 * Every endpoint's name, method and path, without its schemas: the web app calls the API with
 * these, so its first page does not carry zod and every schema of the API. Written from
 * ENDPOINTS, and typed by it: a missing endpoint fails to compile.
 */
export const ENDPOINT_ROUTES = {
${rows.join('\n')}
} satisfies { [N in EndpointName]: EndpointRoute<Endpoints[N]> };
`;
  const options = await prettier.resolveConfig(GENERATED_FILE);
  return prettier.format(text, { ...options, filepath: GENERATED_FILE });
}

async function main(check: boolean): Promise<void> {
  const wanted = await endpointRoutesSource();
  let current = '';
  try {
    current = readFileSync(GENERATED_FILE, 'utf8');
  } catch {
    // Not written yet: stale.
  }
  if (current === wanted) return;
  if (check) {
    console.error(
      `${path.relative(process.cwd(), GENERATED_FILE)} is stale: run npx tsx packages/contract/scripts/endpoint-routes.ts`,
    );
    process.exitCode = 1;
    return;
  }
  writeFileSync(GENERATED_FILE, wanted);
  console.log(`wrote ${path.relative(process.cwd(), GENERATED_FILE)}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main(process.argv.includes('--check'));
}
