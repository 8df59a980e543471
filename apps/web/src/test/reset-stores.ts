import { useAppStore, whenHydrated } from '../lib/app-store.ts';
import { useToastStore } from '../lib/toast-store.ts';

/** Starts a test signed out with no toasts, once the persisted store has hydrated. */
export async function resetStores() {
  await whenHydrated();
  useAppStore.getState().reset();
  useToastStore.setState({ toasts: [] });
}
