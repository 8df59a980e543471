import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_DOCUMENTS, BILLING_WEBHOOK_PATH, DATA_API, ENDPOINTS, PROBES } from '@gds/contract';
import type { Access, Endpoint, Permission } from '@gds/contract';
import type Chargebee from 'chargebee';
import { registeredRoutes } from '../src/app.ts';
import type { SandboxBilling } from '@gds/sandbox';
import { buyPlan, sandboxProvider } from './helpers/billing.ts';
import { call } from './helpers/contract-call.ts';
import type { CallOptions } from './helpers/contract-call.ts';
import { describeEachDatabase } from './helpers/each-database.ts';
import { everyRow, rowsChanged } from './helpers/every-row.ts';
import { addMember, setPermissionsExcept } from './helpers/members.ts';
import { seedClientLink } from './helpers/client-links.ts';
import { callAt, seedConnectionResult, seedLogin, startSandboxApp } from './helpers/connections.ts';
import type { SandboxContext } from './helpers/connections.ts';
import { signIn } from './helpers/sign-in.ts';
import type { SignedIn } from './helpers/sign-in.ts';
import { roleId, seedInvitation, standIn } from './helpers/team-management.ts';
import {
  authorizeConnector,
  seedReportLogin,
  startDataApiApp,
} from './helpers/connector-authorization.ts';
import type { DataApiContext } from './helpers/connector-authorization.ts';

type Name = keyof typeof ENDPOINTS;
type Sample<N extends Name> = CallOptions<(typeof ENDPOINTS)[N]>;

/**
 * Makes one of team A's objects for a sample, fresh for each request, in the state the request
 * would act on (a live account to delete, a deleted one to restore): a refusal then is the
 * server's doing, not a no-op because an earlier test already deleted or restored it.
 */
interface TeamAObjects {
  account(state: 'live' | 'deleted'): Promise<string>;
  /** A connection result recorded for member A's session. */
  connectionResult(): Promise<string>;
  /** A Member of team A nobody else acts on (to change the role of, or remove). */
  member(): Promise<string>;
  /** Team A's built-in Member role (what invitations and role changes give). */
  memberRole(): Promise<string>;
  /** A role of team A that nobody holds (to read, change or delete). */
  role(): Promise<string>;
  /** An invitation of team A: pending, or one member A already accepted (accepting is a no-op). */
  invitation(state: 'pending' | 'accepted by member A'): Promise<{ id: string; token: string }>;
  /** An active single-use client link of team A for Google Analytics. */
  clientLink(): Promise<{ id: string; token: string }>;
  /**
   * Team A, and the teams of the outsiders who call too, each have a webhook (to rotate its
   * secret, test, or remove: an outsider acts on its own team's).
   */
  webhook(): Promise<void>;
  /** A Google Analytics login of team A (to ask its owner to reconnect). */
  credential(): Promise<string>;
  /** A connector grant of member A (to revoke). */
  grant(): Promise<string>;
  /** A pending connector authorization request (its interaction uid). */
  consentRequest(): Promise<string>;
  /** Team A's id (a platform admin switches into it). */
  id(): string;
  /** One of team A's invoices at the billing provider. */
  invoice(): string;
  /** The hosted page of a checkout team A opened (not paid). */
  checkout(): Promise<string>;
  /**
   * Every signed-in team's subscription put in this state at the provider and in its copy, and
   * their thank-you feedback cleared: cancelling needs an active plan, resuming a scheduled
   * cancellation, feedback a team that has not given it.
   */
  billing(state: 'active' | 'non_renewing'): Promise<void>;
  /** `prefix` numbered: a role name or email's local part nobody used yet. */
  unique(prefix: string): string;
}

/**
 * A valid request for each endpoint, typed by that endpoint's contract. The mapped type makes
 * a new endpoint a compile error here until it has an entry, and the test below fails at run
 * time as well.
 */
