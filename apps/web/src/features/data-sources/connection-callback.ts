import { connectionResultSchema, isAllowedReturnAddress } from '@gds/contract';

/**
 * What /data-sources/callback shows, read from the query the server's provider callback sends
 * (the contract's connectionResultSchema): connected with the login's name and the accounts
 * added (and skipped over the plan's limit), denied, or error with a sentence to show.
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

const positive = (n: number | undefined) => (n !== undefined && n > 0 ? n : 0);

/**
 * Reads the callback query. The return address is followed only when it is on the allow-list
 * the server publishes (GET /api/home/config): the server checked it before sending the
 * browser here, and checking again keeps a hand-made link from turning this page into an open
 * redirect. A query that does not parse is "unknown" (nothing to finish).
 */
export function parseCallback(
  search: URLSearchParams,
  redirectAllowList: readonly string[],
): CallbackResult {
  const parsed = connectionResultSchema.safeParse(Object.fromEntries(search));
  if (!parsed.success) return { status: 'unknown' };
  const query = parsed.data;
  const connectorId = positive(query.connector) || null;
  const redirectUri = query.redirectUri
    ? isAllowedReturnAddress(query.redirectUri, redirectAllowList)
    : null;
  switch (query.status) {
    case 'connected':
      return {
        status: 'connected',
        connectorId,
        credentialName: query.credentialName?.slice(0, 200) ?? '',
        accountsAdded: positive(query.accountsAdded),
        accountsSkipped: positive(query.accountsSkipped),
        redirectUri,
      };
    case 'denied':
      return { status: 'denied', connectorId, redirectUri };
    case 'error':
      return {
        status: 'error',
        connectorId,
        error: query.error?.slice(0, 300) || 'Unknown error',
        redirectUri,
      };
  }
}
