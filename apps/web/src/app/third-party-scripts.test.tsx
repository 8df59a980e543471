import { SKINS, type Skin } from '@gds/contract';
import { screen } from '@testing-library/react';
import type { Window as HappyWindow } from 'happy-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../lib/app-store.ts';
import { CHAT_SCRIPT_ELEMENT_ID } from '../lib/chat-widget-script.ts';
import { connectorConfig, groupedData } from '../test/data-source-fixtures.ts';
import { appConfig, sessionUser, teamInfo, teamUsersBody } from '../test/fixtures.ts';
import { mockApi } from '../test/mock-api.ts';
import { renderApp } from '../test/render-app.tsx';
import { resetStores } from '../test/reset-stores.ts';

const VENDOR = { scriptUrl: 'https://chat.vendor.test/widget.js', widgetId: 'w-42' };

// The test browser fetches no script from anywhere: a script "loads" or "fails" on request.
function scriptsWill(outcome: 'load' | 'fail') {
  const { settings } = (window as unknown as HappyWindow).happyDOM;
  settings.disableJavaScriptFileLoading = true;
  settings.handleDisabledFileLoadingAsSuccess = outcome === 'load';
}

function signedIn(config: Record<string, unknown>, skin: Skin) {
  useAppStore.getState().setUser(sessionUser({ edit_team: true }));
  mockApi({
    getConfig: { body: { config: { ...appConfig.config, ...config } } },
    getConnectorConfig: { body: connectorConfig() },
    getTeamInfo: { body: teamInfo({ edit_team: true }) },
    getTeamUsers: { body: teamUsersBody() },
    getGroupedData: { body: groupedData([]) },
  });
  return renderApp('/team', { skin });
}

const chatScripts = () => document.querySelectorAll(`script#${CHAT_SCRIPT_ELEMENT_ID}`);
const tagManagerScripts = () =>
  document.querySelectorAll('script[src^="https://www.googletagmanager.com/gtm.js"]');

beforeEach(async () => {
  await resetStores();
  scriptsWill('load');
});
afterEach(() => {
  document.head.querySelectorAll('script').forEach((script) => script.remove());
  // The data layer outlives a render (the page keeps it): each test starts without one.
  delete window.dataLayer;
  vi.unstubAllGlobals();
});

describe('the tag manager', () => {
  it('is not loaded while no tag id is configured', async () => {
    signedIn({ gTagId: '' }, SKINS.MEGALYTIC_GDS);
    await screen.findByRole('heading', { name: 'Acme Agency' });
    expect(tagManagerScripts()).toHaveLength(0);
    expect(window.dataLayer).not.toContainEqual(expect.objectContaining({ event: 'gtm.js' }));
  });

  it('is loaded once with the unit’s tag id when one is configured', async () => {
    const view = signedIn({ gTagId: 'GTM-TEST1' }, SKINS.RAVEN_GDS);
    await screen.findByRole('heading', { name: 'Acme Agency' });
    view.unmount();
    signedIn({ gTagId: 'GTM-TEST1' }, SKINS.RAVEN_GDS);
    await screen.findByRole('heading', { name: 'Acme Agency' });
    expect([...tagManagerScripts()].map((s) => s.getAttribute('src'))).toEqual([
      'https://www.googletagmanager.com/gtm.js?id=GTM-TEST1',
    ]);
  });
});

describe('the chat widget', () => {
  it('loads the configured vendor once on TapClicks, with the widget id, instead of the launcher', async () => {
    const view = signedIn({ chatWidget: VENDOR }, SKINS.TAPCLICKS_GDS);
    await screen.findByRole('heading', { name: 'Acme Agency' });
    view.unmount();
    signedIn({ chatWidget: VENDOR }, SKINS.TAPCLICKS_GDS);
    await screen.findByRole('heading', { name: 'Acme Agency' });

    const scripts = chatScripts();
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toHaveAttribute('src', VENDOR.scriptUrl);
    expect(scripts[0]).toHaveAttribute('data-widget-id', 'w-42');
    expect(screen.queryByRole('link', { name: /Chat with us/ })).not.toBeInTheDocument();
  });

  it('falls back to the launcher to the support email when the vendor script fails', async () => {
    scriptsWill('fail');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    signedIn({ chatWidget: VENDOR }, SKINS.TAPCLICKS_GDS);
    expect(await screen.findByRole('link', { name: /Chat with us/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:support@tapclicks\.com/),
    );
  });

  it('is the launcher to the support email when no vendor is configured', async () => {
    signedIn({}, SKINS.TAPCLICKS_GDS);
    expect(await screen.findByRole('link', { name: /Chat with us/ })).toHaveAttribute(
      'href',
      'mailto:support@tapclicks.com?subject=TapClicks%20support',
    );
    expect(chatScripts()).toHaveLength(0);
  });

  it.each([SKINS.MEGALYTIC_GDS, SKINS.RAVEN_GDS])('is never on $name', async (skin) => {
    signedIn({ chatWidget: VENDOR }, skin);
    await screen.findByRole('heading', { name: 'Acme Agency' });
    expect(chatScripts()).toHaveLength(0);
    expect(screen.queryByRole('link', { name: /Chat with us/ })).not.toBeInTheDocument();
  });
});
