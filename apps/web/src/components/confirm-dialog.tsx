import { useState, type ReactNode } from 'react';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';
import { Icon } from './icon.tsx';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The action; the confirm button stays busy until its promise settles. */
  onConfirm: () => Promise<void> | void;
  onCancel: () => void;
  /** Danger for what cannot be undone. */
  tone?: 'danger' | 'primary';
  /** Why the action was refused, shown above the buttons. */
  error?: string | null;
  /** False hides the confirm button when the action is not possible; Cancel becomes Close. */
  canConfirm?: boolean;
  testId?: string;
}

/**
 * Asks before an action and runs it once: the confirm button turns busy in the click's own
 * handler, before any request goes, so a double click sends one request.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  onConfirm,
  onCancel,
  tone = 'danger',
  error,
  canConfirm = true,
  testId,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      title={title}
      onClose={onCancel}
      {...(testId ? { testId } : {})}
      footer={
        <>
          <Button variant="ghost" onClick={onCancel}>
            {canConfirm ? 'Cancel' : 'Close'}
          </Button>
          {canConfirm && (
            <Button
              variant={tone}
              loading={busy}
              onClick={() => void confirm()}
              data-testid="confirm-button"
            >
              {confirmLabel}
            </Button>
          )}
        </>
      }
    >
      <div className="dialog-text">{children}</div>
      {error && (
        <div className="alert alert-danger dialog-alert" role="alert" data-testid="dialog-error">
          <Icon name="alert" size={16} />
          <span>{error}</span>
        </div>
      )}
    </Dialog>
  );
}
