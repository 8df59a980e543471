import { LinkSentDialog, type LinkSentStatus } from '../../../components/link-sent-dialog.tsx';
import { formatDateTime } from '../../../components/relative-time.tsx';
import type { CreatedClientLink } from '../api/client-links.ts';

/** The new client link, shown once, and whether the email to the client went out. */
export function ClientLinkCreatedDialog({
  created,
  connectorName,
  onClose,
}: {
  created: CreatedClientLink;
  connectorName: string;
  onClose: () => void;
}) {
  const { link, url, emailSent } = created;
  const email = link.recipientEmail;
  const status: LinkSentStatus =
    emailSent && email
      ? {
          tone: 'note',
          message: (
            <>
              We emailed <strong>{email}</strong> a link to connect their {connectorName} accounts.
              You can also copy it and send it yourself.
            </>
          ),
        }
      : email
        ? {
            tone: 'warning',
            message: (
              <>
                No email went to <strong>{email}</strong>. Copy the link and send it to them
                yourself.
              </>
            ),
          }
        : {
            tone: 'note',
            message: 'Copy the link and send it to your client. It is shown only now.',
          };
  return (
    <LinkSentDialog
      title={emailSent ? 'Client link sent' : 'Client link ready to share'}
      status={status}
      linkLabel="Client link"
      url={url}
      hint={`${link.multiUse ? 'Anyone with it can connect' : 'It works for one connection'}, until ${formatDateTime(link.expiresAt)}.`}
      onClose={onClose}
      testIds={{
        dialog: 'client-link-created-dialog',
        status: 'client-link-email-status',
        link: 'client-link-url',
        copy: 'copy-client-link',
      }}
    />
  );
}
