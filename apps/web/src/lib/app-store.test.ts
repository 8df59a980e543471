import { APP_VERSION } from '@gds/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionUser } from '../test/fixtures.ts';
import { STATE_STORAGE_NAME, useAppStore, whenHydrated } from './app-store.ts';

// The store's own storage instance, so these reads and writes queue behind the store's own.
const storage = () => {
  const instance = useAppStore.persist.getOptions().storage;
  if (!instance) throw new Error('the app store must be persisted');
  return instance;
};

async function storeSaved(state: Record<string, unknown>) {
  await storage().setItem(STATE_STORAGE_NAME, { state, version: 0 });
}

describe('app store', () => {
  beforeEach(async () => {
    await whenHydrated();
    useAppStore.getState().reset();
  });

  it('sets the logged-in flag when a user is set, and logout clears both', () => {
    useAppStore.getState().setUser(sessionUser({ edit_billing: true }));
    expect(useAppStore.getState()).toMatchObject({ isLoggedIn: true, version: APP_VERSION });

    useAppStore.getState().setNextUrl('Billing');
    useAppStore.getState().setLoading(true);
    useAppStore.getState().reset();
    expect(useAppStore.getState()).toMatchObject({
      isLoggedIn: false,
      user: null,
      nextUrl: null,
      isLoading: false,
    });
  });

  it('restores the signed-in user from encrypted storage after a reload', async () => {
    await storeSaved({
      version: APP_VERSION,
      isLoggedIn: true,
      user: sessionUser(),
      nextUrl: null,
    });
    await useAppStore.persist.rehydrate();
    expect(useAppStore.getState().isLoggedIn).toBe(true);
    expect(useAppStore.getState().user?.email).toBe('ann@acme.test');
  });

  it('starts empty when the saved state is from another app version', async () => {
    await storeSaved({ version: '1.1.0', isLoggedIn: true, user: sessionUser(), nextUrl: 'Stats' });
    await useAppStore.persist.rehydrate();
    expect(useAppStore.getState()).toMatchObject({ isLoggedIn: false, user: null, nextUrl: null });
  });

  it('never persists the loading flag', async () => {
    useAppStore.getState().setLoading(true);
    useAppStore.getState().setUser(sessionUser());
    const saved = await storage().getItem(STATE_STORAGE_NAME);
    expect(saved?.state).toMatchObject({ isLoggedIn: true });
    expect(saved?.state).not.toHaveProperty('isLoading');
    expect(localStorage.getItem(STATE_STORAGE_NAME)).not.toContain('ann@acme.test');
  });
});
