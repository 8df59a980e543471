import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './browser.ts';

const run = promisify(execFile);
const PG_ROOT = '/usr/lib/postgresql';

/** The newest PostgreSQL binaries installed the Debian way, or undefined when there are none. */
export const POSTGRES_BIN: string | undefined = (() => {
  if (!fs.existsSync(PG_ROOT)) return undefined;
  const versions = fs
    .readdirSync(PG_ROOT)
    .filter((version) => fs.existsSync(path.join(PG_ROOT, version, 'bin', 'initdb')))
    .sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  return newest ? path.join(PG_ROOT, newest, 'bin') : undefined;
})();

const asRoot = process.getuid?.() === 0;
const quote = (arg: string) => `'${arg.replaceAll("'", `'\\''`)}'`;

/** Runs a PostgreSQL program; as root through `su postgres`, since initdb and postgres refuse root. */
async function postgresTool(program: string, args: string[]): Promise<void> {
  if (!POSTGRES_BIN) throw new Error(`no PostgreSQL binaries under ${PG_ROOT}`);
  const file = path.join(POSTGRES_BIN, program);
  if (!asRoot) await run(file, args);
  else await run('su', ['postgres', '-s', '/bin/sh', '-c', [file, ...args].map(quote).join(' ')]);
}

export interface PostgresCluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres (trust authentication). */
  url: string;
  port: number;
  start: () => Promise<void>;
  /** `pg_ctl stop -m <mode>`: immediate is a crash, as if the machine had gone. */
  stop: (mode: 'fast' | 'immediate') => Promise<void>;
  remove: () => Promise<void>;
}

/**
 * A throwaway PostgreSQL cluster of its own, as .ci/run makes one: a temp dir, a free loopback
 * port, its socket in the same dir. Fault tests stop and start it under a running server.
 */
export async function createPostgresCluster(): Promise<PostgresCluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gds-pg-'));
  if (asRoot) await run('chown', ['postgres:postgres', dir]);
  const data = path.join(dir, 'data');
  const port = await freePort();
  await postgresTool('initdb', ['-D', data, '--auth=trust', '-U', 'postgres', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () =>
    postgresTool('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-w', '-o', options, 'start']);
  const stop = (mode: 'fast' | 'immediate') =>
    postgresTool('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']);
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    remove: async () => {
      await stop('immediate').catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
