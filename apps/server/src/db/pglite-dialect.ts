import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGliteDialect } from 'kysely';
import type { Driver, PGliteDialectConfig } from 'kysely';
import { lockDataDir } from './data-dir-lock.ts';
import type { DataDirLock } from './data-dir-lock.ts';
import { TYPE_PARSERS } from './type-parsers.ts';

/**
 * Embedded PGlite for Kysely: in memory (tests), or on files under dataDir. Opened at the first
 * query; on files, the directory is locked to this process from then until destroy, so every
 * opener (server, scripts) refuses a directory another process has open.
 */
export function pgliteDialect(options: {
  dataDir: string | undefined;
  template?: Blob | undefined;
  holder: string;
}): PGliteDialect {
  const { dataDir, template } = options;
  let lock: DataDirLock | undefined;
  const open = async () => {
    if (dataDir) {
      fs.mkdirSync(path.dirname(dataDir), { recursive: true });
      lock = lockDataDir(dataDir, options.holder);
    }
    try {
      // The options-object form: `new PGlite(undefined, options)` silently ignores options.
      const pglite = new PGlite({
        ...(dataDir ? { dataDir } : {}),
        // Tests start from a dump of a migrated database: ~0.5 s instead of a 2–4 s initdb.
        ...(template ? { loadDataDir: template } : {}),
        parsers: TYPE_PARSERS,
      });
      await pglite.waitReady;
      return pglite;
    } catch (error) {
      lock?.release();
      throw error;
    }
  };
  return new ReleasingDialect({ pglite: open }, () => lock?.release());
}

/** Kysely destroys the driver, not PGlite's opener: the lock goes when the driver does. */
class ReleasingDialect extends PGliteDialect {
  constructor(
    config: PGliteDialectConfig,
    private readonly release: () => void,
  ) {
    super(config);
  }

  override createDriver(): Driver {
    const driver = super.createDriver();
    const destroy = driver.destroy.bind(driver);
    driver.destroy = async () => {
      try {
        await destroy();
      } finally {
        this.release();
      }
    };
    return driver;
  }
}
