import { ENDPOINT_ROUTES } from '@gds/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

/** What the consent screen names for one authorization request (GET /api/connectorConsent). */
export function connectorConsentQueryOptions(uid: string) {
  return queryOptions({
    queryKey: ['connector-consent', uid],
    queryFn: ({ signal }) =>
      apiCall(ENDPOINT_ROUTES.getConnectorConsent, { query: { uid }, signal }),
    retry: false,
  });
}

export function useConnectorConsent(uid: string) {
  return useQuery({ ...connectorConsentQueryOptions(uid), enabled: uid !== '' });
}
