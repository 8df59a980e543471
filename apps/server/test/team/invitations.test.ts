import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENDPOINTS } from '@gds/contract';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { addMember } from '../helpers/members.ts';
import { signIn } from '../helpers/sign-in.ts';
import type { SignedIn } from '../helpers/sign-in.ts';
import { call } from '../helpers/contract-call.ts';
import { auditOf, invite, outboxFor, roleId } from '../helpers/team-management.ts';
import { createTestApp, fakeIdentity } from '../helpers/test-app.ts';

const FULL =
  'Your plan has 5 of 5 users. Add users in Billing, or remove a member or a pending invitation.';

describeEachDatabase('invitations', (db) => {
  const identity = fakeIdentity();
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp(db(), { identity });
  });
  afterAll(() => app.close());

  const info = (token: string, cookie?: string) =>
    call(app, ENDPOINTS.getInvitationInfo, { query: { token }, cookie });
  const list = async (owner: SignedIn) =>
    (await call(app, ENDPOINTS.getInvitations, { cookie: owner.cookie })).json().invitations;
  const expire = (id: string) =>
    db()
      .updateTable('invitations')
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where('id', '=', id)
      .execute();

  it('invites: the link is answered once, only its hash is kept, the branded email is in the outbox', async () => {
    const owner = await signIn(app, identity, 'inviter@example.com');
    const sent = await invite(app, db(), owner, 'Ana@Agency.com', 'Admin');
    expect(sent.acceptUrl).toBe(`http://localhost:3000/invite/${sent.token}`);
    expect(sent.emailSent).toBe(true);
    expect(sent.invitation).toMatchObject({
      email: 'Ana@Agency.com',
      roleName: 'Admin',
      status: 'pending',
      invitedBy: { id: owner.user.id, email: 'inviter@example.com' },
    });
    const row = await db()
      .selectFrom('invitations')
      .selectAll()
      .where('id', '=', sent.invitation.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(createHash('sha256').update(sent.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(sent.token);
    expect(row.expires_at.getTime() - row.created_at.getTime()).toBe(7 * 24 * 60 * 60 * 1000);

    const [mail] = await outboxFor(db(), 'Ana@Agency.com');
    expect(mail).toMatchObject({
      business_unit: 'MEGALYTIC_GDS',
      mail_from: '"Megalytic" <support@megalytic.com>',
      subject: "inviter Tester invited you to join inviter's team on Megalytic",
    });
    expect(mail?.text_body).toContain(sent.acceptUrl);
    expect(mail?.text_body).toContain('as Admin');
    expect(mail?.html_body).toContain(`href="${sent.acceptUrl}"`);
    expect((await auditOf(db(), owner.team.id, 'invitation.create'))[0]?.details).toMatchObject({
      invitationId: sent.invitation.id,
      email: 'Ana@Agency.com',
      role: 'Admin',
    });
    expect(await list(owner)).toEqual([sent.invitation]);

    const page = await info(sent.token);
    expect(page.json()).toEqual({
      status: 'pending',
      teamName: "inviter's team",
      email: 'Ana@Agency.com',
      roleName: 'Admin',
      invitedByName: 'inviter Tester',
      expiresAt: sent.invitation.expiresAt,
      viewer: null,
    });
  });

  it('the link and the email carry the unit the inviter uses', async () => {
    const owner = await signIn(app, identity, 'raven-owner@example.com', 'RAVEN_GDS');
    const response = await call(app, ENDPOINTS.createInvitation, {
      cookie: owner.cookie,
      unit: 'RAVEN_GDS',
      form: { email: 'ravenite@example.com', roleId: await roleId(db(), owner.team.id, 'Member') },
    });
    expect(response.json().acceptUrl).toMatch(/^http:\/\/raven\.localhost:3000\/invite\//);
    const [mail] = await outboxFor(db(), 'ravenite@example.com');
    expect(mail?.subject).toContain('on Raven');
    expect(mail?.mail_from).toBe('"Raven" <support@raventools.com>');
    // A link of another unit names no invitation here.
    const token = response.json().acceptUrl.split('/invite/')[1] ?? '';
    expect((await info(token)).statusCode).toBe(404);
  });

  it('seats: invitations past the plan’s user limit are refused before any email goes', async () => {
    const owner = await signIn(app, identity, 'seats@example.com');
    await addMember(db(), owner.team.id, 'seat-member@example.com');
    const sent = [];
    for (const n of [1, 2, 3]) sent.push(await invite(app, db(), owner, `seat${n}@example.com`));
    const refused = await call(app, ENDPOINTS.createInvitation, {
      cookie: owner.cookie,
      form: { email: 'seat4@example.com', roleId: await roleId(db(), owner.team.id, 'Member') },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.error()).toEqual({ code: 'PLAN_LIMIT', message: FULL });
    expect(await outboxFor(db(), 'seat4@example.com')).toEqual([]);
    const rows = await db()
      .selectFrom('invitations')
      .select('id')
      .where('email', '=', 'seat4@example.com')
      .execute();
    expect(rows).toEqual([]);

    // An expired invitation holds no seat; resending it needs one again.
    await expire(sent[0]?.invitation.id ?? '');
    const users = await call(app, ENDPOINTS.getTeamUsers, { cookie: owner.cookie });
    expect(users.json()).toMatchObject({ seats: { members: 2, pendingInvitations: 2, limit: 5 } });
    await invite(app, db(), owner, 'seat4@example.com');
    const resend = await call(app, ENDPOINTS.resendInvitation, {
      cookie: owner.cookie,
      form: { id: sent[0]?.invitation.id ?? '' },
    });
    expect(resend.statusCode).toBe(409);
    expect(resend.error()).toEqual({ code: 'PLAN_LIMIT', message: FULL });

    // Revoking frees a seat.
    const revoked = await call(app, ENDPOINTS.revokeInvitation, {
      cookie: owner.cookie,
      query: { id: sent[1]?.invitation.id ?? '' },
    });
    expect(revoked.json()).toEqual({ success: true });
    expect(
      (
        await call(app, ENDPOINTS.resendInvitation, {
          cookie: owner.cookie,
          form: { id: sent[0]?.invitation.id ?? '' },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('a member or someone with a pending invitation is refused (409); an expired invitation is renewed, not duplicated', async () => {
    const owner = await signIn(app, identity, 'dupes@example.com');
    const memberRole = await roleId(db(), owner.team.id, 'Member');
    const self = await call(app, ENDPOINTS.createInvitation, {
      cookie: owner.cookie,
      form: { email: 'DUPES@example.com', roleId: memberRole },
    });
    expect(self.error()).toMatchObject({
      code: 'CONFLICT',
      message: 'DUPES@example.com is already a member of your team.',
    });
    const first = await invite(app, db(), owner, 'twice@example.com');
    const again = await call(app, ENDPOINTS.createInvitation, {
      cookie: owner.cookie,
      form: { email: 'Twice@Example.com', roleId: memberRole },
    });
    expect(again.statusCode).toBe(409);
    expect(again.error()).toMatchObject({ code: 'CONFLICT' });

    await expire(first.invitation.id);
    const renewed = await invite(app, db(), owner, 'twice@example.com', 'Admin');
    expect(renewed.invitation).toMatchObject({
      id: first.invitation.id,
      roleName: 'Admin',
      status: 'pending',
    });
    expect((await info(first.token)).statusCode).toBe(404);
    expect((await info(renewed.token)).json()).toMatchObject({
      status: 'pending',
      roleName: 'Admin',
    });
    expect(await list(owner)).toHaveLength(1);
  });

  it('resending makes a new link (the old one stops working); without email it only answers the link', async () => {
    const owner = await signIn(app, identity, 'resend@example.com');
    const sent = await invite(app, db(), owner, 'again@example.com');
    const resent = await call(app, ENDPOINTS.resendInvitation, {
      cookie: owner.cookie,
      form: { id: sent.invitation.id },
    });
    const body = resent.json();
    expect(body.emailSent).toBe(true);
    expect(body.acceptUrl).not.toBe(sent.acceptUrl);
    expect((await info(sent.token)).statusCode).toBe(404);
    expect(
      (await outboxFor(db(), 'again@example.com')).map((m) => m.text_body.includes(body.acceptUrl)),
    ).toEqual([false, true]);

    const copy = await call(app, ENDPOINTS.resendInvitation, {
      cookie: owner.cookie,
      form: { id: sent.invitation.id, sendEmail: 'false' },
    });
    const link = copy.json();
    expect(link.emailSent).toBe(false);
    expect(await outboxFor(db(), 'again@example.com')).toHaveLength(2);
    const token = link.acceptUrl.split('/invite/')[1] ?? '';
    expect((await info(token)).json()).toMatchObject({ status: 'pending' });
    expect((await auditOf(db(), owner.team.id, 'invitation.resend')).map((e) => e.details)).toEqual(
      [
        { invitationId: sent.invitation.id, email: 'again@example.com', emailed: true },
        { invitationId: sent.invitation.id, email: 'again@example.com', emailed: false },
      ],
    );
  });

  it('revoked and expired links say so; the list shows expired ones (to resend) but not revoked ones', async () => {
    const owner = await signIn(app, identity, 'dead@example.com');
    const revoked = await invite(app, db(), owner, 'revoked@example.com');
    const expired = await invite(app, db(), owner, 'expired@example.com');
    await call(app, ENDPOINTS.revokeInvitation, {
      cookie: owner.cookie,
      query: { id: revoked.invitation.id },
    });
    await expire(expired.invitation.id);
    expect((await info(revoked.token)).json()).toMatchObject({ status: 'revoked' });
    expect((await info(expired.token)).json()).toMatchObject({ status: 'expired' });
    expect((await list(owner)).map((i) => [i.email, i.status])).toEqual([
      ['expired@example.com', 'expired'],
    ]);
    const twice = await call(app, ENDPOINTS.revokeInvitation, {
      cookie: owner.cookie,
      query: { id: revoked.invitation.id },
    });
    expect(twice.statusCode).toBe(404);
    expect((await info('x'.repeat(43))).statusCode).toBe(404);
    expect((await info('short')).statusCode).toBe(400);
  });

  it('another team’s invitations are never listed, resent or revoked; its roles cannot be given', async () => {
    const owner = await signIn(app, identity, 'tenant-a@example.com');
    const other = await signIn(app, identity, 'tenant-b@example.com');
    const theirs = await invite(app, db(), other, 'their-invitee@example.com');
    expect(await list(owner)).toEqual([]);
    for (const response of [
      await call(app, ENDPOINTS.resendInvitation, {
        cookie: owner.cookie,
        form: { id: theirs.invitation.id },
      }),
      await call(app, ENDPOINTS.revokeInvitation, {
        cookie: owner.cookie,
        query: { id: theirs.invitation.id },
      }),
      await call(app, ENDPOINTS.createInvitation, {
        cookie: owner.cookie,
        form: { email: 'x@example.com', roleId: await roleId(db(), other.team.id, 'Member') },
      }),
    ]) {
      expect(response.statusCode).toBe(404);
    }
    expect((await info(theirs.token)).json()).toMatchObject({ status: 'pending' });
  });

  it('an Admin cannot invite someone as Super Admin (403), and nothing is sent', async () => {
    const owner = await signIn(app, identity, 'rank-owner@example.com');
    await addMember(db(), owner.team.id, 'rank-admin@example.com', 'Admin');
    const admin = await signIn(app, identity, 'rank-admin@example.com');
    const response = await call(app, ENDPOINTS.createInvitation, {
      cookie: admin.cookie,
      form: { email: 'boss@example.com', roleId: await roleId(db(), owner.team.id, 'Super Admin') },
    });
    expect(response.statusCode).toBe(403);
    expect(await outboxFor(db(), 'boss@example.com')).toEqual([]);
  });
});
