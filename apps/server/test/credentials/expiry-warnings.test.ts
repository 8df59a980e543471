import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENDPOINTS } from '@gds/contract';
import { backgroundJobs } from '../../src/wiring/background-jobs.ts';
import { call } from '../helpers/contract-call.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import type { SandboxContext } from '../helpers/connections.ts';
import { callAt, connectOAuth, startSandboxApp } from '../helpers/connections.ts';
import { addMember, setPermissionsExcept } from '../helpers/members.ts';
import { signIn } from '../helpers/sign-in.ts';
import { outboxFor } from '../helpers/team-management.ts';
import { testClock } from '../helpers/test-app.ts';

const DAY = 24 * 3600 * 1000;
const GOOGLE_ANALYTICS = 1;

/**
 * A login whose provider says its refresh token lasts 5 days: Data Sources shows when it
 * expires, and the members who manage data sources get one digest about it, once, unless they
 * turned the digest off.
 */
describeEachDatabase('expiry forecast and the warning digest', (db) => {
  const clock = testClock(new Date());
  let ctx: SandboxContext;
  beforeAll(async () => {
    ctx = await startSandboxApp(db(), { clock });
  });
  afterAll(() => ctx.app.close());

  const warn = () => backgroundJobs(ctx.app).warnCredentials();

  it('a 5-day refresh token is forecast on Data Sources and told in exactly one digest per member', async () => {
    ctx.control.setRefreshLifetime('google-analytics', (5 * DAY) / 1000);
    const owner = await signIn(ctx.app, ctx.identity, 'forecast-owner@example.com');
    await addMember(db(), owner.team.id, 'forecast-reader@example.com', 'Admin');
    const viewer = await addMember(db(), owner.team.id, 'forecast-viewer@example.com');
    await setPermissionsExcept(db(), viewer.id, ['manage_data_sources']);
    const quiet = await addMember(db(), owner.team.id, 'forecast-quiet@example.com', 'Admin');
    const quietIn = await signIn(ctx.app, ctx.identity, 'forecast-quiet@example.com');
    expect(quietIn.user.id).toBe(quiet.id);
    const off = await call(ctx.app, ENDPOINTS.updateMailPreferences, {
      cookie: quietIn.cookie,
      form: { credentialDigest: 'false' },
    });
    expect(off.json()).toEqual({ credentialDigest: false });
    expect(
      (await call(ctx.app, ENDPOINTS.getMailPreferences, { cookie: quietIn.cookie })).json(),
    ).toEqual({ credentialDigest: false });

    const { result } = await connectOAuth(ctx, owner.cookie, GOOGLE_ANALYTICS, {
      login: 'five-days@example.com',
    });
    expect(result.status).toBe('connected');
    const connectedAt = clock().getTime();

    const data = (await callAt(ctx, ENDPOINTS.getGroupedData, { cookie: owner.cookie })).json();
    const credential = data.groups[0]?.credentials[0];
    expect(credential).toMatchObject({ name: 'five-days@example.com', expirySource: 'provider' });
    expect(Date.parse(credential?.expiresAt ?? '')).toBe(connectedAt + 5 * DAY);

    // Two runs (two instances, or the loop coming round again): one digest each, not two.
    expect(await warn()).toEqual({ recorded: 1, digests: 2 });
    expect(await warn()).toEqual({ recorded: 0, digests: 0 });

    const told = await outboxFor(db(), 'forecast-owner@example.com');
    expect(told).toHaveLength(1);
    expect(told[0]?.subject).toContain('1 data source login of');
    expect(told[0]?.text_body).toContain(
      'Google Analytics login five-days@example.com expires in 5 days',
    );
    expect(told[0]?.text_body).toContain(`${ctx.base}/data-sources`);
    expect(await outboxFor(db(), 'forecast-reader@example.com')).toHaveLength(1);
    expect(await outboxFor(db(), 'forecast-viewer@example.com')).toHaveLength(0);
    expect(await outboxFor(db(), 'forecast-quiet@example.com')).toHaveLength(0);

    // Its last day is a new warning; a refresh keeps the provider's end, so nothing else is new.
    clock.advance(4 * DAY + 3600 * 1000);
    await backgroundJobs(ctx.app).refreshTokens();
    expect(await warn()).toEqual({ recorded: 1, digests: 2 });
    expect(await warn()).toEqual({ recorded: 0, digests: 0 });
    const again = await outboxFor(db(), 'forecast-owner@example.com');
    expect(again).toHaveLength(2);
    expect(again[1]?.text_body).toContain('expires within a day');
  });

  it('the provider console sets a refresh-token lifetime per provider, and refuses what is not a number of days', async () => {
    const setLifetime = async (days: string) => {
      const answer = await fetch(`${ctx.base}/sandbox/providers/console/refresh-lifetime`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ connector: 'linkedin-ads', days }).toString(),
        redirect: 'manual',
      });
      expect(answer.status).toBe(303);
      const page = await fetch(new URL(answer.headers.get('location') ?? '', ctx.base));
      return page.text();
    };
    expect(await setLifetime('2.5')).toContain('LinkedIn Ads refresh tokens now last 2.5 days');
    expect(ctx.control.refreshLifetime('linkedin-ads')).toBe(2.5 * 24 * 3600);
    expect(await setLifetime('soon')).toContain('is not a number of days');
    expect(ctx.control.refreshLifetime('linkedin-ads')).toBe(2.5 * 24 * 3600);
    expect(await setLifetime('')).toContain('LinkedIn Ads refresh tokens now last until revoked');
    expect(ctx.control.refreshLifetime('linkedin-ads')).toBeUndefined();
  });
});
