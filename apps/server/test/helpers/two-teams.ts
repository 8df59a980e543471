import { sql } from 'kysely';
import { PERMISSIONS } from '@gds/contract';
import type { Permission } from '@gds/contract';
import type { Db } from '../../src/db/database.ts';

/*
 * Two teams of one business unit with a row in every tenant table each, for tests that call
 * the app as one team with the other's ids. Natural keys (names, external ids, request keys)
 * are the same in both teams; ids and secrets differ.
 */

export const NOW = new Date('2026-01-06T12:00:00Z');
export const T0 = new Date('2026-01-05T09:00:00Z');
export const DAY = 24 * 3600 * 1000;
export const UNIT = 'RAVEN_GDS' as const;
export const CONNECTOR = 1;
export const LEASE = new Date('2026-01-06T12:05:00Z');

/** Ids of one team's rows: team A's end in aaaa…, team B's in bbbb…. */
export function idsOf(team: 'a' | 'b') {
  const id = (n: number) =>
    `00000000-0000-4000-8000-${team.repeat(4)}${String(n).padStart(8, '0')}`;
  // Team B's rows are a minute younger: "latest first" reads reach them first.
  const at = (ms: number) => new Date(T0.getTime() + ms + (team === 'b' ? 60_000 : 0));
  return {
    team: id(1),
    superRole: id(2),
    customRole: id(3),
    owner: id(4),
    member: id(5),
    credential: id(6),
    account: id(7),
    deletedAccount: id(8),
    invitation: id(9),
    clientLink: id(10),
    doneJob: id(11),
    runningJob: id(12),
    webhookDelivery: id(13),
    credentialEvent: id(14),
    ownerEmail: `owner-${team}@example.com`,
    memberEmail: `member-${team}@example.com`,
    grantId: `grant-${team}`,
    eventId: `event-${team}`,
    pageId: `page-${team}`,
    stateHash: `state-${team}`,
    sessionHash: `session-${team}`,
    resultHash: `result-${team}`,
    requestId: team === 'a' ? 1001 : 2001,
    auditId: team === 'a' ? 1001 : 2001,
    at,
  };
}
export const A = idsOf('a');
export const B = idsOf('b');
export type Ids = typeof A;

export const ALL_ALLOWED = Object.fromEntries(PERMISSIONS.map((name) => [name, true])) as Record<
  Permission,
  boolean
>;

