import { describe, expect, it } from 'vitest';
import {
  connectionResultSchema,
  connectorCallbackPath,
  getConnectionResult,
  startConnection,
} from './connections.ts';

describe('connection contract', () => {
  it('each connector has its own OAuth callback path', () => {
    expect(connectorCallbackPath('google-ads')).toBe('/oauth/google-ads/callback');
  });

  it('a connection result is asked for by its id alone and answers one of three outcomes', () => {
    expect(getConnectionResult.query?.safeParse({}).success).toBe(false);
    expect(getConnectionResult.query?.parse({ id: 'opaque' })).toEqual({ id: 'opaque' });
    const connected = {
      status: 'connected',
      connector: 1,
      credentialName: 'a@b.example',
      accountsAdded: 3,
      accountsSkipped: 2,
      redirectUri: null,
      error: null,
    };
    expect(connectionResultSchema.parse(connected)).toEqual(connected);
    expect(connectionResultSchema.safeParse({ ...connected, status: 'maybe' }).success).toBe(false);
  });

  it('startConnection takes the spec’s query (type defaults to reauth)', () => {
    expect(startConnection.query?.parse({ integration_type: '12' })).toEqual({
      integration_type: 12,
      type: 'reauth',
    });
  });
});
