import { ENDPOINT_ROUTES, type Invoice } from '@gds/contract';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { BILLING_KEYS } from './billing-query-keys.ts';

/** The team's invoices, most recent first (GET /api/billing/invoices). */
export const invoicesQueryOptions = queryOptions({
  queryKey: BILLING_KEYS.invoices,
  queryFn: async ({ signal }): Promise<Invoice[]> =>
    (await apiCall(ENDPOINT_ROUTES.getInvoices, { signal })).invoices,
});

export function useInvoices() {
  return useQuery(invoicesQueryOptions);
}

/** A short-lived address of one invoice's PDF (POST /api/billing/invoice/download). */
export function useDownloadInvoice() {
  return useMutation({
    mutationFn: async (id: string) =>
      (await apiCall(ENDPOINT_ROUTES.downloadInvoice, { body: { id } })).downloadUrl,
  });
}
