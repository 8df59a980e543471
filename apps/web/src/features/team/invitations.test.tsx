import type { Invitation } from '@gds/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useToastStore } from '../../lib/toast-store.ts';
import { daysFromNow } from '../../test/fixtures.ts';
import { resetStores } from '../../test/reset-stores.ts';
import { holdRequests, invitation, mockTeamApi, openTeam } from './test/team-fixtures.ts';

const MANAGE = { manage_members: true };
const LINK = 'http://localhost/invite/abcdefghijklmnopqrstuvwxyz012345';
const toasts = () => useToastStore.getState().toasts.map((t) => `${t.tone}: ${t.message}`);
const refusal = (status: number, code: string, message: string, field?: string) => ({
  status,
  body: { error: { code, message, ...(field ? { field } : {}) } },
});
const sentAnswer = (inv: Invitation, emailSent = true) => ({
  body: { invitation: inv, acceptUrl: LINK, emailSent },
});

async function openInviteDialog(permissions: Record<string, boolean> = MANAGE) {
  openTeam(permissions);
  const user = userEvent.setup();
  await waitFor(() => expect(screen.getByTestId('invite-member')).toBeEnabled());
  await user.click(screen.getByTestId('invite-member'));
  return { user, dialog: screen.getByRole('dialog', { name: 'Invite a member' }) };
}

