import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/helpers/each-database.ts';
import { createDatabase } from './database.ts';
import { migrate } from './migrate.ts';
import { splitSqlStatements } from './split-sql.ts';

describe('splitSqlStatements', () => {
  it('splits on top-level semicolons only', () => {
    const text = `-- a; comment
CREATE TABLE a (x text DEFAULT 'a;b');
/* block; */ CREATE FUNCTION f() RETURNS void LANGUAGE plpgsql AS $$ BEGIN PERFORM 1; END; $$;
-- trailing comment only`;
    const statements = splitSqlStatements(text);
    expect(statements).toHaveLength(2);
    expect(statements[0]).toContain("'a;b'");
    expect(statements[1]).toContain('PERFORM 1; END;');
  });
});

describe('migrations on an empty database', () => {
  it('apply every file once, in one go', async () => {
    const db = createDatabase({ kind: 'pglite', dataDir: undefined });
    expect(await migrate(db)).toEqual([
      '0001_init.sql',
      '0002_data_sources.sql',
      '0003_rate_limits.sql',
      '0004_server_key_rings.sql',
      '0005_connection_results.sql',
      '0007_team_management.sql',
      '0008_admin_switch.sql',
      '0009_client_links.sql',
      '0010_billing.sql',
      '0011_sandbox_billing.sql',
      '0012_connector_oauth.sql',
      '0013_data_api.sql',
      '0014_usage_days.sql',
      '0015_account_details.sql',
      '0016_housekeeping.sql',
      '0017_session_lookup.sql',
      '0018_billing_checkout_expiry.sql',
      '0019_report_days.sql',
      '0020_shared_jobs.sql',
      '0021_credential_events.sql',
      '0022_credential_expiry.sql',
      '0023_team_webhooks.sql',
      '0024_reconnect_links.sql',
      '0025_field_catalogues.sql',
      '0026_provider_quota.sql',
      '0027_unlogged_rate_limits.sql',
      '0028_report_day_notices.sql',
    ]);
    expect(await migrate(db)).toEqual([]);
    await db.destroy();
    // A fresh embedded database starts its WebAssembly and runs every migration: seconds alone,
    // more beside other suites on two cores.
  }, 60_000);
});

describeEachDatabase('migrations', (db) => {
  it('are recorded and idempotent (a second run applies nothing)', async () => {
    // the helper already migrated once
    expect(await migrate(db())).toEqual([]);
    const rows = await db().selectFrom('schema_migrations').select('name').execute();
    expect(rows.map((r) => r.name)).toContain('0001_init.sql');
  });

  it('parse numbers and times the same on both drivers', async () => {
    const { rows } = await sql<{
      big: number;
      exact: string;
      at: Date;
      day: string;
      json: { a: number };
    }>`SELECT 9007199254740991::int8 AS big, 12.50::numeric AS exact,
        '2026-01-02T03:04:05.678Z'::timestamptz AS at, '2026-01-02'::date AS day,
        '{"a":1}'::jsonb AS json`.execute(db());
    expect(rows[0]).toEqual({
      big: 9007199254740991,
      exact: '12.50',
      at: new Date('2026-01-02T03:04:05.678Z'),
      day: '2026-01-02',
      json: { a: 1 },
    });
  });

  it('keep the audit log append-only', async () => {
    const team = await db()
      .insertInto('teams')
      .values({
        business_unit: 'MEGALYTIC_GDS',
        name: 't',
        plan_id: 'basic-plan',
        user_limit: 1,
        account_limit: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('audit_log')
      .values({ team_id: team.id, actor_user_id: null, acting_admin_id: null, action: 'x' })
      .execute();
    await expect(db().updateTable('audit_log').set({ action: 'y' }).execute()).rejects.toThrow(
      /append-only/,
    );
    await expect(db().deleteFrom('audit_log').execute()).rejects.toThrow(/append-only/);
  });
});
