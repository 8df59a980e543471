import { describe, expect, it } from 'vitest';
import { connectionResultSchema, connectorCallbackPath, startConnection } from './connections.ts';

describe('connection contract', () => {
  it('each connector has its own OAuth callback path', () => {
    expect(connectorCallbackPath('google-ads')).toBe('/oauth/google-ads/callback');
  });

  it('reads the /data-sources/callback query the server redirects to', () => {
    const query = new URLSearchParams(
      'status=connected&connector=1&credentialName=a%40b.example&accountsAdded=3&accountsSkipped=2',
    );
    expect(connectionResultSchema.parse(Object.fromEntries(query))).toEqual({
      status: 'connected',
      connector: 1,
      credentialName: 'a@b.example',
      accountsAdded: 3,
      accountsSkipped: 2,
    });
    expect(connectionResultSchema.safeParse({ status: 'maybe' }).success).toBe(false);
  });

  it('startConnection takes the spec’s query (type defaults to reauth)', () => {
    expect(startConnection.query?.parse({ integration_type: '12' })).toEqual({
      integration_type: 12,
      type: 'reauth',
    });
  });
});
