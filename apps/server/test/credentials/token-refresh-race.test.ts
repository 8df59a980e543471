import { expect, it } from 'vitest';
import { backgroundJobs } from '../../src/wiring/background-jobs.ts';
import { SandboxProviderControl } from '@gds/sandbox';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { connectOAuth, startSandboxApp } from '../helpers/connections.ts';
import { signIn } from '../helpers/sign-in.ts';
import { createTestApp, testClock } from '../helpers/test-app.ts';

/**
 * A refresh happens once under concurrency: two server instances on one database race to
 * refresh the same credential; the provider sees exactly one refresh. On PostgreSQL each
 * instance has its own connection pool (the real case); on PGlite they share the one embedded
 * database.
 */
describeEachDatabase('refresh under concurrency', (db, kind, another) => {
  it('two instances racing refresh a credential exactly once', async () => {
    const clock = testClock(new Date());
    const a = await startSandboxApp(db(), { clock });
    const bDb = kind === 'postgres' ? another() : db();
    if (!bDb) throw new Error('no second database pool');
    const bControl = new SandboxProviderControl();
    // Same PUBLIC_URL: both instances call instance A's sandbox token endpoint.
    const b = await createTestApp(bDb, { config: a.config, clock, sandboxProviders: bControl });
    try {
      const owner = await signIn(a.app, a.identity, 'race@example.com');
      const { result } = await connectOAuth(a, owner.cookie, 1, { login: 'race@example.com' });
      expect(result.status).toBe('connected');
      a.control.tokenDelayMs = 300; // refreshes in flight overlap
      clock.advance(60 * 60 * 1000);
      const before = a.control.count('refresh');
      const runs = await Promise.all([
        backgroundJobs(a.app).refreshTokens(),
        backgroundJobs(b).refreshTokens(),
        backgroundJobs(a.app).refreshTokens(),
        backgroundJobs(b).refreshTokens(),
      ]);
      expect(runs.reduce((n, r) => n + r.refreshed, 0)).toBe(1);
      expect(runs.reduce((n, r) => n + r.failed + r.revoked, 0)).toBe(0);
      expect(a.control.count('refresh') - before).toBe(1);
      expect(bControl.count('refresh')).toBe(0);
    } finally {
      await b.close();
      await a.app.close();
    }
    // Two whole apps start inside the test (not in a shared set-up): beside the other suites
    // on two cores that alone passed the default 20 s once.
  }, 60_000);
});
