import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from './data-dir-lock.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'gds-lock-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

let dirs = 0;
const freshDir = () => path.join(root, `data-${(dirs += 1)}`, 'db');
const lockFile = (dir: string) => `${dir}.lock`;
const readLock = (dir: string) =>
  JSON.parse(fs.readFileSync(lockFile(dir), 'utf8')) as { pid: number; holder: string };

/** The pid of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  return child.pid ?? 0;
}

describe('the data directory lock', () => {
  it('refuses a second holder, naming the first, until the first releases', () => {
    const dir = freshDir();
    const first = lockDataDir(dir, 'the server listening on 127.0.0.1:3000');
    expect(readLock(dir)).toMatchObject({ pid: process.pid });

    let refusal: unknown;
    try {
      lockDataDir(dir, 'npm run rotate-keys');
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(DataDirInUseError);
    expect((refusal as Error).message).toMatch(
      new RegExp(
        `^The database in ${dir} is in use by another process: the server listening on ` +
          `127\\.0\\.0\\.1:3000 \\(pid ${process.pid}, started \\d{4}-\\d\\d-\\d\\dT`,
      ),
    );

    first.release();
    expect(fs.existsSync(lockFile(dir))).toBe(false);
    lockDataDir(dir, 'the next one').release();
  });

  it('takes over a lock whose process is gone', () => {
    const dir = freshDir();
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    const pid = deadPid();
    fs.writeFileSync(lockFile(dir), JSON.stringify({ pid, startedAt: 'x', holder: 'crashed' }));
    const lock = lockDataDir(dir, 'after a crash');
    expect(readLock(dir)).toMatchObject({ pid: process.pid, holder: 'after a crash' });
    lock.release();
  });

  it.runIf(fs.existsSync('/proc/self/stat'))(
    'takes over a lock whose pid now belongs to another process (pid reused)',
    () => {
      const dir = freshDir();
      fs.mkdirSync(path.dirname(dir), { recursive: true });
      // The parent runs, but did not start at the time this lock says its holder did.
      const stale = { pid: process.ppid, startedAt: 'x', holder: 'old', procStart: '1' };
      fs.writeFileSync(lockFile(dir), JSON.stringify(stale));
      const lock = lockDataDir(dir, 'after a container restart');
      expect(readLock(dir).pid).toBe(process.pid);
      lock.release();
    },
  );

  it('release leaves a lock another process has taken over since', () => {
    const dir = freshDir();
    const lock = lockDataDir(dir, 'me');
    const theirs = JSON.stringify({ pid: process.ppid, startedAt: 'x', holder: 'them' });
    fs.writeFileSync(lockFile(dir), theirs);
    lock.release();
    expect(fs.readFileSync(lockFile(dir), 'utf8')).toBe(theirs);
  });
});
