import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TeamWebhook, WebhookDelivery } from '@gds/contract';
import { resetStores } from '../../test/reset-stores.ts';
import { mockTeamApi, openTeam } from './test/team-fixtures.ts';

const EDIT = { edit_team: true };
const HOOK: TeamWebhook = {
  url: 'https://hooks.example.com/in',
  createdAt: '2026-03-14T10:00:00.000Z',
  secretRotatedAt: '2026-03-14T10:00:00.000Z',
};
const FAILING: WebhookDelivery = {
  id: 'd1',
  kind: 'revoked',
  credentialName: 'ana@example.com',
  status: 'pending',
  attempts: 2,
  httpStatus: 503,
  durationMs: 120,
  error: 'The webhook answered HTTP 503.',
  createdAt: '2026-03-14T10:00:00.000Z',
  lastAttemptAt: '2026-03-14T10:01:00.000Z',
  nextAttemptAt: '2026-03-14T10:05:00.000Z',
};

describe('Team webhook', () => {
  beforeEach(resetStores);

  it('is offered only to members who may edit the team', async () => {
    mockTeamApi({});
    openTeam({});
    await screen.findByRole('tab', { name: 'Members' });
    expect(screen.queryByRole('tab', { name: 'Webhook' })).not.toBeInTheDocument();
  });

  it('setting the address shows the signing secret once, to copy', async () => {
    const requests = mockTeamApi(EDIT, {
      getTeamWebhook: { body: { webhook: null, deliveries: [], maxAttempts: 8 } },
      saveTeamWebhook: { body: { webhook: HOOK, secret: 'whsec_shown-once' } },
    });
    openTeam(EDIT, '/team?section=webhook');
    const user = userEvent.setup();
    await user.type(await screen.findByTestId('webhook-url'), HOOK.url);
    await user.click(screen.getByTestId('webhook-save'));
    const notice = await screen.findByTestId('webhook-secret');
    expect(notice).toHaveTextContent('whsec_shown-once');
    expect(notice).toHaveTextContent('it is not shown again');
    expect(within(notice).getByTestId('webhook-secret-copy')).toBeInTheDocument();
    expect(requests.find((r) => r.endpoint === 'saveTeamWebhook')?.body).toBe(
      new URLSearchParams({ url: HOOK.url }).toString(),
    );
  });

  it('shows a refused address with the reason, and the delivery log with each attempt', async () => {
    mockTeamApi(EDIT, {
      getTeamWebhook: { body: { webhook: HOOK, deliveries: [FAILING], maxAttempts: 8 } },
      saveTeamWebhook: {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'The webhook address must start with https://.',
            field: 'url',
          },
        },
      },
    });
    openTeam(EDIT, '/team?section=webhook');
    const log = await screen.findByRole('region', { name: 'Deliveries' });
    expect(within(log).getAllByTestId('webhook-delivery')).toHaveLength(1);
    expect(log).toHaveTextContent('Retrying');
    expect(log).toHaveTextContent('503');
    expect(log).toHaveTextContent('120 ms');
    expect(log).toHaveTextContent('2/8');
    expect(log).toHaveTextContent('The webhook answered HTTP 503.');
    const user = userEvent.setup();
    await user.click(screen.getByTestId('webhook-save'));
    expect(await screen.findByRole('alert')).toHaveTextContent('must start with https://');
    expect(screen.getByRole('button', { name: 'Send test event' })).toBeInTheDocument();
  });

  it('says when the webhook could not be loaded, and tries again', async () => {
    const requests = mockTeamApi(EDIT, {
      getTeamWebhook: {
        status: 500,
        body: { error: { code: 'INTERNAL', message: 'Something went wrong on our side.' } },
      },
    });
    openTeam(EDIT, '/team?section=webhook');
    expect(await screen.findByText('The webhook could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Something went wrong on our side.')).toBeInTheDocument();
    const asked = requests.filter((r) => r.endpoint === 'getTeamWebhook').length;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(requests.filter((r) => r.endpoint === 'getTeamWebhook').length).toBe(asked + 1),
    );
  });
});
