import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-error.ts';
import {
  connectionResultQueryOptions,
  type ConnectionOutcome,
} from '../api/connection-result-query.ts';

/**
 * What /data-sources/callback shows. Its address carries only the result id the server's
 * provider callback made; the outcome (and any return address) is asked from the server,
 * which answers it to the browser session that finished the connection only. A missing,
 * unknown, expired or another session's id is "none": no success and no redirect, whatever
 * else the address says.
 */
export type CallbackView =
  | { kind: 'loading' }
  | { kind: 'none' }
  | { kind: 'unavailable'; retry: () => void }
  | { kind: 'result'; result: ConnectionOutcome };

const NO_ID = '';

export function useConnectionCallback(id: string | null): CallbackView {
  const query = useQuery({ ...connectionResultQueryOptions(id ?? NO_ID), enabled: Boolean(id) });
  if (!id) return { kind: 'none' };
  if (query.isPending) return { kind: 'loading' };
  if (query.isError) {
    // A 4xx (404, or no session) answers the same again; the network or a 5xx may not.
    if (query.error instanceof ApiError && query.error.status < 500) return { kind: 'none' };
    return { kind: 'unavailable', retry: () => void query.refetch() };
  }
  return { kind: 'result', result: query.data };
}
