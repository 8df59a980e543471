import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../../lib/app-store.ts';
import { useToastStore } from '../../lib/toast-store.ts';
import { profileUser, signedInRoutes, team, teamInfo } from '../../test/fixtures.ts';
import { INVITE_TOKEN, invitationInfo, viewer } from '../../test/invitation-fixtures.ts';
import { mockApi } from '../../test/mock-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { resetStores } from '../../test/reset-stores.ts';

function mockCallback(invitation: { outcome: 'joined' | 'confirm'; token: string } | null) {
  return mockApi({
    ...signedInRoutes({ body: teamInfo({ manage_data_sources: true }) }),
    loginCallback: {
      body: {
        success: true,
        user: profileUser({ manage_data_sources: true }),
        team,
        nextUrl: 'Billing',
        invitation: invitation && { ...invitation, teamName: 'Northwind Media' },
      },
    },
    getInvitationInfo: { body: invitationInfo({ viewer: viewer() }) },
  });
}

describe('sign-in that carried an invitation', () => {
  beforeEach(async () => {
    await resetStores();
    useAppStore.getState().setNextUrl('Billing');
  });

  it('joined: goes to Team, not the remembered screen, with "You joined {team}"', async () => {
    mockCallback({ outcome: 'joined', token: INVITE_TOKEN });
    const app = renderApp('/login/callback?code=abc&state=xyz');
    await waitFor(() => expect(app.location()).toBe('/team'));
    expect(useToastStore.getState().toasts.map((t) => t.message)).toContain(
      'You joined Northwind Media',
    );
    expect(useAppStore.getState()).toMatchObject({ isLoggedIn: true, nextUrl: null });
  });

  it('confirm: goes to the invitation to confirm the move', async () => {
    mockCallback({ outcome: 'confirm', token: INVITE_TOKEN });
    const app = renderApp('/login/callback?code=abc&state=xyz');
    await waitFor(() => expect(app.location()).toBe(`/invite/${INVITE_TOKEN}`));
    expect(await screen.findByRole('button', { name: 'Join Northwind Media' })).toBeEnabled();
    expect(useToastStore.getState().toasts).toEqual([]);
  });
});