describe('Invitations', () => {
  beforeEach(resetStores);

  it('invites once on a double click, then shows the link to copy and that the email went', async () => {
    const dana = invitation({
      id: 'inv-1',
      email: 'dana@acme.test',
      roleId: 'role-admin',
      roleName: 'Admin',
    });
    const requests = mockTeamApi(MANAGE, { createInvitation: sentAnswer(dana) });
    const slow = holdRequests('createInvitation');
    const { user, dialog } = await openInviteDialog();
    const role = within(dialog).getByRole('combobox', { name: 'Role' });
    expect(role).toHaveDisplayValue('Member');
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), ' dana@acme.test ');
    await user.selectOptions(role, 'Admin');
    const send = within(dialog).getByRole('button', { name: 'Send invitation' });
    await user.dblClick(send);
    expect(send).toBeDisabled();
    slow.release();

    const sent = await screen.findByRole('dialog', { name: 'Invitation sent' });
    expect(slow.sent()).toBe(1);
    const post = requests.find((r) => r.endpoint === 'createInvitation');
    expect(new URLSearchParams(post?.body)).toEqual(
      new URLSearchParams({ email: 'dana@acme.test', roleId: 'role-admin' }),
    );
    expect(within(sent).getByTestId('invitation-email-status')).toHaveTextContent(
      'We emailed dana@acme.test a link to join as Admin.',
    );
    expect(within(sent).getByRole('textbox', { name: 'Invitation link' })).toHaveValue(LINK);
    await user.click(within(sent).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(LINK);
    expect(within(sent).getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    await waitFor(() =>
      expect(requests.filter((r) => r.endpoint === 'getInvitations')).toHaveLength(2),
    );
  });

  it('says so when the email could not be sent', async () => {
    const dana = invitation({ id: 'inv-1', email: 'dana@acme.test' });
    mockTeamApi(MANAGE, { createInvitation: sentAnswer(dana, false) });
    const { user, dialog } = await openInviteDialog();
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Email' }),
      'dana@acme.test{Enter}',
    );

    const sent = await screen.findByRole('dialog', { name: 'Invitation ready to share' });
    expect(within(sent).getByTestId('invitation-email-status')).toHaveTextContent(
      'could not be sent. Copy the link and send it to them yourself.',
    );
  });

  it('checks the email beside the field before sending anything', async () => {
    const requests = mockTeamApi(MANAGE);
    const { user, dialog } = await openInviteDialog();
    const email = within(dialog).getByRole('textbox', { name: 'Email' });
    await user.type(email, 'dana at acme{Enter}');

    expect(email).toHaveAccessibleDescription(
      'Email must be an email address such as name@agency.com',
    );
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('shows a server refusal that names a field beside that field', async () => {
    mockTeamApi(MANAGE, {
      createInvitation: refusal(400, 'VALIDATION_FAILED', 'email: is not allowed here', 'email'),
    });
    const { user, dialog } = await openInviteDialog();
    const email = within(dialog).getByRole('textbox', { name: 'Email' });
    await user.type(email, 'dana@acme.test{Enter}');
    await waitFor(() => expect(email).toHaveAccessibleDescription('Email is not allowed here'));
  });

  it('a full plan names Billing to those who manage it', async () => {
    const permissions = { ...MANAGE, edit_billing: true };
    mockTeamApi(permissions, {
      createInvitation: refusal(409, 'PLAN_LIMIT', 'Your plan has no free seat.'),
    });
    const { user, dialog } = await openInviteDialog(permissions);
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Email' }),
      'dana@acme.test{Enter}',
    );

    const error = await within(dialog).findByTestId('invite-error');
    expect(error).toHaveTextContent('Your plan has no free seat.');
    expect(within(error).getByRole('link', { name: 'Billing' })).toHaveAttribute(
      'href',
      '/billing',
    );
  });

  it('a full plan tells others to ask someone who manages billing', async () => {
    mockTeamApi(MANAGE, {
      createInvitation: refusal(409, 'PLAN_LIMIT', 'Your plan has no free seat.'),
    });
    const { user, dialog } = await openInviteDialog();
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Email' }),
      'dana@acme.test{Enter}',
    );
    expect(await within(dialog).findByTestId('invite-error-hint')).toHaveTextContent(
      'Ask someone who manages billing to add seats',
    );
  });

  it('an ended trial names Billing, where a plan is chosen', async () => {
    const permissions = { ...MANAGE, edit_billing: true };
    const message = 'Your trial has ended. Choose a plan in Billing to invite more people.';
    mockTeamApi(permissions, {
      createInvitation: refusal(402, 'SUBSCRIPTION_INACTIVE', message),
    });
    const { user, dialog } = await openInviteDialog(permissions);
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Email' }),
      'dana@acme.test{Enter}',
    );
    const error = await within(dialog).findByTestId('invite-error');
    expect(error).toHaveTextContent(message);
    expect(within(error).getByTestId('plan-refusal-hint')).toHaveTextContent(
      'Go to Billing to choose a plan to invite people again.',
    );
    expect(within(error).getByRole('link', { name: 'Billing' })).toHaveAttribute(
      'href',
      '/billing',
    );
  });

  it('someone already invited: the refusal says where to look', async () => {
    mockTeamApi(MANAGE, {
      createInvitation: refusal(
        409,
        'CONFLICT',
        'dana@acme.test already has a pending invitation.',
      ),
    });
    const { user, dialog } = await openInviteDialog();
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Email' }),
      'dana@acme.test{Enter}',
    );
    const error = await within(dialog).findByTestId('invite-error');
    expect(error).toHaveTextContent('dana@acme.test already has a pending invitation.');
    expect(error).toHaveTextContent('resend their invitation from Pending invitations');
  });

  it('lists pending and expired invitations; Resend shows the new link, Revoke removes it', async () => {
    const pending = invitation({ id: 'inv-1', email: 'dana@acme.test' });
    const expired = invitation({
      id: 'inv-2',
      email: 'eve@acme.test',
      status: 'expired',
      expiresAt: daysFromNow(-2),
    });
    const requests = mockTeamApi(MANAGE, {
      getInvitations: { body: { invitations: [pending, expired] } },
      resendInvitation: sentAnswer({
        ...expired,
        status: 'pending',
        expiresAt: daysFromNow(7),
      }),
      revokeInvitation: { body: { success: true } },
    });
    openTeam(MANAGE);
    const user = userEvent.setup();
    const [first, second] = await screen.findAllByTestId('invitation-row');
    expect(first).toHaveTextContent('dana@acme.testby Ann LeeMember');
    expect(within(first as HTMLElement).getByText('in 6 days')).toBeInTheDocument();
    expect(within(second as HTMLElement).getByText('Expired')).toBeInTheDocument();
    expect(within(second as HTMLElement).getByText('2 days ago')).toBeInTheDocument();

    await user.click(within(second as HTMLElement).getByRole('button', { name: 'Resend' }));
    const sent = await screen.findByRole('dialog', { name: 'Invitation sent' });
    expect(within(sent).getByRole('textbox', { name: 'Invitation link' })).toHaveValue(LINK);
    await user.click(within(sent).getByRole('button', { name: 'Done' }));
    const resend = requests.find((r) => r.endpoint === 'resendInvitation');
    expect(resend?.body).toBe('id=inv-2');

    await user.click(
      screen.getByRole('button', { name: 'Revoke the invitation to dana@acme.test' }),
    );
    await waitFor(() =>
      expect(toasts()).toContain('success: The invitation to dana@acme.test was revoked'),
    );
    const revoke = requests.find((r) => r.endpoint === 'revokeInvitation');
    expect(revoke?.query.get('id')).toBe('inv-1');
  });

  it('Copy link makes a new link and copies it', async () => {
    const pending = invitation({ id: 'inv-1', email: 'dana@acme.test' });
    mockTeamApi(MANAGE, {
      getInvitations: { body: { invitations: [pending] } },
      resendInvitation: sentAnswer(pending),
    });
    openTeam(MANAGE);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Copy link' }));

    await waitFor(() =>
      expect(toasts()).toContain(
        'success: A new link for dana@acme.test was copied and emailed. The old one no longer works.',
      ),
    );
    expect(await navigator.clipboard.readText()).toBe(LINK);
  });
});
