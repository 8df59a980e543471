import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { PROBES } from '@gds/contract';
import { REPO_ROOT } from '../../src/config/paths.ts';
import { startServerProcess } from '../helpers/server-process.ts';
import type { ServerProcess } from '../helpers/server-process.ts';
import { tempDir } from '../helpers/test-app.ts';

const dataDir = tempDir();
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const server of servers) await server.stop('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const start = async () => {
  const server = await startServerProcess({ DATA_DIR: dataDir });
  servers.push(server);
  return server;
};

/** npm run rotate-keys on the same DATA_DIR; answers its exit code and what it wrote. */
async function rotateKeys(): Promise<{ code: number; stderr: string }> {
  try {
    const { stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/scripts/rotate-keys.ts', '--add-key'],
      { cwd: REPO_ROOT, env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir } },
    );
    return { code: 0, stderr };
  } catch (error) {
    const failed = error as { code: number; stderr: string };
    return { code: failed.code, stderr: failed.stderr };
  }
}

// Two processes on one PGlite directory each write their own copy, and the last to stop
// overwrites what the other acknowledged: only one may have it open.
it('a second process on the same DATA_DIR refuses, naming the first; a killed first leaves no stuck lock', async () => {
  const first = await start();
  await first.waitForOutput(/GDS server on/, 40_000);

  const second = await start();
  const outcome = await Promise.race([
    second.exited.then((code) => `exited with ${code}`),
    second.waitForOutput(/GDS server on/, 40_000).then(() => 'serving'),
  ]);
  expect(outcome).toBe('exited with 1');
  expect(second.output()).toContain(
    `is in use by another process: the server listening on 127.0.0.1:${first.port} (pid ${first.child.pid}, started `,
  );
  const keysBefore = fs.readdirSync(path.join(dataDir, 'keys')).sort();
  const rotation = await rotateKeys();
  expect(rotation.code).toBe(1);
  expect(rotation.stderr).toContain(`in use by another process: the server listening on`);
  // Refused before it changed anything.
  expect(fs.readdirSync(path.join(dataDir, 'keys')).sort()).toEqual(keysBefore);
  expect((await fetch(`${first.base}${PROBES.readiness.path}`)).status).toBe(200);

  await first.stop('SIGKILL');
  expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(true);
  const third = await start();
  await third.waitForOutput(/GDS server on/, 40_000);
  expect((await fetch(`${third.base}${PROBES.readiness.path}`)).status).toBe(200);
  expect(await third.stop()).toBe(0);
  expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(false);
}, 120_000);
