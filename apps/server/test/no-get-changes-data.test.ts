import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENDPOINTS } from '@gds/contract';
import type { Endpoint } from '@gds/contract';
import { call } from './helpers/contract-call.ts';
import type { CallOptions } from './helpers/contract-call.ts';
import { describeEachDatabase } from './helpers/each-database.ts';
import { everyRow, rowsChanged } from './helpers/every-row.ts';
import { seedClientConnectionResult, seedClientLink } from './helpers/client-links.ts';
import { seedConnectionResult, seedLogin, startSandboxApp } from './helpers/connections.ts';
import { signIn } from './helpers/sign-in.ts';
import type { SignedIn } from './helpers/sign-in.ts';
import { roleId, seedInvitation } from './helpers/team-management.ts';

/**
 * The GETs allowed to change data, by name, nothing else: the sign-in callback consumes its
 * single-use state (docs/adr/0002), and starting a connection makes one (docs/adr/0008).
 */
const EXEMPT = new Set<string>([ENDPOINTS.loginCallback.name, ENDPOINTS.startConnection.name]);

describeEachDatabase('no GET changes data', (db) => {
  let app: FastifyInstance;
  let owner: SignedIn;
  /** A valid query for the GETs that take one, so their answering path is read too. */
  let queries: Record<string, Record<string, string>>;
  /** A cookie a GET needs besides the session (the client's browser for its result). */
  let cookies: Record<string, string>;
  /** The path parameters of the GETs that name an object (an account, a connector). */
  let params: Record<string, Record<string, string>>;
  beforeAll(async () => {
    // A platform admin, so /admin's search is read too. The app listens, so billing's reads
    // reach the sandbox billing provider.
    const ctx = await startSandboxApp(db(), {
      env: {
        PLATFORM_ADMIN_EMAILS: 'reader@example.com',
        LOOKER_STUDIO_CLIENT_ID: 'reader-connector',
        LOOKER_STUDIO_CLIENT_SECRET: 'reader-connector-secret-0123456789abcdef',
        LOOKER_STUDIO_REDIRECT_URIS: 'http://localhost/reader/usercallback',
      },
    });
    app = ctx.app;
    owner = await signIn(app, ctx.identity, 'reader@example.com');
    const login = await seedLogin(db(), owner.team.id, { userId: owner.user.id });
    params = {
      [ENDPOINTS.getAccountFields.name]: { accountId: login.accountIds[0] ?? '' },
      [ENDPOINTS.getConnectorFields.name]: { connectorId: '1' },
    };
    const memberRole = await roleId(db(), owner.team.id, 'Member');
    const invitation = await seedInvitation(db(), {
      teamId: owner.team.id,
      email: 'invited@example.com',
      roleId: memberRole,
    });
    // A pending connector authorization, so the consent screen's details are read too.
    const authorize = await app.inject({
      method: 'GET',
      url: `/connector-oauth/auth?${new URLSearchParams({
        client_id: 'reader-connector',
        redirect_uri: 'http://localhost/reader/usercallback',
        response_type: 'code',
        scope: 'data.read',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
      }).toString()}`,
    });
    const consentUid =
      String(authorize.headers.location ?? '')
        .split('/')
        .at(-1) ?? '';
    const clientLink = await seedClientLink(db(), { teamId: owner.team.id });
    const clientResult = await seedClientConnectionResult(db(), owner.team.id);
    cookies = { [ENDPOINTS.getClientConnectionResult.name]: clientResult.cookie };
    queries = {
      [ENDPOINTS.getClientLinkInfo.name]: { token: clientLink.token },
      [ENDPOINTS.getClientConnectionResult.name]: { id: clientResult.id },
      [ENDPOINTS.getConnectorConsent.name]: { uid: consentUid },
      [ENDPOINTS.getConnectionResult.name]: { id: await seedConnectionResult(db(), owner) },
      [ENDPOINTS.getConnectorConfig.name]: { all: 'true' },
      [ENDPOINTS.getTeamUser.name]: { user_email: 'reader@example.com' },
      [ENDPOINTS.getRole.name]: { role_id: memberRole },
      [ENDPOINTS.getInvitationInfo.name]: { token: invitation.token },
      [ENDPOINTS.searchTeams.name]: { q: 'reader' },
      [ENDPOINTS.getStats.name]: { from: '2026-01-01', to: '2026-01-31', timeZone: 'UTC' },
    };
  });
  afterAll(() => app.close());

  it('every GET endpoint, signed in and signed out, leaves every table as it was', async () => {
    const gets = Object.values(ENDPOINTS as Record<string, Endpoint>).filter(
      (e) => e.method === 'GET' && !EXEMPT.has(e.name),
    );
    expect(gets.length).toBeGreaterThan(3);
    const before = await everyRow(db());
    const served = new Set<string>();
    for (const endpoint of gets) {
      // With a valid query and without one: a GET refused as invalid changes nothing either.
      for (const query of [queries[endpoint.name], undefined]) {
        for (const session of [owner.cookie, undefined]) {
          const cookie = [session, cookies[endpoint.name]].filter(Boolean).join('; ') || undefined;
          const path = params[endpoint.name];
          const options = {
            cookie,
            ...(query ? { query } : {}),
            ...(path ? { params: path } : {}),
          } as CallOptions<Endpoint>;
          const response = await call(app, endpoint, options);
          expect(response.statusCode, `${endpoint.name}: ${response.body}`).toBeLessThan(500);
          if (response.statusCode === 200) served.add(endpoint.name);
        }
      }
    }
    // Each GET answered at least once: the test read what a real call reads.
    expect([...served].sort()).toEqual(gets.map((e) => e.name).sort());
    expect(rowsChanged(before, await everyRow(db()))).toEqual({});
  });
});
