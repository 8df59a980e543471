import type { Account } from '@gds/contract';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialog.tsx';

interface DeleteAccountDialogProps {
  account: Account | null;
  retentionDays: number;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: (account: Account) => void;
}

/** Confirms a delete, saying what happens and for how long it can be undone. */
export function DeleteAccountDialog({
  account,
  retentionDays,
  deleting,
  onCancel,
  onConfirm,
}: DeleteAccountDialogProps) {
  return (
    <Dialog
      open={account !== null}
      title={account ? `Delete ${account.name}?` : ''}
      onClose={onCancel}
      testId="delete-account-dialog"
      footer={
        <>
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
          <Button
            variant="danger"
            loading={deleting}
            onClick={() => account && onConfirm(account)}
            data-testid="confirm-delete-button"
          >
            Delete account
          </Button>
        </>
      }
    >
      <p className="dialog-text">
        Its data stops feeding your reports and it no longer counts towards your plan. You can
        restore it from <strong>Deleted</strong> for {retentionDays} days; after that it is purged
        for good.
      </p>
    </Dialog>
  );
}
