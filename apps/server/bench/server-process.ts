/** The bench's server processes: the app and its yardsticks, each in a process of its own. */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { REPO_ROOT } from '../src/config/paths.ts';
import { freePort } from '../test/helpers/browser.ts';

export interface Started {
  child: ChildProcess;
  base: string;
  listening: () => Promise<void>;
  stop: () => Promise<void>;
}

/** A server process on a free port; `listening` waits until it answers. */
export async function start(args: string[], env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const typescript = args.at(-1)?.endsWith('.ts') ?? false;
  const child = spawn(process.execPath, [...(typescript ? ['--import', 'tsx'] : []), ...args], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://localhost:${port}`,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  return {
    child,
    base,
    listening: () => waitUntilUp(base, child),
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

async function waitUntilUp(base: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      await fetch(`${base}/`, { headers: { accept: 'application/json' } });
      return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`no server came up at ${base}`);
}
