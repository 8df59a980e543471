import { useId } from 'react';
import { Button } from '../../../components/button.tsx';
import { CopyButton } from '../../../components/copy-button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { Icon } from '../../../components/icon.tsx';
import { formatDateTime } from '../../../components/relative-time.tsx';
import type { CreatedClientLink } from '../api/client-links.ts';

/**
 * The new link, shown once (only its hash is kept) with a Copy button, and whether the email
 * went out: when it did not, the member is told to send the link themselves.
 */
export function ClientLinkCreatedDialog({
  created,
  connectorName,
  onClose,
}: {
  created: CreatedClientLink;
  connectorName: string;
  onClose: () => void;
}) {
  const linkId = useId();
  const { link, url, emailSent } = created;
  const email = link.recipientEmail;
  return (
    <Dialog
      open
      title={emailSent ? 'Client link sent' : 'Client link ready to share'}
      onClose={onClose}
      testId="client-link-created-dialog"
      footer={
        <Button variant="primary" onClick={onClose}>
          Done
        </Button>
      }
    >
      {emailSent && email ? (
        <p className="dialog-text" data-testid="client-link-email-status">
          We emailed <strong>{email}</strong> a link to connect their {connectorName} accounts. You
          can also copy it and send it yourself.
        </p>
      ) : email ? (
        <div className="alert alert-warning" role="status" data-testid="client-link-email-status">
          <Icon name="alert" size={16} />
          <span>
            No email went to <strong>{email}</strong>. Copy the link and send it to them yourself.
          </span>
        </div>
      ) : (
        <p className="dialog-text" data-testid="client-link-email-status">
          Copy the link and send it to your client. It is shown only now.
        </p>
      )}
      <div className="field dialog-field">
        <label htmlFor={linkId} className="field-label">
          Client link
        </label>
        <div className="copy-row">
          <input
            id={linkId}
            className="input input-mono"
            readOnly
            value={url}
            onFocus={(event) => event.currentTarget.select()}
            data-testid="client-link-url"
          />
          <CopyButton text={url} what="Client link" testId="copy-client-link" />
        </div>
        <p className="field-hint">
          {link.multiUse ? 'Anyone with it can connect' : 'It works for one connection'}, until{' '}
          {formatDateTime(link.expiresAt)}.
        </p>
      </div>
    </Dialog>
  );
}
