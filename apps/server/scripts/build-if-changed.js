// @ts-check
/* eslint-disable no-console -- a build step reports on standard output */
/**
 * `npm start` builds only what changed: the web app, the compiled server and the sandbox's
 * bundle (demo mode) each keep a hash of their inputs beside their output (dist/.inputs-hash),
 * and a build whose inputs hash the same as last time is reused as it is. Any change to a
 * source file, a config file or the lockfile changes the hash and rebuilds that part.
 * `--always` (npm run build) builds each whatever the hashes say, and records them, so a start
 * right after reuses that build.
 *
 * Plain JavaScript, run by bare `node`: it is the first thing every `npm start` does, and
 * loading a TypeScript loader for it cost ~0.3 s of the start.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  readFileSync,
  readdirSync,
  realpathSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * @typedef {object} Build
 * @property {string} name
 * @property {string[]} inputs Files and directories (read whole), from the repository root,
 *   whose content decides the output.
 * @property {string} output
 * @property {string[]} command
 */

export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

const SHARED = ['packages/contract/src', 'packages/contract/package.json', 'package-lock.json'];

/** @type {Build[]} */
export const BUILDS = [
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
  {
    // Demo mode's stand-ins, loaded by the compiled server only in demo mode.
    name: 'sandbox',
    inputs: [
      ...SHARED,
      'packages/sandbox/src',
      'packages/sandbox/scripts',
      'packages/sandbox/package.json',
    ],
    output: 'packages/sandbox/dist',
    command: ['npm', 'run', 'build', '--workspace', 'packages/sandbox'],
  },
];

/**
 * Builds each of `builds` whose inputs under `root` hash differently from its last build
 * (every one with `always`). Answers the names of the builds it ran.
 *
 * @param {{ root: string; builds: Build[]; always: boolean; log?: (line: string) => void }} options
 * @returns {string[]}
 */
export function buildIfChanged({ root, builds, always, log = console.log }) {
  /** @type {string[]} */
  const built = [];
  for (const build of builds) {
    const hashFile = path.join(root, build.output, '.inputs-hash');
    const hash = inputsHash(root, build.inputs);
    const last = existsSync(hashFile) ? readFileSync(hashFile, 'utf8').trim() : '';
    if (last === hash && !always) {
      log(`The ${build.name} is up to date (${build.output}); reusing it.`);
      continue;
    }
    log(`Building the ${build.name}…`);
    const [command = 'npm', ...args] = build.command;
    execFileSync(command, args, { cwd: root, stdio: 'inherit' });
    // Hashed before the build ran: an edit made during the build rebuilds next time.
    writeFileSync(hashFile, `${hash}\n`);
    built.push(build.name);
  }
  return built;
}

/**
 * SHA-256 over every input file's path and content, in a fixed order.
 *
 * @param {string} root
 * @param {string[]} inputs
 */
export function inputsHash(root, inputs) {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap((input) => filesUnder(path.join(root, input)))) {
    hash.update(path.relative(root, file)).update('\0').update(readFileSync(file));
  }
  return hash.digest('hex');
}

/** @param {string} entry */
function filesUnder(entry) {
  if (!existsSync(entry)) return [];
  if (!statSync(entry).isDirectory()) return [entry];
  return readdirSync(entry, { recursive: true, withFileTypes: true })
    .filter((found) => found.isFile())
    .map((found) => path.join(found.parentPath, found.name))
    .sort();
}

// Run, not imported (the test imports it). Node gives this module its real path, so a
// repository reached through a symbolic link compares real paths.
if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildIfChanged({ root: REPO_ROOT, builds: BUILDS, always: process.argv.includes('--always') });
}
