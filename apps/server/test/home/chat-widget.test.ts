import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@gds/contract';
import type { BusinessUnit } from '@gds/contract';
import { ConfigError, loadConfig } from '../../src/config/config.ts';
import { call } from '../helpers/contract-call.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { createTestApp, testConfig } from '../helpers/test-app.ts';

const SCRIPT_URL = 'https://widget.chat-vendor.example/loader.js';

const configError = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
};

describe('chat widget settings', () => {
  it('are off unless the script is set; the id alone is refused', () => {
    expect(loadConfig({}).chatWidget).toBeUndefined();
    expect(
      loadConfig({ CHAT_WIDGET_SCRIPT_URL: SCRIPT_URL, CHAT_WIDGET_ID: 'w-42' }).chatWidget,
    ).toEqual({ scriptUrl: SCRIPT_URL, widgetId: 'w-42' });
    expect(loadConfig({ CHAT_WIDGET_SCRIPT_URL: SCRIPT_URL }).chatWidget).toEqual({
      scriptUrl: SCRIPT_URL,
      widgetId: '',
    });
    expect(configError({ CHAT_WIDGET_ID: 'w-42' })).toMatch(/^CHAT_WIDGET_SCRIPT_URL: required/);
  });

  it('take the script only over https (http only from this machine) and a plain id', () => {
    expect(configError({ CHAT_WIDGET_SCRIPT_URL: 'http://chat.example.com/x.js' })).toMatch(
      /^CHAT_WIDGET_SCRIPT_URL: must be an https:\/\/ URL/,
    );
    expect(configError({ CHAT_WIDGET_SCRIPT_URL: 'javascript:alert(1)' })).toMatch(
      /^CHAT_WIDGET_SCRIPT_URL:/,
    );
    expect(
      loadConfig({ CHAT_WIDGET_SCRIPT_URL: 'http://chat.localhost:4000/x.js' }).chatWidget,
    ).toMatchObject({ scriptUrl: 'http://chat.localhost:4000/x.js' });
    expect(
      configError({ CHAT_WIDGET_SCRIPT_URL: SCRIPT_URL, CHAT_WIDGET_ID: '"><script>' }),
    ).toMatch(/^CHAT_WIDGET_ID:/);
  });
});

describeEachDatabase('chat widget answer and CSP', (db) => {
  let plain: FastifyInstance;
  let chat: FastifyInstance;
  beforeAll(async () => {
    plain = await createTestApp(db());
    chat = await createTestApp(db(), {
      config: testConfig({ CHAT_WIDGET_SCRIPT_URL: SCRIPT_URL, CHAT_WIDGET_ID: 'w-42' }),
    });
  });
  afterAll(async () => {
    await plain.close();
    await chat.close();
  });

  const chatWidgetOf = async (app: FastifyInstance, unit: BusinessUnit) =>
    (await call(app, ENDPOINTS.getConfig, { unit })).json().config.chatWidget;

  it('getConfig answers the vendor only to the unit with a chat widget', async () => {
    expect(await chatWidgetOf(chat, 'TAPCLICKS_GDS')).toEqual({
      scriptUrl: SCRIPT_URL,
      widgetId: 'w-42',
    });
    expect(await chatWidgetOf(chat, 'MEGALYTIC_GDS')).toBeNull();
    expect(await chatWidgetOf(chat, 'RAVEN_GDS')).toBeNull();
    expect(await chatWidgetOf(plain, 'TAPCLICKS_GDS')).toBeNull();
  });

  it('the CSP allows the vendor origin only when its script is configured', async () => {
    const cspOf = async (app: FastifyInstance) =>
      String(
        (await app.inject({ url: '/team', headers: { accept: 'text/html' } })).headers[
          'content-security-policy'
        ],
      );
    const without = await cspOf(plain);
    expect(without).not.toContain('chat-vendor.example');
    expect(without).not.toContain('frame-src');

    const withChat = await cspOf(chat);
    const origin = 'https://widget.chat-vendor.example';
    expect(withChat).toContain(`script-src 'self' ${origin}`);
    expect(withChat).toContain(`connect-src 'self' ${origin}`);
    expect(withChat).toContain(`frame-src 'self' ${origin}`);
  });
});
