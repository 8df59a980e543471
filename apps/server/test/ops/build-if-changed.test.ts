import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILDS, REPO_ROOT, buildIfChanged } from '../../scripts/build-if-changed.js';
import { SERVER_BUILD } from '../../scripts/build-server.ts';

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
  it('hash every file the server bundle is made of', async () => {
    const server = BUILDS.find((b) => b.name === 'server');
    if (!server) throw new Error('no server build');
    const result = await build({
      ...SERVER_BUILD,
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const serverDir = SERVER_BUILD.absWorkingDir ?? '';
    const sources = Object.keys(result.metafile.inputs).map((input) =>
      path.relative(REPO_ROOT, path.resolve(serverDir, input)),
    );
    expect(sources.length).toBeGreaterThan(100);
    // A bundled package changes with its version, which the lockfile records.
    const covered = (source: string) =>
      source.startsWith('node_modules/')
        ? server.inputs.includes('package-lock.json')
        : server.inputs.some((input) => source === input || source.startsWith(`${input}/`));
    const uncovered = sources.filter((source) => !covered(source));
    expect(uncovered).toEqual([]);
  });
});
