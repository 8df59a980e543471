import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import type { DatabaseTarget } from './database.ts';
import { lockDataDir } from './data-dir-lock.ts';

const run = promisify(execFile);

/** The file ending of a backup of this kind of database (restore reads the kind from it). */
export function backupExtension(target: DatabaseTarget): string {
  return target.kind === 'postgres' ? '.pgdump' : '.tar.gz';
}

/**
 * A PostgreSQL client program (pg_dump, pg_restore): the one on PATH, else the newest Debian
 * install's. Its major version must be at least the server's; pg_dump says so when it is not.
 */
function postgresProgram(name: string): string {
  const root = '/usr/lib/postgresql';
  const onPath = (process.env.PATH ?? '')
    .split(path.delimiter)
    .map((dir) => path.join(dir, name))
    .find((file) => fs.existsSync(file));
  if (onPath) return onPath;
  const versions = fs.existsSync(root)
    ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a))
    : [];
  const installed = versions
    .map((v) => path.join(root, v, 'bin', name))
    .find((file) => fs.existsSync(file));
  if (!installed) {
    throw new Error(
      `${name} was not found: install the PostgreSQL client (apt-get install postgresql-client)`,
    );
  }
  return installed;
}

/** A child program's failure in its own words, without the connection string it was given. */
async function runTool(program: string, args: string[], url: string): Promise<void> {
  try {
    await run(postgresProgram(program), args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const stderr = String((error as { stderr?: string }).stderr ?? (error as Error).message);
    throw new Error(`${program} failed: ${stderr.replaceAll(url, '<DATABASE_URL>').trim()}`);
  }
}

/**
 * Writes a backup of the whole database to `file`: pg_dump's custom format for PostgreSQL
 * (consistent while servers run), PGlite's own data-directory dump for the embedded database
 * (which no server may have open meanwhile: the directory's lock refuses it).
 */
export async function backupDatabase(target: DatabaseTarget, file: string): Promise<void> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (target.kind === 'postgres') {
    await runTool(
      'pg_dump',
      [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--file=${file}`,
        `--dbname=${target.url}`,
      ],
      target.url,
    );
    return;
  }
  const dataDir = requireDataDir(target);
  if (!fs.existsSync(dataDir)) throw new Error(`there is no database at ${dataDir} to back up`);
  const lock = lockDataDir(dataDir, 'npm run backup');
  try {
    const pglite = new PGlite({ dataDir });
    try {
      await pglite.waitReady;
      const dump = await pglite.dumpDataDir('gzip');
      fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    } finally {
      await pglite.close();
    }
  } finally {
    lock.release();
  }
}

/**
 * Replaces the database with the backup in `file`. PostgreSQL: pg_restore --clean in one
 * transaction (all or nothing). PGlite: the current directory is kept beside it, renamed
 * `db.before-restore-<time>`, never deleted. Answers where the old PGlite data went, if any.
 */
export async function restoreDatabase(
  target: DatabaseTarget,
  file: string,
): Promise<{ keptAt?: string }> {
  if (!fs.existsSync(file)) throw new Error(`no backup file at ${file}`);
  if (!file.endsWith(backupExtension(target))) {
    throw new Error(
      `${path.basename(file)} is not a backup of this kind of database: ${target.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL) restores a .pgdump from npm run backup' : 'the embedded database restores a .tar.gz from npm run backup'}`,
    );
  }
  if (target.kind === 'postgres') {
    await runTool(
      'pg_restore',
      [
        '--clean',
        '--if-exists',
        '--no-owner',
        '--no-privileges',
        '--single-transaction',
        '--exit-on-error',
        `--dbname=${target.url}`,
        file,
      ],
      target.url,
    );
    return {};
  }
  const dataDir = requireDataDir(target);
  const lock = lockDataDir(dataDir, 'npm run restore');
  try {
    let keptAt: string | undefined;
    if (fs.existsSync(dataDir)) {
      keptAt = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      fs.renameSync(dataDir, keptAt);
    }
    const dump = new Blob([fs.readFileSync(file)]);
    const pglite = new PGlite({ dataDir, loadDataDir: dump });
    await pglite.waitReady;
    await pglite.close();
    return keptAt ? { keptAt } : {};
  } finally {
    lock.release();
  }
}

function requireDataDir(target: Extract<DatabaseTarget, { kind: 'pglite' }>): string {
  if (!target.dataDir) throw new Error('an in-memory database has nothing to back up');
  return target.dataDir;
}