const SAMPLE: { [N in Name]: Sample<N> | ((teamA: TeamAObjects) => Promise<Sample<N>>) } = {
  getConfig: {},
  login: { query: { nextUrl: 'Team' } },
  logout: {},
  loginCallback: { query: { code: 'x', state: 'y' } },
  getSession: {},
  getTeamInfo: {},
  updateTeamInfo: { form: { name: 'Matrix team' } },
  getMailPreferences: {},
  updateMailPreferences: { form: { credentialDigest: 'true' } },
  getTeamUsers: {},
  getConnectorConfig: { query: { all: 'true' } },
  startConnection: { query: { integration_type: 1, type: 'reauth' } },
  // A stale state answers success: false (200), as the form's callback always does.
  submitFormLogin: { form: { state: 'stale-state', apiKey: 'k', accountId: '1' } },
  getGroupedData: {},
  deleteAccount: async (teamA) => ({ params: { accountId: await teamA.account('live') } }),
  restoreAccount: async (teamA) => ({ params: { accountId: await teamA.account('deleted') } }),
  getAccountFields: async (teamA) => ({ params: { accountId: await teamA.account('live') } }),
  getConnectorFields: { params: { connectorId: '1' } },
  getConnectionResult: async (teamA) => ({ query: { id: await teamA.connectionResult() } }),
  getTeamUser: { query: { user_email: 'member-a@example.com' } },
  updateTeamUser: async (teamA) => ({
    form: { userId: await teamA.member(), roleId: await teamA.memberRole() },
  }),
  removeTeamUser: async (teamA) => ({ query: { id: await teamA.member() } }),
  // The caller's own membership ends: a fresh member of the caller's team calls (STAND_IN).
  leaveTeam: {},
  getRoles: {},
  getRole: async (teamA) => ({ query: { role_id: await teamA.role() } }),
  createRole: (teamA) =>
    Promise.resolve({ form: { name: teamA.unique('Matrix role'), permissions: 'view_stats' } }),
  updateRole: async (teamA) => ({
    form: {
      id: await teamA.role(),
      name: teamA.unique('Matrix edited'),
      permissions: 'view_stats',
    },
  }),
  deleteRole: async (teamA) => ({ query: { id: await teamA.role() } }),
  getInvitations: {},
  createInvitation: async (teamA) => ({
    form: {
      email: `${teamA.unique('matrix-invitee')}@example.com`,
      roleId: await teamA.memberRole(),
    },
  }),
  resendInvitation: async (teamA) => ({
    form: { id: (await teamA.invitation('pending')).id, sendEmail: 'false' },
  }),
  revokeInvitation: async (teamA) => ({ query: { id: (await teamA.invitation('pending')).id } }),
  getInvitationInfo: async (teamA) => ({
    query: { token: (await teamA.invitation('pending')).token },
  }),
  acceptInvitation: async (teamA) => ({
    form: { token: (await teamA.invitation('accepted by member A')).token },
  }),
  getActivity: {},
  getTeamWebhook: {},
  saveTeamWebhook: { form: { url: 'https://hooks.example.com/matrix-a' } },
  rotateTeamWebhookSecret: async (teamA) => {
    await teamA.webhook();
    return {};
  },
  deleteTeamWebhook: async (teamA) => {
    await teamA.webhook();
    return {};
  },
  sendTeamWebhookTest: async (teamA) => {
    await teamA.webhook();
    return {};
  },
  getClientLinks: {},
  createClientLink: {
    form: { connectorId: '1', recipientEmail: 'matrix-client@example.com', sendEmail: 'false' },
  },
  revokeClientLink: async (teamA) => ({ query: { id: (await teamA.clientLink()).id } }),
  askToReconnect: async (teamA) => ({
    form: { credentialId: await teamA.credential(), recipientEmail: 'matrix-client@example.com' },
  }),
  getClientLinkInfo: async (teamA) => ({ query: { token: (await teamA.clientLink()).token } }),
  startClientConnection: async (teamA) => ({
    form: { token: (await teamA.clientLink()).token, email: 'matrix-client@example.com' },
  }),
  // Another browser's (here: no) client result is not found, never refused or failed.
  getClientConnectionResult: { query: { id: 'no-such-result' } },
  getStats: { query: { from: '2026-11-01', to: '2026-11-23', timeZone: 'UTC' } },
  searchTeams: { query: { q: 'owner' } },
  userSwitch: (teamA) =>
    Promise.resolve({ form: { user: 'member-a@example.com', teamId: teamA.id() } }),
  endUserSwitch: {},
  getPlanUsage: {},
  getPlans: {},
  getAddons: {},
  estimatePlan: { form: { period: 'month', accounts: 25, users: 5, addons: 'facebook-ads' } },
  estimateNextBillingAmount: { form: {} },
  customizePlan: (teamA) =>
    Promise.resolve({
      form: {
        period: 'year',
        accounts: 30,
        users: 6,
        addons: '',
        idempotencyKey: teamA.unique('matrix-key'),
      },
    }),
  updateSubscriptionWebhookStatus: { form: { webhookStatus: 'pending' } },
  confirmCheckout: async (teamA) => ({ form: { hostedPageId: await teamA.checkout() } }),
  dropCheckout: { form: {} },
  updateCard: { form: {} },
  getInvoices: {},
  downloadInvoice: (teamA) => Promise.resolve({ form: { id: teamA.invoice() } }),
  getChurnReasons: {},
  submitChurnFeedback: { form: { reason: 'other', payload: 'Matrix feedback' } },
  cancelSubscription: async (teamA) => {
    await teamA.billing('active');
    return { form: {} };
  },
  resumeSubscription: async (teamA) => {
    await teamA.billing('non_renewing');
    return { form: {} };
  },
  submitBillingFeedback: async (teamA) => {
    await teamA.billing('active');
    return { form: { rating: '4', payload: 'Matrix' } };
  },
  getConnectorGrants: {},
  getAccountFlags: {},
  revokeConnectorGrant: async (teamA) => ({ params: { grantId: await teamA.grant() } }),
  getConnectorConsent: async (teamA) => ({ query: { uid: await teamA.consentRequest() } }),
};

