import { useId } from 'react';
import { Button } from '../../../components/button.tsx';
import { CopyButton } from '../../../components/copy-button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { Icon } from '../../../components/icon.tsx';
import { formatDateTime } from '../../../components/relative-time.tsx';
import type { SentInvitation } from '../api/invitations.ts';

interface InvitationSentDialogProps {
  sent: SentInvitation | null;
  onClose: () => void;
  onInviteAnother?: () => void;
}

/**
 * The accept link, shown once (only its hash is kept) with a Copy button, and whether the
 * email went out: when it did not, the inviter is told to send the link themselves.
 */
export function InvitationSentDialog({
  sent,
  onClose,
  onInviteAnother,
}: InvitationSentDialogProps) {
  const linkId = useId();
  if (!sent) return null;
  const { invitation, acceptUrl, emailSent } = sent;
  return (
    <Dialog
      open
      title={emailSent ? 'Invitation sent' : 'Invitation ready to share'}
      onClose={onClose}
      testId="invitation-sent-dialog"
      footer={
        <>
          {onInviteAnother && <Button onClick={onInviteAnother}>Invite another</Button>}
          <Button variant="primary" onClick={onClose}>
            Done
          </Button>
        </>
      }
    >
      {emailSent ? (
        <p className="dialog-text" data-testid="invitation-email-status">
          We emailed <strong>{invitation.email}</strong> a link to join as {invitation.roleName}.
          You can also copy the link and send it yourself.
        </p>
      ) : (
        <div className="alert alert-warning" role="status" data-testid="invitation-email-status">
          <Icon name="alert" size={16} />
          <span>
            The email to <strong>{invitation.email}</strong> could not be sent. Copy the link and
            send it to them yourself.
          </span>
        </div>
      )}
      <div className="field dialog-field">
        <label htmlFor={linkId} className="field-label">
          Invitation link
        </label>
        <div className="copy-row">
          <input
            id={linkId}
            className="input input-mono"
            readOnly
            value={acceptUrl}
            onFocus={(event) => event.currentTarget.select()}
            data-testid="invitation-link"
          />
          <CopyButton text={acceptUrl} what="Invitation link" testId="copy-invitation-link" />
        </div>
        <p className="field-hint">
          Only {invitation.email} can use it, once, until {formatDateTime(invitation.expiresAt)}.
        </p>
      </div>
    </Dialog>
  );
}
