import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../../lib/app-store.ts';
import { appConfig, sessionUser, teamInfo } from '../../test/fixtures.ts';
import { mockApi } from '../../test/mock-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { resetStores } from '../../test/reset-stores.ts';

describe('Profile screen', () => {
  beforeEach(resetStores);

  it('is reached from the user menu and turns the credential warning digest off', async () => {
    const requests = mockApi({
      getConfig: { body: appConfig },
      getTeamInfo: { body: teamInfo({}) },
      getMailPreferences: { body: { credentialDigest: true } },
      updateMailPreferences: (req) => ({
        body: {
          credentialDigest: new URLSearchParams(req.body).get('credentialDigest') === 'true',
        },
      }),
    });
    useAppStore.getState().setUser(sessionUser({}));
    renderApp('/team');
    await userEvent.click(await screen.findByTestId('user-menu'));
    await userEvent.click(await screen.findByTestId('profile-item'));

    const toggle = await screen.findByTestId('credential-digest-toggle');
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    await waitFor(() => expect(toggle).toBeEnabled());
    const sent = requests.filter((r) => r.endpoint === 'updateMailPreferences');
    expect(sent).toHaveLength(1);
    expect(new URLSearchParams(sent[0]?.body).get('credentialDigest')).toBe('false');
  });
});