/**
 * Who may call each endpoint, written out and reviewed here rather than read from the
 * contract: changing an endpoint's declared access fails the test below until this table is
 * changed too, on purpose. 'public': anyone; 'platformAdmin': a platform admin signed in as
 * themselves; a list: a signed-in member of the team holding every permission in it (an
 * empty list: any member).
 */
const ACCESS: { [N in Name]: 'public' | 'platformAdmin' | readonly Permission[] } = {
  getConfig: 'public',
  login: 'public',
  logout: 'public',
  loginCallback: 'public',
  getTeamInfo: [],
  updateTeamInfo: ['edit_team'],
  getMailPreferences: [],
  updateMailPreferences: [],
  getTeamUsers: [],
  getTeamUser: [],
  updateTeamUser: ['manage_members'],
  removeTeamUser: ['manage_members'],
  leaveTeam: [],
  getRoles: [],
  getRole: [],
  createRole: ['manage_roles'],
  updateRole: ['manage_roles'],
  deleteRole: ['manage_roles'],
  getInvitations: ['manage_members'],
  createInvitation: ['manage_members'],
  resendInvitation: ['manage_members'],
  revokeInvitation: ['manage_members'],
  getInvitationInfo: 'public',
  acceptInvitation: [],
  getActivity: ['view_activity'],
  getTeamWebhook: ['edit_team'],
  saveTeamWebhook: ['edit_team'],
  rotateTeamWebhookSecret: ['edit_team'],
  deleteTeamWebhook: ['edit_team'],
  sendTeamWebhookTest: ['edit_team'],
  getClientLinks: ['manage_data_sources'],
  createClientLink: ['manage_data_sources'],
  revokeClientLink: ['manage_data_sources'],
  askToReconnect: ['manage_data_sources'],
  getClientLinkInfo: 'public',
  startClientConnection: 'public',
  getClientConnectionResult: 'public',
  getSession: [],
  getConnectorConfig: 'public',
  startConnection: ['manage_data_sources'],
  submitFormLogin: ['manage_data_sources'],
  getConnectionResult: [],
  getGroupedData: [],
  deleteAccount: ['manage_data_sources'],
  restoreAccount: ['manage_data_sources'],
  getAccountFields: [],
  getConnectorFields: [],
  getConnectorGrants: [],
  getAccountFlags: [],
  revokeConnectorGrant: [],
  getConnectorConsent: [],
  searchTeams: 'platformAdmin',
  userSwitch: 'platformAdmin',
  endUserSwitch: [],
  getPlanUsage: ['edit_billing'],
  getPlans: ['edit_billing'],
  getAddons: ['edit_billing'],
  estimatePlan: ['edit_billing'],
  estimateNextBillingAmount: ['edit_billing'],
  customizePlan: ['edit_billing'],
  updateSubscriptionWebhookStatus: ['edit_billing'],
  confirmCheckout: ['edit_billing'],
  dropCheckout: ['edit_billing'],
  updateCard: ['edit_billing'],
  getInvoices: ['edit_billing'],
  downloadInvoice: ['edit_billing'],
  getChurnReasons: ['edit_billing'],
  submitChurnFeedback: ['edit_billing'],
  cancelSubscription: ['edit_billing'],
  resumeSubscription: ['edit_billing'],
  submitBillingFeedback: ['edit_billing'],
  getStats: ['view_stats'],
};

type DataName = keyof typeof DATA_API;

/**
 * Who may call each data API endpoint, reviewed like ACCESS: the connector's servers with a
 * bearer token from a live grant holding the scope named here; never a session.
 */
const DATA_API_ACCESS: { [N in DataName]: { bearer: string } } = {
  connectors: { bearer: 'data.read' },
  accounts: { bearer: 'data.read' },
  schema: { bearer: 'data.read' },
  createJob: { bearer: 'data.read' },
  pollJob: { bearer: 'data.read' },
};

