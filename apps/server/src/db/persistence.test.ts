import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from './database.ts';
import { migrate } from './migrate.ts';

// README promise: a second `npm start` keeps the data of the first (PGlite files in DATA_DIR).
describe('the embedded database on disk', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'gds-persist-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps what one process wrote for the next one', async () => {
    const first = createDatabase({ kind: 'pglite', dataDir: path.join(dir, 'db') });
    await migrate(first);
    await first
      .insertInto('teams')
      .values({
        business_unit: 'RAVEN_GDS',
        name: 'Kept across restarts',
        plan_id: 'raven-v1-basic-plan',
        user_limit: 3,
        account_limit: 20,
      })
      .execute();
    await first.destroy();

    const second = createDatabase({ kind: 'pglite', dataDir: path.join(dir, 'db') });
    expect(await migrate(second)).toEqual([]);
    const teams = await second.selectFrom('teams').select(['name', 'business_unit']).execute();
    expect(teams).toEqual([{ name: 'Kept across restarts', business_unit: 'RAVEN_GDS' }]);
    await second.destroy();
    // Two embedded databases started from files, the first running every migration: seconds
    // alone, more beside other suites on two cores (CI saw it pass 20 s).
  }, 90_000);
});
