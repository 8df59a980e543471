import { ENDPOINT_ROUTES, type ResponseOf } from '@gds/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { isLinkToken } from '../link-token.ts';

export type InvitationInfo = ResponseOf<typeof ENDPOINT_ROUTES.getInvitationInfo>;
export type InvitationViewer = NonNullable<InvitationInfo['viewer']>;

/** What the invitation page shows (GET /api/invitations/info), public. */
export function invitationInfoQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['invitations', 'info', token],
    queryFn: ({ signal }) =>
      apiCall(ENDPOINT_ROUTES.getInvitationInfo, { query: { token }, signal }),
  });
}

export function useInvitationInfo(token: string) {
  return useQuery({ ...invitationInfoQueryOptions(token), enabled: isLinkToken(token) });
}