/** Endpoints whose sample names one of team A's objects: team B gets 404, not 2xx. */
const TEAM_A_OBJECT = new Set<Name>([
  'deleteAccount',
  'restoreAccount',
  'getAccountFields',
  'getConnectionResult',
  'getTeamUser',
  'updateTeamUser',
  'removeTeamUser',
  'getRole',
  'updateRole',
  'deleteRole',
  // Team A's role: another team cannot invite with it.
  'createInvitation',
  'resendInvitation',
  'revokeInvitation',
  // Sent to member A: anyone else is told it is not found.
  'acceptInvitation',
  'revokeClientLink',
  'askToReconnect',
  // Team A's invoice: another team's caller is told it is not found.
  'downloadInvoice',
  'revokeConnectorGrant',
  // Team A's checkout page: another team's caller is told it is not found.
  'confirmCheckout',
]);

/**
 * Routes under /api that a provider's server calls, not the browser: no session, their own
 * credentials. They are not contract endpoints; each refuses a caller without its credentials.
 */
const PROVIDER_ROUTES = [{ method: 'POST', url: BILLING_WEBHOOK_PATH }];

/** Endpoints that end the caller's own membership: a fresh member of the caller's team calls. */
const STAND_IN = new Set<Name>(['leaveTeam']);

/** Endpoints that only act during an admin user switch: other sessions get 409, changing nothing. */
const SWITCH_ONLY = new Set<Name>(['endUserSwitch']);

/** Listed in PLATFORM_ADMIN_EMAILS; a member of a team of their own, like anyone else. */
const PLATFORM_ADMIN = 'platform-admin@example.com';

/** Past the access check: 2xx, or 409 for a switch-only endpoint outside a switch. */
function expectAllowed(name: Name, response: { statusCode: number; body: string }) {
  if (SWITCH_ONLY.has(name)) {
    expect(response.statusCode, response.body).toBe(409);
    return;
  }
  expect(response.statusCode, response.body).toBeGreaterThanOrEqual(200);
  expect(response.statusCode).toBeLessThan(300);
}

const entries = Object.entries(ENDPOINTS) as Array<[Name, Endpoint]>;

