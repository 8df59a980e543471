import type { Account } from '@gds/contract';
import { useState } from 'react';
import { planRefusalOf, type PlanRefusal } from '../../../components/plan-refusal-hint.tsx';
import { errorMessage, isSessionError } from '../../../lib/api-error.ts';
import { showToast } from '../../../lib/toast-store.ts';
import { useDeleteAccount, useRestoreAccount } from '../api/account-mutations.ts';

/** Why a restore was refused; a plan refusal also says where the way out is. */
export interface RestoreError {
  message: string;
  refusal: PlanRefusal | null;
}

/**
 * Deleting (after the confirmation dialog) and restoring accounts, with their toasts. A refused
 * restore (e.g. past the plan's account limit) also stays above the Deleted list until
 * dismissed. An ended session shows its own message, so it adds no toast here.
 */
export function useDeleteRestore() {
  const [toDelete, setToDelete] = useState<Account | null>(null);
  const [restoreError, setRestoreError] = useState<RestoreError | null>(null);
  const deleteAccount = useDeleteAccount();
  const restoreAccount = useRestoreAccount();

  const confirmDelete = (account: Account) =>
    deleteAccount.mutate(account.id, {
      onSuccess: () => {
        setToDelete(null);
        showToast(`${account.name} was moved to Deleted`, { tone: 'success' });
      },
      onError: (error) => {
        setToDelete(null);
        if (!isSessionError(error)) showToast(errorMessage(error), { tone: 'danger' });
      },
    });

  const restore = (account: Account) => {
    setRestoreError(null);
    restoreAccount.mutate(account.id, {
      onSuccess: () => showToast(`${account.name} was restored`, { tone: 'success' }),
      onError: (error) => {
        if (isSessionError(error)) return;
        const message = errorMessage(error);
        setRestoreError({ message, refusal: planRefusalOf(error) });
        showToast(message, { tone: 'danger' });
      },
    });
  };

  return {
    toDelete,
    askDelete: setToDelete,
    cancelDelete: () => setToDelete(null),
    confirmDelete,
    deleting: deleteAccount.isPending,
    restore,
    restoringId: restoreAccount.isPending ? (restoreAccount.variables ?? null) : null,
    restoreError,
    dismissRestoreError: () => setRestoreError(null),
  };
}

export type DeleteRestore = ReturnType<typeof useDeleteRestore>;
