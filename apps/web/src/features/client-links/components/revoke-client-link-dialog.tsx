import type { ClientLink } from '@gds/contract';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialog.tsx';

interface RevokeClientLinkDialogProps {
  link: ClientLink | null;
  connectorName: string;
  revoking: boolean;
  onCancel: () => void;
  onConfirm: (link: ClientLink) => void;
}

/** Confirms a revoke, saying what stops and what stays. */
export function RevokeClientLinkDialog({
  link,
  connectorName,
  revoking,
  onCancel,
  onConfirm,
}: RevokeClientLinkDialogProps) {
  return (
    <Dialog
      open={link !== null}
      title={`Revoke the ${connectorName} link?`}
      onClose={onCancel}
      testId="revoke-client-link-dialog"
      footer={
        <>
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
          <Button
            variant="danger"
            loading={revoking}
            onClick={() => link && onConfirm(link)}
            data-testid="confirm-revoke-link"
          >
            Revoke link
          </Button>
        </>
      }
    >
      <p className="dialog-text">
        {link?.recipientEmail ? `${link.recipientEmail} can` : 'Your client can'} no longer use it
        to connect. Accounts already connected through it stay in your team.
      </p>
    </Dialog>
  );
}
