import { ENDPOINT_ROUTES, type ResponseOf } from '@gds/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

export type MailPreferences = ResponseOf<typeof ENDPOINT_ROUTES.getMailPreferences>;

/** The mail the signed-in member receives (GET /api/profile/mailPreferences). */
export const mailPreferencesQueryOptions = queryOptions({
  queryKey: ['profile', 'mail-preferences'],
  queryFn: ({ signal }): Promise<MailPreferences> =>
    apiCall(ENDPOINT_ROUTES.getMailPreferences, { signal }),
});

export function useMailPreferences() {
  return useQuery(mailPreferencesQueryOptions);
}

/** Turns the credential warning digest on or off, and keeps the answer as the cached choice. */
export function useSetCredentialDigest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) =>
      apiCall(ENDPOINT_ROUTES.updateMailPreferences, {
        body: { credentialDigest: on ? 'true' : 'false' },
      }),
    onSuccess: (answer) => queryClient.setQueryData(mailPreferencesQueryOptions.queryKey, answer),
  });
}
