/**
 * What the server's provider callback tells /data-sources/callback in its query:
 * status=connected|denied|error, connector=<id>, and for connected credentialName and
 * accountsAdded (+ accountsSkipped when the plan's limit stopped some), for error the error,
 * and optionally the dashboard tool's redirectUri.
 */
export type CallbackResult =
  | {
      status: 'connected';
      connectorId: number | null;
      credentialName: string;
      accountsAdded: number;
      accountsSkipped: number;
      redirectUri: string | null;
    }
  | { status: 'denied'; connectorId: number | null; redirectUri: string | null }
  | { status: 'error'; connectorId: number | null; error: string; redirectUri: string | null }
  | { status: 'unknown' };

function count(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : 0;
}

/**
 * Only http(s) addresses are followed: the server allow-lists the address before it sends the
 * browser here, and this check keeps a hand-made link from running script (javascript:).
 */
export function safeRedirect(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

export function parseCallback(search: URLSearchParams): CallbackResult {
  const connector = Number(search.get('connector'));
  const connectorId = Number.isInteger(connector) && connector > 0 ? connector : null;
  const redirectUri = safeRedirect(search.get('redirectUri'));
  switch (search.get('status')) {
    case 'connected':
      return {
        status: 'connected',
        connectorId,
        credentialName: search.get('credentialName')?.slice(0, 200) ?? '',
        accountsAdded: count(search.get('accountsAdded')),
        accountsSkipped: count(search.get('accountsSkipped')),
        redirectUri,
      };
    case 'denied':
      return { status: 'denied', connectorId, redirectUri };
    case 'error':
      return {
        status: 'error',
        connectorId,
        error: search.get('error')?.slice(0, 300) || 'Unknown error',
        redirectUri,
      };
    default:
      return { status: 'unknown' };
  }
}
