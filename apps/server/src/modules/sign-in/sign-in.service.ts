import * as client from 'openid-client';
import { LOGIN_CALLBACK_PATH, toSingleLine } from '@gds/contract';
import type { BusinessUnit } from '@gds/contract';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { OauthStatesService } from '../oauth-states/oauth-states.service.ts';
import type { SessionService } from '../sessions/sessions.service.ts';
import type { TeamService } from '../team/team.service.ts';
import type { InvitationAcceptance } from '../invitations/invitation-accept.service.ts';
import { openWithState, sealWithState } from '../invitations/invitation-seal.ts';
import type { IdentityProvider } from './identity-provider.ts';

/** Sign-in state lives 10 minutes and is used at most once. */
export const LOGIN_STATE_TTL_MS = 10 * 60 * 1000;

export const LOGIN_MESSAGES = {
  stale: 'This sign-in link has expired or was already used. Please sign in again.',
  cancelled: 'Sign-in was cancelled. Please sign in again.',
  noEmail: 'Your account did not share a verified email address, so we cannot sign you in.',
} as const;

const loginFailed = (message: string) => new AppError('LOGIN_FAILED', message);

export function createSignInService(deps: {
  clock: Clock;
  states: OauthStatesService;
  sessions: SessionService;
  teams: TeamService;
  identity: IdentityProvider;
  invitations: InvitationAcceptance;
}) {
  const { states } = deps;

  return {
    /**
     * Starts sign-in for the caller's session (a pre-login one is made when there is none)
     * and answers the identity provider's address. `origin` is the app origin the browser is
     * on: the provider sends the browser back to its /login/callback.
     */
    async startLogin(input: {
      unit: BusinessUnit;
      origin: string;
      sessionToken: string | undefined;
      nextUrl: string | undefined;
      partnerKey: string | undefined;
      /** An invitation link's token: the sign-in joins its team (see completeLogin). */
      invitation?: string | undefined;
    }): Promise<{ authUri: string; sessionToken: string; newSession: boolean }> {
      const state = client.randomState();
      const nonce = client.randomNonce();
      const codeVerifier = client.randomPKCECodeVerifier();
      const redirectUri = `${input.origin}${LOGIN_CALLBACK_PATH}`;
      const authUri = await deps.identity.authorizationUrl({
        redirectUri,
        state,
        nonce,
        codeVerifier,
      });
      const sessionToken = input.sessionToken ?? (await deps.sessions.start(input.unit, null));
      const now = deps.clock();
      await states.issue(state, sessionToken, {
        purpose: 'login',
        business_unit: input.unit,
        code_verifier: codeVerifier,
        nonce,
        redirect_uri: redirectUri,
        next_url: input.nextUrl ?? null,
        partner_key: input.partnerKey || null,
        invitation_seal: input.invitation ? sealWithState(input.invitation, state) : null,
        created_at: now,
        expires_at: new Date(now.getTime() + LOGIN_STATE_TTL_MS),
      });
      return { authUri, sessionToken, newSession: input.sessionToken === undefined };
    },

    /**
     * Finishes sign-in. The state is checked and consumed before anything is sent to the
     * provider: a stale, reused or foreign state makes no token call. Answers the new
     * session (the pre-login one is ended) and where the app should go next. A sign-in that
     * carries an invitation must be made with the invited email: a new person then joins that
     * team straight away ('joined'); someone who already has a team is signed in to it and
     * confirms the move on the invitation page ('confirm').
     */
    async completeLogin(input: {
      unit: BusinessUnit;
      sessionToken: string | undefined;
      query: {
        state?: string | undefined;
        code?: string | undefined;
        error?: string | undefined;
      } & Record<string, unknown>;
    }): Promise<{
      sessionToken: string;
      userId: string;
      nextUrl: string | null;
      invitation: { outcome: 'joined' | 'confirm'; token: string; teamName: string } | null;
    }> {
      const { query } = input;
      if (!input.sessionToken || !query.state) throw loginFailed(LOGIN_MESSAGES.stale);
      const row = await states.consume(query.state, input.sessionToken, deps.clock(), 'login');
      if (!row || row.business_unit !== input.unit) throw loginFailed(LOGIN_MESSAGES.stale);
      if (query.error) throw loginFailed(LOGIN_MESSAGES.cancelled);
      if (!query.code) throw loginFailed(LOGIN_MESSAGES.stale);

      const callbackUrl = new URL(row.redirect_uri);
      for (const [key, value] of Object.entries(query)) {
        if (typeof value === 'string') callbackUrl.searchParams.set(key, value);
      }
      const claims = await deps.identity.exchange({
        callbackUrl,
        state: query.state,
        nonce: row.nonce,
        codeVerifier: row.code_verifier,
      });
      if (!claims.email || !claims.emailVerified) throw loginFailed(LOGIN_MESSAGES.noEmail);

      // The provider's names cannot be refused without refusing the person, so what a typed
      // name may not hold (control and text-direction characters) is removed instead.
      const firstName = toSingleLine(claims.givenName).trim();
      const lastName = toSingleLine(claims.familyName).trim();
      const name =
        toSingleLine(claims.name).trim() || [firstName, lastName].filter(Boolean).join(' ');
      const identity = {
        email: claims.email,
        firstName,
        lastName,
        name,
        image: claims.picture,
      };
      const token = row.invitation_seal
        ? openWithState(row.invitation_seal, query.state)
        : undefined;
      if (row.invitation_seal && !token) throw loginFailed(LOGIN_MESSAGES.stale);
      const invitation = token
        ? await deps.invitations.forSignIn(input.unit, token, claims.email)
        : undefined;
      const { userId, created } = await deps.teams.provisionUser(
        input.unit,
        identity,
        row.partner_key,
        invitation
          ? (tx) => deps.invitations.joinAsNewUser(tx, invitation, identity, input.unit)
          : undefined,
      );
      const sessionToken = await deps.sessions.rotate(input.sessionToken, input.unit, userId);
      return {
        sessionToken,
        userId,
        nextUrl: row.next_url,
        invitation: invitation
          ? {
              outcome: created ? 'joined' : 'confirm',
              token: invitation.token,
              teamName: invitation.teamName,
            }
          : null,
      };
    },

    async purgeStates(): Promise<void> {
      await states.purge(new Date(deps.clock().getTime() - LOGIN_STATE_TTL_MS));
    },
  };
}

export type SignInService = ReturnType<typeof createSignInService>;