describeEachDatabase('authorization matrix: every route and caller, no cross-team access', (db) => {
  let ctx: SandboxContext;
  let app: FastifyInstance;
  let identity: SandboxContext['identity'];
  let ownerA: SignedIn;
  let memberA: SignedIn;
  let ownerB: SignedIn;
  let platformAdmin: SignedIn;
  /** The demo-mode app's sandbox billing provider, and the official client on its API. */
  let billing: SandboxBilling;
  let provider: Chargebee;
  /** Team A's invoices at the provider. */
  let invoicesOfA: string[] = [];
  /** Every id and email of team A, seeded ones included: no row team B changes may name one. */
  const marksOfA: string[] = ['owner-a@example.com', 'member-a@example.com'];
  let uniques = 0;
  beforeAll(async () => {
    // The app listens, so billing's calls reach its sandbox billing provider.
    ctx = await startSandboxApp(db(), {
      env: {
        PLATFORM_ADMIN_EMAILS: PLATFORM_ADMIN,
        LOOKER_STUDIO_CLIENT_ID: 'matrix-connector',
        LOOKER_STUDIO_CLIENT_SECRET: 'matrix-connector-secret-0123456789abcdef',
        LOOKER_STUDIO_REDIRECT_URIS: 'http://localhost/matrix/usercallback',
      },
    });
    app = ctx.app;
    identity = ctx.identity;
    ({ billing, provider } = sandboxProvider(app));
    ownerA = await signIn(app, identity, 'owner-a@example.com');
    await addMember(db(), ownerA.team.id, 'member-a@example.com');
    memberA = await signIn(app, identity, 'member-a@example.com');
    ownerB = await signIn(app, identity, 'owner-b@example.com');
    platformAdmin = await signIn(app, identity, PLATFORM_ADMIN);
    marksOfA.push(ownerA.team.id, ownerA.user.id, memberA.user.id);
    // Every team has a paid plan (checked out and paid on the hosted page), so each billing
    // call has something to act on.
    for (const owner of [ownerA, ownerB, platformAdmin]) {
      await buyPlan(ctx, owner.cookie, {
        accounts: 25,
        users: 5,
        idempotencyKey: teamA.unique('matrix-subscribe'),
      });
    }
    const invoices = await callAt(ctx, ENDPOINTS.getInvoices, { cookie: ownerA.cookie });
    invoicesOfA = invoices.json().invoices.map((invoice) => invoice.id);
    marksOfA.push(...invoicesOfA.map((id) => `invoices/${id}.pdf`));
    // Room under the plan's limits for every member, invitation and account the samples add.
    await db()
      .updateTable('teams')
      .set({ user_limit: 1000, account_limit: 1000 })
      .where('id', '=', ownerA.team.id)
      .execute();
  });
  afterAll(() => app.close());

  /** Opens a checkout of the plan at the sandbox provider; answers its hosted page's address. */
  async function openCheckout(cookie: string, idempotencyKey: string) {
    const form = { period: 'month', accounts: 25, users: 5, addons: '', idempotencyKey };
    const checkout = await callAt(ctx, ENDPOINTS.customizePlan, { cookie, form });
    expect(checkout.statusCode, checkout.body).toBe(200);
    return checkout.json().hostedPageUrl;
  }

  const teamA: TeamAObjects = {
    async account(state) {
      const login = await seedLogin(db(), ownerA.team.id, { userId: ownerA.user.id, accounts: 1 });
      const id = login.accountIds[0] ?? '';
      if (state === 'deleted') {
        await db()
          .updateTable('data_source_accounts')
          .set({ deleted_at: new Date(), deleted_by: ownerA.user.id })
          .where('id', '=', id)
          .execute();
      }
      marksOfA.push(login.credentialId, id);
      return id;
    },
    connectionResult: () => seedConnectionResult(db(), memberA),
    async member() {
      const email = `${teamA.unique('matrix-member')}@example.com`;
      const { id } = await addMember(db(), ownerA.team.id, email);
      marksOfA.push(id, email);
      return id;
    },
    memberRole: () => roleId(db(), ownerA.team.id, 'Member'),
    async role() {
      const { id } = await db()
        .insertInto('roles')
        .values({
          team_id: ownerA.team.id,
          name: teamA.unique('Matrix role'),
          permissions: JSON.stringify({ view_stats: true }),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      marksOfA.push(id);
      return id;
    },
    async invitation(state) {
      const accepted = state === 'accepted by member A';
      const email = accepted
        ? 'member-a@example.com'
        : `${teamA.unique('matrix-invited')}@example.com`;
      const sent = await seedInvitation(db(), {
        teamId: ownerA.team.id,
        email,
        roleId: await teamA.memberRole(),
        accepted,
      });
      marksOfA.push(sent.id, email);
      return sent;
    },
    async credential() {
      const login = await seedLogin(db(), ownerA.team.id, { userId: ownerA.user.id, accounts: 0 });
      marksOfA.push(login.credentialId);
      return login.credentialId;
    },
    async clientLink() {
      const link = await seedClientLink(db(), { teamId: ownerA.team.id });
      marksOfA.push(link.id);
      return link;
    },
    async webhook() {
      // The secret is never opened here: no delivery runs in this suite.
      for (const owner of [ownerA, ownerB, platformAdmin]) {
        await db()
          .insertInto('team_webhooks')
          .values({
            team_id: owner.team.id,
            url: 'https://hooks.example.com/matrix',
            secret_enc: 'sealed',
            key_version: 'v1',
            created_at: new Date(),
            secret_rotated_at: new Date(),
          })
          .onConflict((oc) => oc.column('team_id').doNothing())
          .execute();
      }
    },
    async grant() {
      const grantId = `matrix-grant-${teamA.unique('g')}`;
      await db()
        .insertInto('connector_grants')
        .values({
          grant_id: grantId,
          team_id: ownerA.team.id,
          user_id: memberA.user.id,
          client_id: 'matrix-connector',
        })
        .execute();
      marksOfA.push(grantId);
      return grantId;
    },
    async consentRequest() {
      const url = new URLSearchParams({
        client_id: 'matrix-connector',
        redirect_uri: 'http://localhost/matrix/usercallback',
        response_type: 'code',
        scope: 'data.read',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
      });
      const started = await app.inject({
        method: 'GET',
        url: `/connector-oauth/auth?${url.toString()}`,
      });
      const location = started.headers.location ?? '';
      return String(location).split('/').at(-1) ?? '';
    },
    id: () => ownerA.team.id,
    invoice: () => invoicesOfA[0] ?? '',
    async checkout() {
      const url = await openCheckout(ownerA.cookie, teamA.unique('matrix-checkout'));
      return new URL(url).pathname.split('/').at(-1) ?? '';
    },
    async billing(state) {
      // The provider schedules or takes back the cancellation; its webhook updates the copy.
      for (const team of [ownerA.team.id, ownerB.team.id, platformAdmin.team.id]) {
        const { subscription } = await provider.subscription.retrieve(team);
        if (subscription.status === state) continue;
        if (state === 'non_renewing') {
          await provider.subscription.cancelForItems(team, { end_of_term: true });
        } else {
          await provider.subscription.removeScheduledCancellation(team);
        }
      }
      await billing.webhooksSettled();
      await db().deleteFrom('billing_feedback').execute();
    },
    unique(prefix) {
      uniques += 1;
      return `${prefix}-${uniques}`;
    },
  };

  /** Seeds what the sample names (before any "nothing changed" reading); answers its sender. */
  const prepare = async (name: Name) => {
    const entry = SAMPLE[name];
    const sample = typeof entry === 'function' ? await entry(teamA) : entry;
    // Each sample was type-checked against its own endpoint above; this one call serves all.
    return async (caller?: string) => {
      const cookie =
        caller && STAND_IN.has(name) ? await standIn(app, db(), identity, caller) : caller;
      const response = await call(
        app,
        ENDPOINTS[name] as Endpoint,
        { ...sample, cookie } as CallOptions<Endpoint>,
      );
      // A change at the provider reaches the app by webhook: it lands before the next reading.
      await billing.webhooksSettled();
      return response;
    };
  };

  /** Refused with 403, and no row changed anywhere. */
  const expectForbidden = async (name: Name, cookie: string) => {
    const send = await prepare(name);
    const before = await everyRow(db());
    const response = await send(cookie);
    expect(response.statusCode).toBe(403);
    expect(response.error()).toMatchObject({ code: 'FORBIDDEN' });
    expect(rowsChanged(before, await everyRow(db()))).toEqual({});
  };

  /** A caller from outside team A never sees its rows, nor changes or names them in any table. */
  const expectOutsider = async (name: Name, cookie: string) => {
    const send = await prepare(name);
    const before = await everyRow(db());
    const response = await send(cookie);
    const changed = rowsChanged(before, await everyRow(db()));
    if (TEAM_A_OBJECT.has(name)) {
      expect(response.statusCode).toBe(404);
      expect(response.error()).toMatchObject({ code: 'NOT_FOUND' });
      // Refused: no row changed anywhere, the caller's own (an audit entry) included.
      expect(changed).toEqual({});
    } else {
      expectAllowed(name, response);
    }
    expect(response.body).not.toContain(ownerA.team.id);
    expect(response.body).not.toContain('owner-a@example.com');
    expect(response.body).not.toContain('member-a@example.com');
    // What the request did change (the caller's own team, its session) names nothing of team A.
    const written = JSON.stringify(changed);
    for (const mark of marksOfA) expect(written).not.toContain(mark);
  };

  it('every contract endpoint is served, and every /api route is a contract endpoint', () => {
    const isProviderRoute = (r: { method: string; url: string }) =>
      PROVIDER_ROUTES.some((p) => p.method === r.method && p.url === r.url);
    const apiRoutes = registeredRoutes(app).filter(
      (r) => r.url.startsWith('/api') && r.method !== 'HEAD' && !isProviderRoute(r),
    );
    for (const route of PROVIDER_ROUTES) expect(registeredRoutes(app)).toContainEqual(route);
    const declared = [
      ...entries.map(([, e]) => `${e.method} ${e.path}`),
      ...Object.values(DATA_API).map((e) => `${e.method} ${e.path}`),
      ...Object.values(API_DOCUMENTS).map((e) => `${e.method} ${e.path}`),
    ];
    const served = apiRoutes.map((r) => `${r.method} ${r.url}`);
    expect([...served].sort()).toEqual([...declared].sort());
    expect(Object.keys(SAMPLE).sort()).toEqual(Object.keys(ENDPOINTS).sort());
  });

  it('every endpoint declares the access the reviewed table gives it', () => {
    const declared = Object.fromEntries(
      entries.map(([name, { access }]) => [
        name,
        access.kind === 'private' ? [...access.permissions].sort() : access.kind,
      ]),
    );
    const reviewed = Object.fromEntries(
      Object.entries(ACCESS).map(([name, access]) => [
        name,
        typeof access === 'string' ? access : [...access].sort(),
      ]),
    );
    expect(declared).toEqual(reviewed);
    const dataDeclared = Object.fromEntries(
      Object.entries(DATA_API).map(([name, { access }]) => [name, access]),
    );
    const dataReviewed = Object.fromEntries(
      Object.entries(DATA_API_ACCESS).map(([name, { bearer }]) => [
        name,
        { kind: 'connector', scope: bearer },
      ]),
    );
    expect(dataDeclared).toEqual(dataReviewed);
  });

  describe.each(entries)('%s', (name) => {
    // The expectations come from the reviewed table, never from the declaration under test.
    const reviewed = ACCESS[name];
    const access: Access =
      typeof reviewed === 'string'
        ? reviewed === 'public'
          ? { kind: 'public' }
          : { kind: 'platformAdmin' }
        : { kind: 'private', permissions: reviewed };
    if (access.kind === 'public') {
      it('is public: anonymous callers are served, neither refused nor failed', async () => {
        const response = await (await prepare(name))();
        expect([401, 403, 440]).not.toContain(response.statusCode);
        expect(response.statusCode, response.body).toBeLessThan(500);
      });
      return;
    }

    it('anonymous → 401', async () => {
      const response = await (await prepare(name))();
      expect(response.statusCode).toBe(401);
      expect(response.error()).toMatchObject({ code: 'UNAUTHENTICATED' });
    });

    if (access.kind === 'platformAdmin') {
      it('a member holding every permission → 403, nothing changed', async () => {
        await setPermissionsExcept(db(), memberA.user.id, []);
        await expectForbidden(name, memberA.cookie);
      });

      it('a member of another team → 403, nothing changed', async () => {
        await expectForbidden(name, ownerB.cookie);
      });

      it('a platform admin signed in as themselves → allowed', async () => {
        // A fresh session each time: a switch re-issues the session id it was called with.
        const admin = await signIn(app, identity, PLATFORM_ADMIN);
        const response = await (await prepare(name))(admin.cookie);
        expect(response.statusCode, response.body).toBeGreaterThanOrEqual(200);
        expect(response.statusCode).toBeLessThan(300);
      });
      return;
    }

    if (access.permissions.length > 0) {
      it(`member without ${access.permissions.join(', ')} → 403, nothing changed`, async () => {
        await setPermissionsExcept(db(), memberA.user.id, access.permissions);
        await expectForbidden(name, memberA.cookie);
      });
    }

    it('member holding the permissions → allowed', async () => {
      await setPermissionsExcept(db(), memberA.user.id, []);
      expectAllowed(name, await (await prepare(name))(memberA.cookie));
    });

    it("a member of another team never sees team A's rows, nor changes or names them in any table", async () => {
      await expectOutsider(name, ownerB.cookie);
    });

    it('a platform admin, not switched into team A, never sees, changes or names its rows', async () => {
      await expectOutsider(name, platformAdmin.cookie);
    });
  });

  // Provider callbacks: without their own credentials, refused whoever the caller is.
  describe.each(PROVIDER_ROUTES)('provider route $method $url', (route) => {
    it('refuses anonymous callers and members alike with 401, nothing changed', async () => {
      for (const cookie of [undefined, memberA.cookie, ownerA.cookie]) {
        const before = await everyRow(db());
        const response = await app.inject({
          method: route.method as 'POST',
          url: route.url,
          headers: {
            host: 'localhost:3000',
            'content-type': 'application/json',
            ...(cookie ? { cookie } : {}),
          },
          payload: JSON.stringify({ id: 'ev_x', occurred_at: 1, event_type: 'x', content: {} }),
        });
        expect(response.statusCode).toBe(401);
        expect(rowsChanged(before, await everyRow(db()))).toEqual({});
      }
    });
  });

  // The data API takes a connector's bearer token only: no session, whoever holds it.
  describe.each(Object.keys(DATA_API) as DataName[])('data API %s', (name) => {
    it('refuses anonymous callers, session cookies and tokens of no grant alike (401), changing nothing', async () => {
      const endpoint = DATA_API[name] as Endpoint;
      const sample = { params: { connector: 'x', jobId: 'x' }, query: { account: 'x' }, json: {} };
      const callers: Array<{ cookie?: string; bearer?: string }> = [
        {},
        { cookie: memberA.cookie },
        { cookie: platformAdmin.cookie },
        { bearer: 'x'.repeat(43) },
      ];
      // The authorization server makes its signing keys when a token is first looked up.
      await call(app, endpoint, { ...sample, bearer: 'y'.repeat(43) } as CallOptions<Endpoint>);
      for (const caller of callers) {
        const before = await everyRow(db());
        const response = await call(app, endpoint, {
          ...sample,
          ...caller,
        } as CallOptions<Endpoint>);
        expect(response.statusCode, response.body).toBe(401);
        expect(response.error()).toMatchObject({ code: 'UNAUTHENTICATED' });
        expect(response.headers['www-authenticate']).toContain('Bearer');
        expect(rowsChanged(before, await everyRow(db()))).toEqual({});
      }
    });
  });

  // Documents about the API: public to anyone, with or without a session or a unit header.
  describe.each(Object.entries(API_DOCUMENTS))('document %s', (_name, document) => {
    it('is served, answers 200 to anonymous and members alike without a unit header, sets no cookie', async () => {
      expect(registeredRoutes(app)).toContainEqual({ method: document.method, url: document.path });
      for (const cookie of [undefined, memberA.cookie]) {
        const response = await app.inject({
          method: document.method,
          url: document.path,
          headers: cookie ? { cookie } : {},
        });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.headers['set-cookie']).toBeUndefined();
      }
    });
  });

  // Probes outside /api: public to anyone, with or without a session or a unit header.
  describe.each(Object.entries(PROBES))('probe %s', (_name, probe) => {
    it('is served, answers 200 to anonymous, members and stale cookies alike, sets no cookie', async () => {
      expect(registeredRoutes(app)).toContainEqual({ method: probe.method, url: probe.path });
      for (const cookie of [undefined, memberA.cookie, `gds_session=${'a'.repeat(43)}`]) {
        const response = await app.inject({
          method: probe.method,
          url: probe.path,
          headers: cookie ? { cookie } : {},
        });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.headers['set-cookie']).toBeUndefined();
      }
    });
  });
});

