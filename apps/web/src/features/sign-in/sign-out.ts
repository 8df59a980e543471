import type { QueryClient } from '@tanstack/react-query';
import { emitAppEvent } from '../../lib/app-events.ts';
import { useAppStore } from '../../lib/app-store.ts';
import { endSession } from './api/sign-in.ts';

/**
 * Signing out ends the server session, forgets all server state (team, plan, connectors,
 * roles, sources… all live in the query cache) and the stored user, and announces userLogout.
 * Every way of signing out goes through here so none of them leaves a piece behind.
 */
export async function signOut(queryClient: QueryClient): Promise<void> {
  await endSession();
  await queryClient.cancelQueries();
  queryClient.clear();
  useAppStore.getState().reset();
  emitAppEvent('userLogout', undefined);
}