/** One team with a row in every tenant table. Natural keys are the same for both teams. */
export async function seedTeam(db: Db, t: Ids): Promise<void> {
  await db
    .insertInto('teams')
    .values({
      id: t.team,
      business_unit: UNIT,
      name: 'Agency',
      plan_id: 'basic-plan',
      user_limit: 5,
      account_limit: 20,
    })
    .execute();
  await db
    .insertInto('roles')
    .values([
      { id: t.superRole, team_id: t.team, name: 'Super Admin', built_in: 'super_admin' },
      {
        id: t.customRole,
        team_id: t.team,
        name: 'Analyst',
        permissions: JSON.stringify(ALL_ALLOWED),
      },
    ])
    .execute();
  await db
    .insertInto('users')
    .values([
      {
        id: t.owner,
        business_unit: UNIT,
        email: t.ownerEmail,
        name: 'Owner',
        team_id: t.team,
        role_id: t.superRole,
        joined_at: t.at(0),
      },
      {
        id: t.member,
        business_unit: UNIT,
        email: t.memberEmail,
        name: 'Member',
        team_id: t.team,
        role_id: t.customRole,
        joined_at: t.at(1000),
      },
    ])
    .execute();
  await db
    .insertInto('sessions')
    .values({
      id_hash: t.sessionHash,
      user_id: t.owner,
      business_unit: UNIT,
      created_at: t.at(0),
      last_seen_at: t.at(0),
      expires_at: t.at(30 * DAY),
    })
    .execute();
  await db
    .insertInto('data_source_credentials')
    .values({
      id: t.credential,
      team_id: t.team,
      connector_id: CONNECTOR,
      external_user_id: 'person-1',
      display_name: 'Person',
      access_token_enc: 'sealed',
      refresh_token_enc: 'sealed',
      key_version: 'v1',
      expires_at: t.at(0),
      created_by: t.owner,
      created_at: t.at(0),
      updated_at: t.at(0),
      last_refreshed_at: t.at(0),
    })
    .execute();
  await db
    .insertInto('credential_events')
    .values({
      id: t.credentialEvent,
      team_id: t.team,
      credential_id: t.credential,
      kind: 'failed',
      occurrence: t.at(0).toISOString(),
      details: '{}',
      occurred_at: t.at(1000),
    })
    .execute();
  await db
    .insertInto('team_webhooks')
    .values({
      team_id: t.team,
      url: 'https://hooks.example.com/in',
      secret_enc: `sealed-${t.team}`,
      key_version: 'v1',
      created_at: t.at(0),
      secret_rotated_at: t.at(0),
    })
    .execute();
  await db
    .insertInto('webhook_deliveries')
    .values({
      id: t.webhookDelivery,
      team_id: t.team,
      event_id: null,
      kind: 'test',
      credential_name: null,
      body: '{}',
      next_attempt_at: t.at(0),
      claimed_until: LEASE,
      created_at: t.at(0),
    })
    .execute();
  await db
    .insertInto('data_source_accounts')
    .values([
      {
        id: t.account,
        team_id: t.team,
        credential_id: t.credential,
        connector_id: CONNECTOR,
        external_id: 'ext-1',
        name: 'Account',
        added_by: t.owner,
        added_at: t.at(0),
      },
      {
        id: t.deletedAccount,
        team_id: t.team,
        credential_id: t.credential,
        connector_id: CONNECTOR,
        external_id: 'ext-2',
        name: 'Old account',
        added_by: t.owner,
        added_at: t.at(0),
        deleted_at: t.at(1000),
        deleted_by: t.owner,
      },
    ])
    .execute();
  await db
    .insertInto('account_field_catalogues')
    .values({
      team_id: t.team,
      account_id: t.account,
      fields: '[]',
      fetched_at: t.at(0),
    })
    .execute();
  await db
    .insertInto('invitations')
    .values({
      id: t.invitation,
      team_id: t.team,
      email: 'invitee@example.com',
      role_id: t.customRole,
      token_hash: `invitation-${t.team}`,
      invited_by: t.owner,
      created_at: t.at(0),
      expires_at: t.at(7 * DAY),
    })
    .execute();
  await db
    .insertInto('client_links')
    .values({
      id: t.clientLink,
      team_id: t.team,
      connector_id: CONNECTOR,
      token_hash: `link-${t.team}`,
      multi_use: true,
      created_by: t.owner,
      created_at: t.at(0),
      expires_at: t.at(7 * DAY),
    })
    .execute();
  await db
    .insertInto('connection_results')
    .values({
      id_hash: t.resultHash,
      session_hash: t.sessionHash,
      user_id: t.owner,
      team_id: t.team,
      status: 'connected',
      created_at: t.at(0),
      expires_at: t.at(DAY),
    })
    .execute();
  await db
    .insertInto('oauth_states')
    .values({
      state_hash: t.stateHash,
      purpose: 'connect',
      session_hash: t.sessionHash,
      business_unit: UNIT,
      code_verifier: 'verifier',
      nonce: 'nonce',
      redirect_uri: 'https://example.com/callback',
      created_at: t.at(0),
      expires_at: t.at(DAY),
      user_id: t.owner,
      team_id: t.team,
      connector_id: CONNECTOR,
    })
    .execute();
  await db
    .insertInto('connector_grants')
    .values({
      grant_id: t.grantId,
      team_id: t.team,
      user_id: t.owner,
      client_id: 'looker-studio',
      created_at: t.at(0),
    })
    .execute();
  await db
    .insertInto('oauth_artifacts')
    .values({
      model: 'AccessToken',
      id_hash: `token-${t.team}`,
      payload: JSON.stringify({ grantId: t.grantId }),
      grant_id: t.grantId,
      expires_at: t.at(30 * DAY),
    })
    .execute();
  const job = {
    team_id: t.team,
    user_id: t.owner,
    connector_id: CONNECTOR,
    account_id: t.account,
    request_key: 'key-1',
    request: JSON.stringify({ fields: ['date'] }),
    page_size: 100,
    created_at: t.at(0),
    run_after: t.at(0),
    expires_at: t.at(30 * DAY),
  };
  await db
    .insertInto('data_jobs')
    .values([
      { ...job, id: t.doneJob, state: 'done', total_rows: 1, finished_at: t.at(1000) },
      { ...job, id: t.runningJob, state: 'running', attempts: 1, lease_until: LEASE },
    ])
    .execute();
  await db
    .insertInto('data_job_pages')
    .values({ job_id: t.doneJob, team_id: t.team, page: 1, rows: JSON.stringify([['x']]) })
    .execute();
  // One stored report day under the same shape key in both teams: a read or purge that
  // forgets its team finds the other's.
  await db
    .insertInto('report_days')
    .values({
      team_id: t.team,
      account_id: t.account,
      shape_key: 'shape-1',
      fields: JSON.stringify(['date', 'sessions']),
      filters: '[]',
      day: '2026-01-04',
      rows: JSON.stringify([['20260104', t === A ? 1 : 2]]),
      fetched_at: t.at(0),
    })
    .execute();
  // One quota hour in both teams at the same hour: a read that forgets its team finds both.
  await db
    .insertInto('provider_quota_hours')
    .values({
      team_id: t.team,
      account_id: t.account,
      hour: new Date(Math.floor(t.at(0).getTime() / 3_600_000) * 3_600_000),
      quota: 'tokensPerHour',
      quota_window: 'hour',
      calls: 1,
      spent: t === A ? 3 : 7,
      largest_call: t === A ? 3 : 7,
      remaining: t === A ? 100 : 1,
      updated_at: t.at(0),
    })
    .execute();
  await db
    .insertInto('data_requests')
    .values({
      id: t.requestId,
      team_id: t.team,
      user_id: t.owner,
      connector_id: CONNECTOR,
      account_id: t.account,
      requested_at: t.at(1000),
      row_count: 0,
      duration_ms: t === A ? 100 : 900,
      outcome: 'failed',
      failure_reason: `failed for ${t.team}`,
      quota_spent: t === A ? 3 : 7,
      notices: JSON.stringify([{ kind: 'sampled', message: `sampled for ${t.team}` }]),
    })
    .execute();
  await sql`INSERT INTO audit_log (id, team_id, actor_user_id, action, details, created_at)
    OVERRIDING SYSTEM VALUE
    VALUES (${t.auditId}, ${t.team}, ${t.owner}, 'team.rename', '{}', ${t.at(0)})`.execute(db);
  await db
    .insertInto('billing_subscriptions')
    .values({
      team_id: t.team,
      status: 'active',
      plan_item_price_id: 'basic-plan',
      period: 'month',
      extra_accounts: 0,
      extra_users: 0,
      currency: 'USD',
      resource_version: t === A ? 10 : 20,
      customer_resource_version: t === A ? 10 : 20,
      updated_at: t.at(0),
    })
    .execute();
  await db
    .insertInto('billing_webhook_states')
    .values({ team_id: t.team, webhook_status: 'pending', changed_at: t.at(0) })
    .execute();
  await db
    .insertInto('billing_checkouts')
    .values({
      team_id: t.team,
      idempotency_key: 'checkout-key',
      selection: '{}',
      hosted_page_id: t.pageId,
      hosted_page_url: `https://pay.example.com/${t.pageId}`,
      created_at: t.at(0),
    })
    .execute();
  await db
    .insertInto('churn_feedback')
    .values({
      team_id: t.team,
      user_id: t.owner,
      reason: 'price',
      payload: '{}',
      created_at: t.at(0),
    })
    .execute();
  await db
    .insertInto('billing_events')
    .values({
      event_id: t.eventId,
      event_type: 'subscription_created',
      occurred_at: t.at(0),
      team_id: t.team,
      processed_at: t.at(0),
    })
    .execute();
  await db
    .insertInto('team_usage_days')
    .values({
      team_id: t.team,
      day: '2026-01-05',
      accounts_used: 1,
      account_limit: 20,
      users_used: 2,
      user_limit: 5,
    })
    .execute();
  // Only team B gave its thank-you feedback: asking whether team A did must answer no.
  if (t === B) {
    await db
      .insertInto('billing_feedback')
      .values({
        team_id: t.team,
        user_id: t.owner,
        rating: 5,
        payload: '{}',
        created_at: t.at(0),
      })
      .execute();
  }
}
