/* eslint-disable no-console -- a build step reports on standard output */
/**
 * `npm start` builds only what changed: the web app and the compiled server each keep a hash
 * of their inputs beside their output (dist/.inputs-hash), and a build whose inputs hash the
 * same as last time is reused as it is. Any change to a source file, a config file or the
 * lockfile changes the hash and rebuilds that part. `--always` (npm run build) builds both
 * whatever the hashes say, and records them, so a start right after reuses that build.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../src/config/paths.ts';

interface Build {
  name: string;
  /** Files and directories (read whole) whose content decides the output. */
  inputs: string[];
  output: string;
  command: string[];
}

const SHARED = ['packages/contract/src', 'packages/contract/package.json', 'package-lock.json'];
const BUILDS: Build[] = [
  {
    name: 'web app',
    inputs: [...SHARED, 'apps/web/src', 'apps/web/public', 'apps/web/index.html'].concat(
      ['package.json', 'vite.config.ts', 'tsconfig.json'].map((f) => `apps/web/${f}`),
    ),
    output: 'apps/web/dist',
    command: ['npm', 'run', 'build', '--workspace', 'apps/web'],
  },
  {
    name: 'server',
    inputs: [...SHARED, 'apps/server/src', 'apps/server/scripts', 'apps/server/package.json'],
    output: 'apps/server/dist',
    command: ['npm', 'run', 'build', '--workspace', 'apps/server'],
  },
];

const always = process.argv.includes('--always');
for (const build of BUILDS) {
  const hashFile = path.join(REPO_ROOT, build.output, '.inputs-hash');
  const hash = hashOf(build.inputs);
  const built = existsSync(hashFile) ? readFileSync(hashFile, 'utf8').trim() : '';
  if (built === hash && !always) {
    console.log(`The ${build.name} is up to date (${build.output}); reusing it.`);
    continue;
  }
  console.log(`Building the ${build.name}…`);
  execFileSync(build.command[0] ?? 'npm', build.command.slice(1), {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
  writeFileSync(hashFile, `${hash}\n`);
}

/** SHA-256 over every input file's path and content, in a fixed order. */
function hashOf(inputs: string[]): string {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap((input) => filesUnder(path.join(REPO_ROOT, input)))) {
    hash.update(path.relative(REPO_ROOT, file)).update('\0').update(readFileSync(file));
  }
  return hash.digest('hex');
}

function filesUnder(entry: string): string[] {
  if (!existsSync(entry)) return [];
  if (!statSync(entry).isDirectory()) return [entry];
  return readdirSync(entry, { recursive: true, withFileTypes: true })
    .filter((found) => found.isFile())
    .map((found) => path.join(found.parentPath, found.name))
    .sort();
}
