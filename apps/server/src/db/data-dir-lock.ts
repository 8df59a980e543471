import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Who holds a data directory, as its lock file says. */
export interface LockHolder {
  pid: number;
  /** When the holding process started (ISO 8601). */
  startedAt: string;
  /** What it is, e.g. "the server, listening on 127.0.0.1:3000". */
  holder: string;
  /** Linux: the process's start time in clock ticks since boot, which tells a reused pid apart. */
  procStart?: string;
}

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';

  constructor(
    readonly dir: string,
    readonly owner: LockHolder,
  ) {
    super(
      `The database in ${dir} is in use by another process: ${owner.holder} (pid ${owner.pid}, ` +
        `started ${owner.startedAt}). Stop that process first, or give this one its own ` +
        'DATA_DIR; several servers can share one database through DATABASE_URL.',
    );
  }
}

export interface DataDirLock {
  release: () => void;
}

const STARTED_AT = new Date(Date.now() - process.uptime() * 1000).toISOString();

/**
 * Locks `dir` to this process through `<dir>.lock`, created exclusively and naming its holder.
 * Two processes on one PGlite directory each work on their own copy, and the last to stop
 * overwrites the other's acknowledged writes: the second one is refused. A lock whose process
 * is gone (crashed, killed) is taken over; release() and the process's exit remove it.
 */
export function lockDataDir(dir: string, holder: string): DataDirLock {
  const file = `${dir}.lock`;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const content = JSON.stringify({
    pid: process.pid,
    startedAt: STARTED_AT,
    holder,
    ...procStart(process.pid),
  } satisfies LockHolder);
  for (let attempt = 0; attempt < 10; attempt += 1) {
    if (createExclusive(file, content)) return held(file, content);
    const text = readIfExists(file);
    if (text === undefined) continue;
    const owner = parseHolder(text);
    if (owner && isRunning(owner)) throw new DataDirInUseError(dir, owner);
    // Its process is gone: take the lock over, unless another starter just did.
    if (readIfExists(file) === text) fs.rmSync(file, { force: true });
  }
  throw new Error(`Could not lock ${dir}: ${file} keeps changing. Is another process starting?`);
}

function held(file: string, content: string): DataDirLock {
  const release = () => {
    process.off('exit', release);
    // Only our own: after a takeover the file names another process.
    if (readIfExists(file) === content) fs.rmSync(file, { force: true });
  };
  process.on('exit', release);
  return { release };
}

/**
 * Writes the whole lock under a temporary name and links it into place: the link fails when
 * the lock exists, and no reader ever sees a half-written one.
 */
function createExclusive(file: string, content: string): boolean {
  const temp = `${file}.${randomBytes(6).toString('hex')}`;
  fs.writeFileSync(temp, content);
  try {
    fs.linkSync(temp, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

function isRunning(owner: LockHolder): boolean {
  if (owner.pid !== process.pid) {
    try {
      process.kill(owner.pid, 0);
    } catch (error) {
      // EPERM: it runs, as another user.
      if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
    }
  }
  // Pids are reused (a restarted container numbers its processes the same way): the process
  // with that pid now is the holder only if it started when the lock says.
  const now = procStart(owner.pid).procStart;
  if (owner.procStart && now) return owner.procStart === now;
  return owner.pid !== process.pid || owner.startedAt === STARTED_AT;
}

function procStart(pid: number): { procStart?: string } {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields follow the command name, which is in parentheses and may hold spaces; the start
    // time is field 22, the 20th after the name.
    const start = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    return start ? { procStart: start } : {};
  } catch {
    return {};
  }
}

function parseHolder(text: string): LockHolder | undefined {
  try {
    const value = JSON.parse(text) as Partial<LockHolder>;
    return Number.isInteger(value.pid) && (value.pid ?? 0) > 0 ? (value as LockHolder) : undefined;
  } catch {
    return undefined;
  }
}

function readIfExists(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
