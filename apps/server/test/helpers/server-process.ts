import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { REPO_ROOT } from '../../src/config/paths.ts';
import { freePort } from './browser.ts';

export interface ServerProcess {
  child: ChildProcess;
  /** http://127.0.0.1:<port> */
  base: string;
  port: number;
  /** Everything it wrote to stdout and stderr so far. */
  output: () => string;
  /** Resolves with the exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  alive: () => boolean;
  /** Resolves once its output matches `pattern`; rejects when it exits or `ms` pass first. */
  waitForOutput: (pattern: RegExp, ms?: number) => Promise<void>;
  /** Sends `signal` (SIGTERM: graceful close) and waits for the exit code. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

/**
 * The real server in its own process, started as `npm start --workspace apps/server` starts it
 * (node --import tsx src/server.ts), on a free loopback port. `env` adds to or overrides the
 * defaults; DATABASE_URL is only set when given.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://localhost:${port}`,
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const append = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const alive = () => child.exitCode === null && child.signalCode === null;

  const waitForOutput = (pattern: RegExp, ms = 20_000) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!pattern.test(output)) return;
        done();
        resolve();
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`no output matching ${pattern} within ${ms} ms:\n${output}`));
      }, ms);
      const exit = () => {
        done();
        reject(new Error(`the server exited before writing ${pattern}:\n${output}`));
      };
      const done = () => {
        clearTimeout(timer);
        child.stdout?.off('data', check);
        child.stderr?.off('data', check);
        child.off('exit', exit);
      };
      child.stdout?.on('data', check);
      child.stderr?.on('data', check);
      child.once('exit', exit);
      check();
    });

  return {
    child,
    base: `http://127.0.0.1:${port}`,
    port,
    output: () => output,
    exited,
    alive,
    waitForOutput,
    stop: (signal = 'SIGTERM') => {
      if (alive()) child.kill(signal);
      return exited;
    },
  };
}
