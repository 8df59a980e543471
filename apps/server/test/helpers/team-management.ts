import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { ENDPOINTS, INVITATION_PATH_PREFIX } from '@gds/contract';
import type { BusinessUnit, ResponseOf } from '@gds/contract';
import path from 'node:path';
import { openKeyRing } from '../../src/crypto/key-ring.ts';
import type { Db } from '../../src/db/database.ts';
import { openOutboxBody } from '../../src/modules/mail/outbox-seal.ts';
import { hashToken, newToken } from '../../src/modules/sessions/session-token.ts';
import { call } from './contract-call.ts';
import { signIn } from './sign-in.ts';
import type { FakeIdentity } from './test-app.ts';
import { sessionCookieOf, testConfig } from './test-app.ts';

export type Sent = ResponseOf<typeof ENDPOINTS.createInvitation>;

/** The role of a team by name (the built-in ones and the defaults exist in every team). */
export async function roleId(db: Db, teamId: string, name: string): Promise<string> {
  const row = await db
    .selectFrom('roles')
    .select('id')
    .where('team_id', '=', teamId)
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Invites `email` with a role of the caller's team; expects it to be created. */
export async function invite(
  app: FastifyInstance,
  db: Db,
  who: { cookie: string; team: { id: string } },
  email: string,
  roleName = 'Member',
): Promise<Sent & { token: string }> {
  const response = await call(app, ENDPOINTS.createInvitation, {
    cookie: who.cookie,
    form: { email, roleId: await roleId(db, who.team.id, roleName) },
  });
  expect(response.statusCode, response.body).toBe(200);
  const sent = response.json();
  return { ...sent, token: tokenOf(sent.acceptUrl) };
}

/** The token at the end of an accept link (…/invite/<token>). */
export function tokenOf(acceptUrl: string): string {
  const path = new URL(acceptUrl).pathname;
  expect(path.startsWith(INVITATION_PATH_PREFIX)).toBe(true);
  return path.slice(INVITATION_PATH_PREFIX.length);
}

/**
 * Sign-in started from an invitation link, through the fake identity provider as `email`.
 * Answers the callback's response (a failed sign-in is a 400 to inspect).
 */
export async function signInWithInvitation(
  app: FastifyInstance,
  identity: FakeIdentity,
  token: string,
  email: string,
  unit: BusinessUnit = 'MEGALYTIC_GDS',
) {
  const start = await call(app, ENDPOINTS.login, {
    query: { nextUrl: 'Team' },
    form: { invitation: token },
    unit,
  });
  expect(start.statusCode, start.body).toBe(200);
  const state = new URL(start.json().authUri).searchParams.get('state') ?? '';
  identity.claims = { email, givenName: email.split('@')[0] ?? '', familyName: 'Invitee' };
  const response = await call(app, ENDPOINTS.loginCallback, {
    query: { code: 'ok', state },
    cookie: sessionCookieOf(start),
    unit,
  });
  return { response, cookie: sessionCookieOf(response) };
}

/** The log of a team, oldest first (optionally one action). */
export function auditOf(db: Db, teamId: string, action?: string) {
  return db
    .selectFrom('audit_log')
    .selectAll()
    .where('team_id', '=', teamId)
    .$if(action !== undefined, (q) => q.where('action', '=', action ?? ''))
    .orderBy('id')
    .execute();
}

/**
 * Messages the demo outbox kept for an address, their bodies opened with the test servers' key
 * (stored, they are sealed).
 */
export async function outboxFor(db: Db, to: string) {
  const cipher = openKeyRing(undefined, path.join(testConfig().dataDir, 'keys'));
  const rows = await db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('mail_to', '=', to)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    ...row,
    text_body: openOutboxBody(cipher, row.mail_to, 'text', row.text_body),
    html_body: openOutboxBody(cipher, row.mail_to, 'html', row.html_body),
  }));
}

/** An invitation of the team to `email` with a role, pending or already accepted. */
export async function seedInvitation(
  db: Db,
  invitation: { teamId: string; email: string; roleId: string; accepted?: boolean },
): Promise<{ id: string; token: string }> {
  const token = newToken();
  const now = new Date();
  const row = await db
    .insertInto('invitations')
    .values({
      team_id: invitation.teamId,
      email: invitation.email,
      role_id: invitation.roleId,
      token_hash: hashToken(token),
      invited_by: null,
      created_at: now,
      expires_at: new Date(now.getTime() + 24 * 60 * 60 * 1000),
      accepted_at: invitation.accepted ? now : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, token };
}

/**
 * A fresh member of the team `cookie` signs in to, signed in: the matrix calls endpoints that
 * end the caller's own membership (leaving) as them, so its members stay for the other rows.
 */
export async function standIn(
  app: FastifyInstance,
  db: Db,
  identity: FakeIdentity,
  cookie: string,
): Promise<string> {
  const info = await call(app, ENDPOINTS.getTeamInfo, { cookie });
  const teamId = info.json().team.id;
  const email = `stand-in-${newToken().slice(0, 8).toLowerCase()}@example.com`;
  await db
    .insertInto('users')
    .values({
      business_unit: 'MEGALYTIC_GDS',
      email,
      team_id: teamId,
      role_id: await roleId(db, teamId, 'Member'),
    })
    .execute();
  return (await signIn(app, identity, email)).cookie;
}
