import { useId, type ReactNode } from 'react';
import { Button } from './button.tsx';
import { CopyButton } from './copy-button.tsx';
import { Dialog } from './dialog.tsx';
import { Icon } from './icon.tsx';

/** What became of the email that carries the link: a note, or a warning when it did not go. */
export interface LinkSentStatus {
  tone: 'note' | 'warning';
  message: ReactNode;
}

interface LinkSentDialogProps {
  title: string;
  status: LinkSentStatus;
  /** The field's label, also what the Copy toast names: "Invitation link". */
  linkLabel: string;
  url: string;
  /** Under the link: who can use it and until when. */
  hint: ReactNode;
  onClose: () => void;
  /** Buttons before Done. */
  actions?: ReactNode;
  testIds: { dialog: string; status: string; link: string; copy: string };
}

/**
 * A link made for someone else, shown once (only its hash is kept) with a Copy button, and
 * whether the email went out: when it did not, the sender is told to pass the link on themselves.
 */
export function LinkSentDialog({
  title,
  status,
  linkLabel,
  url,
  hint,
  onClose,
  actions,
  testIds,
}: LinkSentDialogProps) {
  const linkId = useId();
  return (
    <Dialog
      open
      title={title}
      onClose={onClose}
      testId={testIds.dialog}
      footer={
        <>
          {actions}
          <Button variant="primary" onClick={onClose}>
            Done
          </Button>
        </>
      }
    >
      {status.tone === 'warning' ? (
        <div className="alert alert-warning" role="status" data-testid={testIds.status}>
          <Icon name="alert" size={16} />
          <span>{status.message}</span>
        </div>
      ) : (
        <p className="dialog-text" data-testid={testIds.status}>
          {status.message}
        </p>
      )}
      <div className="field dialog-field">
        <label htmlFor={linkId} className="field-label">
          {linkLabel}
        </label>
        <div className="copy-row">
          <input
            id={linkId}
            className="input input-mono"
            readOnly
            value={url}
            onFocus={(event) => event.currentTarget.select()}
            data-testid={testIds.link}
          />
          <CopyButton text={url} what={linkLabel} testId={testIds.copy} />
        </div>
        <p className="field-hint">{hint}</p>
      </div>
    </Dialog>
  );
}
