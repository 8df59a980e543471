import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../../../lib/app-store.ts';
import { appConfig, sessionUser, teamInfo } from '../../../test/fixtures.ts';
import { mockApi } from '../../../test/mock-api.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { resetStores } from '../../../test/reset-stores.ts';

describe('connector consent screen', () => {
  beforeEach(resetStores);

  it('names the connector and the team, and posts Allow or Cancel to the authorization server', async () => {
    const requests = mockApi({
      getConfig: { body: appConfig },
      getConnectorConfig: { body: {} },
      getTeamInfo: { body: teamInfo() },
      getConnectorConsent: {
        body: {
          client: { id: 'looker-studio', name: 'Looker Studio connector' },
          team: { name: 'Acme Agency' },
          action: '/connector-oauth/interaction/abc123def456/decision',
        },
      },
    });
    useAppStore.getState().setUser(sessionUser());
    renderApp('/connector-consent?uid=abc123def456');
    expect(await screen.findByTestId('consent-summary')).toHaveTextContent(
      'The Looker Studio connector wants to read the data of the Acme Agency team',
    );
    expect(requests.find((r) => r.endpoint === 'getConnectorConsent')?.query.get('uid')).toBe(
      'abc123def456',
    );
    const allow = screen.getByTestId('consent-allow');
    const form = allow.closest('form');
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/connector-oauth/interaction/abc123def456/decision');
    expect(allow).toHaveAttribute('name', 'decision');
    expect(allow).toHaveAttribute('value', 'allow');
    expect(screen.getByTestId('consent-cancel')).toHaveAttribute('value', 'cancel');
  });

  it('an expired request says to start again from Looker Studio', async () => {
    mockApi({
      getConfig: { body: appConfig },
      getConnectorConfig: { body: {} },
      getTeamInfo: { body: teamInfo() },
      getConnectorConsent: {
        status: 404,
        body: {
          error: { code: 'NOT_FOUND', message: 'This authorization request was not found.' },
        },
      },
    });
    useAppStore.getState().setUser(sessionUser());
    renderApp('/connector-consent?uid=abc123def456');
    expect(await screen.findByTestId('consent-expired')).toHaveTextContent(
      'Go back to Looker Studio and authorize the connector again.',
    );
    expect(screen.queryByTestId('consent-allow')).toBeNull();
  });

  it('signed out, asks to sign in and comes back to this request afterwards', async () => {
    const requests = mockApi({
      getConfig: { body: appConfig },
      getConnectorConfig: { body: {} },
      login: { body: { authUri: 'https://idp.test/authorize' } },
    });
    renderApp('/connector-consent?uid=abc123def456');
    await userEvent.click(await screen.findByTestId('consent-sign-in-button'));
    const login = requests.find((r) => r.endpoint === 'login');
    expect(login?.query.get('nextUrl')).toBe('ConnectorConsent');
    expect(useAppStore.getState().pendingAuth).toBe('uid=abc123def456');
  });
});
