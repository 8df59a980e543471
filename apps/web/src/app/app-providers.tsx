import type { Skin } from '@gds/contract';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastRegion } from '../components/toast-region.tsx';
import { SkinProvider } from '../skins/skin-context.tsx';

/** Everything screens rely on: the skin, the query client, and the toast region. */
export function AppProviders({
  skin,
  queryClient,
  children,
}: {
  skin: Skin;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <SkinProvider skin={skin}>
      <QueryClientProvider client={queryClient}>
        {children}
        <ToastRegion />
      </QueryClientProvider>
    </SkinProvider>
  );
}
