import { APP_VERSION, type PermissionMap, type ProfileUser } from '@gds/contract';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { createEncryptedStorage } from './encrypted-storage.ts';

/** What the browser keeps about the signed-in user: display data and permissions, no secrets. */
export interface SessionUser {
  email: string;
  name: string;
  image: string;
  roleName: string;
  permissions: PermissionMap;
}

interface PersistedState {
  version: string;
  nextUrl: string | null;
  isLoggedIn: boolean;
  user: SessionUser | null;
  /**
   * The query of an /auth visit (dashboard tool: integration_type, redirectUri) kept across
   * sign-in, so the login callback can return to it when nextUrl is 'Auth'.
   */
  pendingAuth: string | null;
}

export interface AppState extends PersistedState {
  /** Global loading flag behind the full-page overlay; never persisted. */
  isLoading: boolean;
  /** True between an expired-session answer and the end of logout, to act on it once. */
  sessionEnding: boolean;
  setLoading: (isLoading: boolean) => void;
  setNextUrl: (nextUrl: string | null) => void;
  setPendingAuth: (pendingAuth: string | null) => void;
  /** Setting a user sets the logged-in flag. */
  setUser: (user: SessionUser) => void;
  /** Claims the expired-session handling; false when it is already under way or moot. */
  beginSessionEnd: () => boolean;
  /** Logout: user emptied, flag false, loading off. */
  reset: () => void;
}

export const STATE_STORAGE_NAME = 'gds-state';

const initialState: PersistedState & Pick<AppState, 'isLoading' | 'sessionEnding'> = {
  version: APP_VERSION,
  nextUrl: null,
  isLoggedIn: false,
  user: null,
  pendingAuth: null,
  isLoading: false,
  sessionEnding: false,
};

export const useAppStore = create<AppState>()(
  persist(
    (set, get) => ({
      ...initialState,
      setLoading: (isLoading) => set({ isLoading }),
      setNextUrl: (nextUrl) => set({ nextUrl }),
      setPendingAuth: (pendingAuth) => set({ pendingAuth }),
      setUser: (user) => set({ user, isLoggedIn: true }),
      beginSessionEnd: () => {
        const { isLoggedIn, sessionEnding } = get();
        if (!isLoggedIn || sessionEnding) return false;
        set({ sessionEnding: true });
        return true;
      },
      reset: () => set({ ...initialState }),
    }),
    {
      name: STATE_STORAGE_NAME,
      storage: createJSONStorage(() => createEncryptedStorage()),
      partialize: ({ version, nextUrl, isLoggedIn, user, pendingAuth }): PersistedState => ({
        version,
        nextUrl,
        isLoggedIn,
        user,
        pendingAuth,
      }),
      // State written by another app version starts empty rather than half-understood.
      merge: (persisted, current) => {
        const saved = persisted as Partial<PersistedState> | undefined;
        if (saved?.version !== APP_VERSION) return current;
        return { ...current, ...saved, version: APP_VERSION };
      },
    },
  ),
);

/** Resolves once the persisted state has been read (decryption is async). */
export function whenHydrated(): Promise<void> {
  if (useAppStore.persist.hasHydrated()) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = useAppStore.persist.onFinishHydration(() => {
      stop();
      resolve();
    });
  });
}

/** Builds the display name from first and last name when the profile has none. */
export function displayName(user: {
  name?: string;
  firstName?: string;
  lastName?: string;
}): string {
  const name = user.name?.trim();
  if (name) return name;
  return [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
}

/** The stored form of a profile user: display fields and permissions only. */
export function toSessionUser(user: ProfileUser): SessionUser {
  return {
    email: user.email,
    name: displayName(user),
    image: user.image,
    roleName: user.roleName,
    permissions: user.permissions,
  };
}
