import { ENDPOINT_ROUTES, type Account } from '@gds/contract';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { trackEvent } from '../../../lib/analytics.ts';
import { apiCall } from '../../../lib/api-client.ts';
import { groupedDataQueryOptions, type GroupedData } from './grouped-data-query.ts';

/** Puts the server's answer for one account into the cached list at once. */
function replaceAccount(data: GroupedData | undefined, account: Account): GroupedData | undefined {
  if (!data) return data;
  return {
    ...data,
    groups: data.groups.map((group) => ({
      ...group,
      credentials: group.credentials.map((credential) =>
        credential.accounts.some((a) => a.id === account.id)
          ? {
              ...credential,
              accounts: credential.accounts.map((a) => (a.id === account.id ? account : a)),
            }
          : credential,
      ),
    })),
  };
}

function settle(queryClient: QueryClient, account: Account) {
  queryClient.setQueryData(groupedDataQueryOptions.queryKey, (old) => replaceAccount(old, account));
  // Usage counts and purge dates are the server's to compute: fetch them fresh.
  void queryClient.invalidateQueries({ queryKey: groupedDataQueryOptions.queryKey });
}

/** Moves an account to Deleted (DELETE /api/dataSources/deleteAccount/{id}). */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (accountId: string) =>
      apiCall(ENDPOINT_ROUTES.deleteAccount, { params: { accountId } }),
    onSuccess: ({ account }) => {
      settle(queryClient, account);
      trackEvent('accountsChanged', 'deleted');
    },
  });
}

/** Restores a deleted account; the server answers 409 past the plan's account limit. */
export function useRestoreAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (accountId: string) =>
      apiCall(ENDPOINT_ROUTES.restoreAccount, { params: { accountId } }),
    onSuccess: ({ account }) => {
      settle(queryClient, account);
      trackEvent('accountsChanged', 'restored');
    },
  });
}
