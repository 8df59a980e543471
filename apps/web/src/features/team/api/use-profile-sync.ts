import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { toSessionUser, useAppStore } from '../../../lib/app-store.ts';
import { teamInfoQueryOptions } from './team-info.ts';

/**
 * The logged-in layout loads the profile forced when it is created, and the stored
 * user (name, picture, permissions) follows what the server says.
 */
export function useProfileSync(): void {
  const { data } = useQuery({ ...teamInfoQueryOptions, refetchOnMount: 'always' });
  const setUser = useAppStore((state) => state.setUser);
  useEffect(() => {
    if (data && useAppStore.getState().isLoggedIn) setUser(toSessionUser(data.user));
  }, [data, setUser]);
}