/** A valid data API request for each endpoint, acting on the account and job it is given. */
const DATA_SAMPLE: {
  [N in DataName]: (of: { account: string; job: string }) => CallOptions<(typeof DATA_API)[N]>;
} = {
  connectors: () => ({}),
  accounts: () => ({ params: { connector: 'google-analytics' } }),
  schema: ({ account }) => ({ params: { connector: 'google-analytics' }, query: { account } }),
  createJob: ({ account }) => ({
    json: {
      account,
      fields: ['date'],
      dateRange: { startDate: '2026-01-01', endDate: '2026-01-01' },
    },
  }),
  pollJob: ({ job }) => ({ params: { jobId: job } }),
};

/** Data API endpoints whose sample names team A's account or job: team B's token gets 404. */
const DATA_TEAM_A_OBJECT = new Set<DataName>(['schema', 'createJob', 'pollJob']);

describeEachDatabase(
  'authorization matrix: the data API by bearer token, no cross-team access',
  (db) => {
    let ctx: DataApiContext;
    let tokenA: string;
    let tokenB: string;
    let account: string;
    let job: string;
    let teamA: string;
    beforeAll(async () => {
      ctx = await startDataApiApp(db());
      const ownerA = await signIn(ctx.app, ctx.identity, 'data-owner-a@example.com');
      teamA = ownerA.team.id;
      const ownerB = await signIn(ctx.app, ctx.identity, 'data-owner-b@example.com');
      account = (await seedReportLogin(db(), ownerA.team.id)).accountIds[0] ?? '';
      await seedReportLogin(db(), ownerB.team.id);
      tokenA = (await authorizeConnector(ctx, ownerA.cookie)).accessToken;
      tokenB = (await authorizeConnector(ctx, ownerB.cookie)).accessToken;
      const started = await call(ctx.app, DATA_API.createJob, {
        ...DATA_SAMPLE.createJob({ account, job: '' }),
        bearer: tokenA,
      });
      job = started.json().jobId;
    });
    afterAll(() => ctx.app.close());

    const send = (name: DataName, bearer: string) =>
      call(
        ctx.app,
        DATA_API[name] as Endpoint,
        {
          ...DATA_SAMPLE[name]({ account, job }),
          bearer,
        } as CallOptions<Endpoint>,
      );

    describe.each(Object.keys(DATA_API) as DataName[])('data API %s', (name) => {
      it('a token of a grant holding data.read → allowed', async () => {
        const response = await send(name, tokenA);
        expect(response.statusCode, response.body).toBe(200);
        response.json();
      });

      it("another team's token never sees team A's account or job, nor names them in any row", async () => {
        const before = await everyRow(db());
        const response = await send(name, tokenB);
        if (DATA_TEAM_A_OBJECT.has(name)) {
          expect(response.statusCode, response.body).toBe(404);
          expect(response.error()).toMatchObject({ code: 'NOT_FOUND' });
        } else {
          expect(response.statusCode, response.body).toBe(200);
        }
        // What the call did change (its own grant's last use) names nothing of team A.
        const written = JSON.stringify(rowsChanged(before, await everyRow(db())));
        for (const mark of [account, job, teamA]) {
          expect(response.body).not.toContain(mark);
          expect(written).not.toContain(mark);
        }
      });
    });
  },
);
