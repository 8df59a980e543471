import { Button } from '../../../components/button.tsx';
import { LinkSentDialog } from '../../../components/link-sent-dialog.tsx';
import { formatDateTime } from '../../../components/relative-time.tsx';
import type { SentInvitation } from '../api/invitations.ts';

interface InvitationSentDialogProps {
  sent: SentInvitation | null;
  onClose: () => void;
  onInviteAnother?: () => void;
}

/** The accept link, shown once, and whether the invitation email went out. */
export function InvitationSentDialog({
  sent,
  onClose,
  onInviteAnother,
}: InvitationSentDialogProps) {
  if (!sent) return null;
  const { invitation, acceptUrl, emailSent } = sent;
  return (
    <LinkSentDialog
      title={emailSent ? 'Invitation sent' : 'Invitation ready to share'}
      status={
        emailSent
          ? {
              tone: 'note',
              message: (
                <>
                  We emailed <strong>{invitation.email}</strong> a link to join as{' '}
                  {invitation.roleName}. You can also copy the link and send it yourself.
                </>
              ),
            }
          : {
              tone: 'warning',
              message: (
                <>
                  The email to <strong>{invitation.email}</strong> could not be sent. Copy the link
                  and send it to them yourself.
                </>
              ),
            }
      }
      linkLabel="Invitation link"
      url={acceptUrl}
      hint={`Only ${invitation.email} can use it, once, until ${formatDateTime(invitation.expiresAt)}.`}
      onClose={onClose}
      actions={onInviteAnother && <Button onClick={onInviteAnother}>Invite another</Button>}
      testIds={{
        dialog: 'invitation-sent-dialog',
        status: 'invitation-email-status',
        link: 'invitation-link',
        copy: 'copy-invitation-link',
      }}
    />
  );
}
