import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { teamInfoQueryOptions } from '../features/team/api/team-info.ts';
import { toSessionUser, useAppStore } from '../lib/app-store.ts';

/**
 * After the server changed who this session acts for (admin switch, its end, joining another
 * team): every cached answer and the stored user belong to the previous identity, so both are
 * cleared as logout does, the profile is force-loaded, and the app goes to `path`.
 * A failed profile load is only logged: the session did change, and the next screen loads the
 * profile again by itself.
 */
export function useRestartSession(): (path: string) => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (path: string) => {
      await queryClient.cancelQueries();
      queryClient.clear();
      try {
        const { user } = await queryClient.fetchQuery(teamInfoQueryOptions);
        // Cleared and refilled in one go, so the screen never renders signed out in between.
        const store = useAppStore.getState();
        store.reset();
        store.setUser(toSessionUser(user));
      } catch (error) {
        console.error('The profile could not be loaded after the session changed', error);
      }
      await navigate(path);
    },
    [queryClient, navigate],
  );
}
