import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@gds/contract';
import { createDatabase } from '../../src/db/database.ts';
import type { Db } from '../../src/db/database.ts';
import { POSTGRES_BIN } from '../helpers/postgres-cluster.ts';
import { FLOW_STEPS, Visitor, checkOutThroughBalancer } from './load-balanced-flow.ts';
import type { FlowContext } from './load-balanced-flow.ts';
import { HAPROXY, METRICS_TOKEN, startLoadBalancedCluster } from './load-balanced-cluster.ts';
import type { InstanceName, LoadBalancedCluster } from './load-balanced-cluster.ts';

const ready = Boolean(HAPROXY && POSTGRES_BIN);
const title = ready
  ? 'two instances on one PostgreSQL behind haproxy'
  : 'two instances behind haproxy (skipped: needs haproxy and PostgreSQL: apt-get install haproxy postgresql)';

/** Sends `request` from `workers` loops until stopped; answers every status seen. */
function steadyTraffic(workers: number, request: () => Promise<number>) {
  const statuses: number[] = [];
  let running = true;
  const loops = Array.from({ length: workers }, async () => {
    while (running) statuses.push(await request().catch(() => 0));
  });
  return {
    statuses,
    stop: async () => {
      running = false;
      await Promise.all(loops);
      return statuses;
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function scrape(url: string): Promise<string> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(response.status).toBe(200);
  return response.text();
}

/** The value of one series in a Prometheus text answer (0 when absent). */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe.skipIf(!ready)(title, () => {
  let cluster: LoadBalancedCluster;
  let db: Db;
  let owner: Visitor;

  beforeAll(async () => {
    cluster = await startLoadBalancedCluster();
    db = createDatabase({ kind: 'postgres', url: cluster.postgres.url });
    owner = new Visitor(cluster.base);
  }, 120_000);
  afterAll(async () => {
    await db?.destroy();
    await cluster?.close();
  });

  const runFlow = async (run: string, visitor: Visitor) => {
    const ctx: FlowContext = { base: cluster.base, owner: visitor, run };
    for (const step of FLOW_STEPS) {
      try {
        await step.run(ctx);
      } catch (error) {
        throw new Error(`flow step "${step.name}" failed: ${String(error)}`, { cause: error });
      }
    }
  };

  it('runs every flow through the load balancer, requests spread over both instances', async () => {
    await runFlow('first', owner);
    expect(new Set(owner.servedBy)).toEqual(new Set(['a', 'b']));
  }, 60_000);

  it('checks out on the sandbox Chargebee page through the balancer, confirmed by its webhook', async () => {
    const buyer = new Visitor(cluster.base);
    const ctx: FlowContext = { base: cluster.base, owner: buyer, run: 'checkout' };
    await buyer.signIn('buyer-checkout@example.com');
    expect(await checkOutThroughBalancer(ctx)).toBe(25);
    const team = (await buyer.call(ENDPOINTS.getTeamInfo)).json().team;
    const events = await db
      .selectFrom('billing_events')
      .select(['event_id', 'event_type'])
      .where('team_id', '=', team.id)
      .execute();
    // The provider's webhook reached the app through the balancer and was recorded.
    expect(events.length, JSON.stringify(events)).toBeGreaterThan(0);
    const subscription = await db
      .selectFrom('billing_subscriptions')
      .select(['status', 'extra_accounts'])
      .where('team_id', '=', team.id)
      .executeTakeFirst();
    expect(subscription?.status).toBe('active');
  }, 60_000);

  it('refreshes each due token on exactly one instance', async () => {
    // Tokens are due 2 s after each refresh, and both instances look every second.
    await sleep(9_000);
    const [a, b, outside] = await Promise.all([
      scrape(`${cluster.direct('a')}/metrics`),
      scrape(`${cluster.direct('b')}/metrics`),
      scrape(`${cluster.outside.base}/metrics`),
    ]);
    const refreshed = (text: string) =>
      sample(text, 'gds_token_refreshes_total{outcome="refreshed"}');
    const failed = (text: string) =>
      sample(text, 'gds_token_refreshes_total{outcome="failed"}') +
      sample(text, 'gds_token_refreshes_total{outcome="revoked"}');
    // The provider's token endpoint answered once per connection and once per refresh.
    const tokenCalls = sample(
      outside,
      'gds_http_request_duration_seconds_count{method="POST",route="/sandbox/providers/:connector/token",status="200"}',
    );
    expect(refreshed(a) + refreshed(b)).toBeGreaterThanOrEqual(2);
    expect(failed(a) + failed(b)).toBe(0);
    // Every provider refresh was one instance's: none was made twice for the same due token.
    expect(tokenCalls).toBe(refreshed(a) + refreshed(b) + 1);
    // A refresh takes 1.5 s at the provider and the next is due 2 s later: two instances
    // refreshing the same token would make about twice as many.
    expect(refreshed(a) + refreshed(b)).toBeLessThanOrEqual(Math.ceil(9 / 3.5) + 2);
    const credential = await db
      .selectFrom('data_source_credentials')
      .select(['status', 'last_refreshed_at'])
      .executeTakeFirstOrThrow();
    expect(credential.status).toBe('connected');
  }, 30_000);

  it('SIGKILL of an instance mid-run: the other serves on, the session survives, its lease is taken over', async () => {
    // Wait until an instance holds the refresh lease, and kill that one. Leases last 3 ×
    // CONNECTOR_TIMEOUT_MS: A's 6 s and B's 12 s tell whose a lease is.
    let held: Date | undefined;
    let victim: InstanceName | undefined;
    const deadline = Date.now() + 20_000;
    while (!held && Date.now() < deadline) {
      const row = await db
        .selectFrom('data_source_credentials')
        .select('refresh_claimed_until')
        .executeTakeFirstOrThrow();
      const left = (row.refresh_claimed_until?.getTime() ?? 0) - Date.now();
      if (left > 4_000 && left <= 6_000) victim = 'a';
      else if (left > 10_000 && left <= 12_000) victim = 'b';
      if (victim) held = row.refresh_claimed_until ?? undefined;
      else await sleep(50);
    }
    if (!held || !victim) throw new Error('no instance held a refresh lease');
    const survivor: InstanceName = victim === 'a' ? 'b' : 'a';

    const traffic = steadyTraffic(4, async () => {
      const response = await owner.call(ENDPOINTS.getTeamInfo);
      return response.status;
    });
    await sleep(300);
    const killedAt = new Date();
    await cluster.instance(victim).stop('SIGKILL');
    await sleep(1_500);
    const statuses = await traffic.stop();
    // haproxy retries a request whose instance died under it on the other one.
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect(statuses.length).toBeGreaterThan(10);

    // The session made before the kill still works, now always on the survivor.
    owner.servedBy.length = 0;
    const info = await owner.call(ENDPOINTS.getTeamInfo);
    expect(info.status).toBe(200);
    const rename = await owner.call(ENDPOINTS.updateTeamInfo, { form: { name: 'After the kill' } });
    expect(rename.status, rename.body).toBe(200);
    expect(new Set(owner.servedBy)).toEqual(new Set([survivor]));

    // The killed instance's lease lapses unreleased; then the survivor takes the credential
    // over and refreshes it.
    const takenOver = Date.now() + 30_000;
    let row;
    do {
      await sleep(250);
      row = await db
        .selectFrom('data_source_credentials')
        .select(['status', 'last_refreshed_at', 'refresh_claimed_until'])
        .executeTakeFirstOrThrow();
    } while ((row.last_refreshed_at?.getTime() ?? 0) <= held.getTime() && Date.now() < takenOver);
    expect(row.last_refreshed_at?.getTime()).toBeGreaterThan(held.getTime());
    expect(row.last_refreshed_at?.getTime()).toBeGreaterThan(killedAt.getTime());
    expect(row.status).toBe('connected');
  }, 60_000);

  it('a rolling restart (SIGTERM each instance in turn) fails no request in flight', async () => {
    for (const name of ['a', 'b'] as const) {
      if (!cluster.instance(name).alive()) await cluster.restart(name);
    }
    await cluster.waitForBackends(['a', 'b']);
    let renames = 0;
    const traffic = steadyTraffic(4, async () => {
      // Reads and writes alike: a write is never retried by the load balancer.
      renames += 1;
      const response =
        renames % 2 === 0
          ? await owner.call(ENDPOINTS.updateTeamInfo, { form: { name: `Rolling ${renames}` } })
          : await owner.call(ENDPOINTS.getGroupedData);
      return response.status;
    });
    for (const name of ['a', 'b'] as const) {
      const exit = await cluster.instance(name).stop('SIGTERM');
      expect(exit, `instance ${name} exit code`).toBe(0);
      await cluster.restart(name);
      await cluster.waitForBackends(['a', 'b']);
    }
    const statuses = await traffic.stop();
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect(statuses.length).toBeGreaterThan(20);
    // Everything made before is still there after both restarts.
    await runFlow('after-restart', new Visitor(cluster.base));
    const info = await owner.call(ENDPOINTS.getTeamInfo);
    expect(info.json().team.name).toMatch(/^Rolling \d+$/);
  }, 120_000);
});
