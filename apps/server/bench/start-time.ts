/* eslint-disable no-console -- a benchmark reports on standard output */
/**
 * How long `npm start` takes on an unchanged tree (both builds reused, the data directory
 * already made): from the command to the moment both /login and /readyz answer 200. Runs the
 * real `npm start` (npm, the build check, the compiled server, demo mode on PGlite) in a data
 * directory of its own: one start first makes the database and is not counted, then each
 * counted start stops before the next (one process per data directory).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../src/config/paths.ts';
import { freePort } from '../test/helpers/browser.ts';

export const START_TARGET_S = 3;
const RUNS = 3;
const GIVE_UP_MS = 120_000;

interface Start {
  /** From spawning `npm start` to both /login and /readyz answering 200. */
  seconds: number;
  /** The server's own account (its start-up log line): wall and CPU time to listening. */
  serverMs: number;
  serverCpuMs: number;
}

/** Prints the line for the bench and adds a failure when the median misses the target. */
export async function reportStartTime(failures: string[], smoke: boolean): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gds-start-time-'));
  try {
    await startOnce(dataDir);
    const starts: Start[] = [];
    for (let run = 0; run < (smoke ? 1 : RUNS); run += 1) starts.push(await startOnce(dataDir));
    const median = <T>(values: T[], of: (value: T) => number) =>
      values.map(of).sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    const seconds = median(starts, (s) => s.seconds);
    console.log(
      `\nnpm start on an unchanged tree: ${seconds.toFixed(2)} s to serve /login and /readyz ` +
        `(target ${START_TARGET_S} s; median of ${starts.length}: ` +
        `${starts.map((s) => s.seconds.toFixed(2)).join(', ')} s). The server's part: ` +
        `${(median(starts, (s) => s.serverMs) / 1000).toFixed(2)} s to listen, ` +
        `${(median(starts, (s) => s.serverCpuMs) / 1000).toFixed(2)} s of CPU. ` +
        `Load average ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores.`,
    );
    if (!smoke && seconds > START_TARGET_S) {
      failures.push(`npm start: ${seconds.toFixed(2)} s > ${START_TARGET_S} s`);
    }
  } catch (error) {
    failures.push(`npm start: ${(error as Error).message}`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** One `npm start` in its own process group, timed until it serves, then stopped (Ctrl-C). */
async function startOnce(dataDir: string): Promise<Start> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
  };
  // Demo mode on PGlite, as a person trying the app gets it, whatever database the bench uses.
  delete env.DATABASE_URL;
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: REPO_ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    const served = await Promise.all([
      untilOk(`${base}/readyz`, started, () => child.exitCode),
      untilOk(`${base}/login`, started, () => child.exitCode),
    ]);
    const line = output.split('\n').find((l) => l.includes('"startup"'));
    const startup = (line ? (JSON.parse(line) as { startup?: unknown }).startup : undefined) as
      { ms: number; cpuMs: number } | undefined;
    return {
      seconds: Math.max(...served) / 1000,
      serverMs: startup?.ms ?? Number.NaN,
      serverCpuMs: startup?.cpuMs ?? Number.NaN,
    };
  } finally {
    await stopGroup(child.pid ?? 0);
  }
}

/** Milliseconds since `started` at which `url` first answered 200. */
async function untilOk(url: string, started: number, exitCode: () => number | null) {
  while (performance.now() - started < GIVE_UP_MS) {
    if (exitCode() !== null) throw new Error(`it exited (${exitCode()}) before serving ${url}`);
    try {
      if ((await fetch(url)).status === 200) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 20));
  }
  throw new Error(`${url} did not answer 200 within ${GIVE_UP_MS / 1000} s`);
}

/** Ctrl-C to npm, its shell and the server; resolves once all have exited (the lock is free). */
async function stopGroup(pid: number): Promise<void> {
  const alive = () => {
    try {
      process.kill(-pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (!alive()) return;
  process.kill(-pid, 'SIGINT');
  const deadline = Date.now() + 30_000;
  while (alive()) {
    if (Date.now() > deadline) process.kill(-pid, 'SIGKILL');
    await new Promise((done) => setTimeout(done, 50));
  }
}
