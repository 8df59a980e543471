import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import type { BuildOptions } from 'esbuild';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILDS, REPO_ROOT, buildIfChanged } from '../../scripts/build-if-changed.js';
import { SERVER_BUILD } from '../../scripts/build-server.ts';
import { SANDBOX_BUILD } from '@gds/sandbox/build';

describe('npm start reuses a build only while its inputs are unchanged', () => {
  let root: string;
  const file = (name: string) => path.join(root, name);
  /** A build whose command counts its runs in out/runs. */
  const counting = {
    name: 'thing',
    inputs: ['src', 'config.json'],
    output: 'out',
    command: [
      process.execPath,
      '-e',
      "const f='out/runs';const fs=require('fs');fs.writeFileSync(f,String(Number(fs.existsSync(f)?fs.readFileSync(f,'utf8'):0)+1))",
    ],
  };
  const start = (always = false) =>
    buildIfChanged({ root, builds: [counting], always, log: () => undefined });
  const runs = () => Number(readFileSync(file('out/runs'), 'utf8'));

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'build-if-changed-'));
    mkdirSync(file('src/deep'), { recursive: true });
    mkdirSync(file('out'));
    writeFileSync(file('src/a.ts'), 'export const a = 1;\n');
    writeFileSync(file('src/deep/b.ts'), 'export const b = 2;\n');
    writeFileSync(file('config.json'), '{}\n');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('builds the first time and reuses the build while nothing changed', () => {
    expect(start()).toEqual(['thing']);
    expect(start()).toEqual([]);
    expect(start()).toEqual([]);
    expect(runs()).toBe(1);
  });

  it('rebuilds after an edit, a new file, a removed file or a changed config file', () => {
    start();
    writeFileSync(file('src/deep/b.ts'), 'export const b = 3;\n');
    expect(start()).toEqual(['thing']);
    writeFileSync(file('src/deep/c.ts'), '');
    expect(start()).toEqual(['thing']);
    rmSync(file('src/deep/c.ts'));
    expect(start()).toEqual(['thing']);
    writeFileSync(file('config.json'), '{ "x": 1 }\n');
    expect(start()).toEqual(['thing']);
    expect(start()).toEqual([]);
    expect(runs()).toBe(5);
  });

  it('rebuilds when a file moves, even with the same content', () => {
    start();
    rmSync(file('src/a.ts'));
    writeFileSync(file('src/deep/a.ts'), 'export const a = 1;\n');
    expect(start()).toEqual(['thing']);
  });

  it('builds whatever the hash says with --always (npm run build)', () => {
    start();
    expect(start(true)).toEqual(['thing']);
    expect(runs()).toBe(2);
  });

  it('does not record a build that failed, so the next start tries again', () => {
    const failing = { ...counting, command: [process.execPath, '-e', 'process.exit(3)'] };
    const quiet = { root, always: false, log: () => undefined };
    expect(() => buildIfChanged({ ...quiet, builds: [failing] })).toThrow();
    expect(buildIfChanged({ ...quiet, builds: [counting] })).toEqual(['thing']);
  });
});

describe('the real builds', () => {
  /** The repository files (and packages) a build is made of. */
  async function bundled(options: BuildOptions) {
    const result = await build({ ...options, write: false, metafile: true, logLevel: 'silent' });
    const dir = options.absWorkingDir ?? '';
    const sources = Object.keys(result.metafile.inputs).map((input) =>
      path.relative(REPO_ROOT, path.resolve(dir, input)),
    );
    return { sources, text: result.outputFiles.map((output) => output.text).join('\n') };
  }

  /** The sources of `name`'s build its inputs hash does not cover. */
  function uncovered(name: string, sources: string[]) {
    const inputs = BUILDS.find((b) => b.name === name)?.inputs;
    if (!inputs) throw new Error(`no ${name} build`);
    // A bundled package changes with its version, which the lockfile records.
    const covered = (source: string) =>
      source.startsWith('node_modules/')
        ? inputs.includes('package-lock.json')
        : inputs.some((input) => source === input || source.startsWith(`${input}/`));
    return sources.filter((source) => !covered(source));
  }

  it('hash every file the server bundle is made of', async () => {
    const { sources } = await bundled(SERVER_BUILD);
    expect(sources.length).toBeGreaterThan(100);
    expect(uncovered('server', sources)).toEqual([]);
  });

  it('hash every file the sandbox bundle is made of', async () => {
    const { sources } = await bundled(SANDBOX_BUILD);
    expect(sources.length).toBeGreaterThan(50);
    expect(uncovered('sandbox', sources)).toEqual([]);
  });

  it('leave the sandbox out of the server bundle: demo mode loads its own bundle', async () => {
    const server = await bundled(SERVER_BUILD);
    expect(server.sources.filter((source) => source.includes('sandbox'))).toEqual([]);
    // Strings only the sandbox has: its identity provider's key file and its fault answers.
    expect(server.text).not.toContain('sandbox-idp.json');
    expect(server.text).not.toContain('Sandbox fault');
    expect(server.text).toMatch(/import\(["']@gds\/sandbox\/bundle["']\)/);
    const sandbox = await bundled(SANDBOX_BUILD);
    expect(sandbox.text).toContain('sandbox-idp.json');
  });
});
