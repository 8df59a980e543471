import type { BusinessUnit } from '@gds/contract';
import type { Config } from '../config/config.ts';
import { rateLimit } from '../http/rate-limit.ts';
import { createPlatformAdmins } from '../modules/admin/platform-admins.ts';
import { homeHandlers } from '../modules/home/home.routes.ts';
import type { InvitationAcceptance } from '../modules/invitations/invitation-accept.service.ts';
import { createOauthStatesService } from '../modules/oauth-states/oauth-states.service.ts';
import { createAuthenticate } from '../modules/sessions/authenticate.ts';
import { sessionCookieFor } from '../modules/sessions/session-cookie.ts';
import { createSessionService } from '../modules/sessions/sessions.service.ts';
import type { IdentityProvider, IdentitySettings } from '../modules/sign-in/identity-provider.ts';
import { GOOGLE_ISSUER, createIdentityProvider } from '../modules/sign-in/identity-provider.ts';
import { signInHandlers } from '../modules/sign-in/sign-in.routes.ts';
import { createSignInService } from '../modules/sign-in/sign-in.service.ts';
import { toSessionUser } from '../modules/team/team.mappers.ts';
import { createTeamService } from '../modules/team/team.service.ts';
import type { Gates } from '../http/route.ts';
import type { AppCore } from './app-core.ts';

/** Sessions, their cookie, the teams a sign-in makes, and who is asking on each request. */
export function wireSessions(core: AppCore) {
  const { config, db, clock } = core;
  const cookie = sessionCookieFor(config.publicUrl);
  const sessions = createSessionService({ db, clock, idleSeconds: config.sessionIdleSeconds });
  const teams = createTeamService({ db, clock, trialDays: config.trialDays });
  const platformAdmins = createPlatformAdmins({ emails: config.platformAdminEmails });
  const authenticate = createAuthenticate({
    sessions,
    cookie,
    toSessionUser,
    platformAdminOf: platformAdmins.of,
  });
  return { cookie, sessions, teams, authenticate };
}

export type SessionWiring = ReturnType<typeof wireSessions>;

/**
 * Signing in and out with the identity provider (Google, else the sandbox's), and the front
 * end's configuration and session answers.
 */
export function wireSignIn(
  core: AppCore,
  deps: {
    session: SessionWiring;
    acceptance: InvitationAcceptance;
    /** The sandbox identity provider's settings; used when Google is not configured. */
    sandboxIdentity: IdentitySettings | undefined;
    /** Lets tests observe or replace the identity provider. */
    wrapIdentity: ((provider: IdentityProvider) => IdentityProvider) | undefined;
    lookerStudioUrls: Readonly<Record<BusinessUnit, Readonly<Record<string, string>>>>;
  },
) {
  const { config, db, clock } = core;
  const { sessions, teams, cookie } = deps.session;
  const settings = identitySettings(config, deps.sandboxIdentity);
  const baseIdentity = settings ? createIdentityProvider(settings) : missingIdentity();
  const signIn = createSignInService({
    clock,
    states: createOauthStatesService(db),
    sessions,
    teams,
    identity: deps.wrapIdentity ? deps.wrapIdentity(baseIdentity) : baseIdentity,
    invitations: deps.acceptance,
  });
  // Sign-in start and callback share one per-IP budget, counted across all instances.
  const signInLimit = rateLimit(
    { db, clock },
    {
      bucket: 'sign-in',
      perMinute: config.rateLimitSignInPerMinute,
      message: 'Too many sign-in attempts. Please wait a minute and try again.',
    },
  );
  return {
    handlers: {
      ...homeHandlers({ config, sessions, lookerStudioUrls: deps.lookerStudioUrls }),
      ...signInHandlers({ config, signIn, sessions, teams, cookie }),
    },
    gates: { login: signInLimit, loginCallback: signInLimit } satisfies Gates,
    purges: [() => sessions.purge(), () => signIn.purgeStates()],
  };
}

/** Google when it is configured, else the sandbox identity provider (demo mode), else none. */
function identitySettings(
  config: Config,
  sandbox: IdentitySettings | undefined,
): IdentitySettings | undefined {
  if (config.google) {
    const { clientId, clientSecret } = config.google;
    return { kind: 'google', issuer: GOOGLE_ISSUER, clientId, clientSecret };
  }
  return sandbox;
}

/**
 * Neither Google nor demo mode. The settings refuse to start a server like that, so only an app
 * built in a test gets here, and such a test replaces the provider (wrapIdentity); signing in
 * through this one fails with the reason instead of building an app that cannot be built.
 */
function missingIdentity(): IdentityProvider {
  const refuse = () =>
    Promise.reject(new Error('Sign-in needs Google credentials or the sandbox (demo mode).'));
  return { kind: 'google', authorizationUrl: refuse, exchange: refuse };
}
