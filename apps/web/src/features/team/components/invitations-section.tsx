import type { Invitation } from '@gds/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button } from '../../../components/button.tsx';
import { copyText } from '../../../components/copy-button.tsx';
import { Icon } from '../../../components/icon.tsx';
import { errorMessage, isSessionError } from '../../../lib/api-error.ts';
import { showToast } from '../../../lib/toast-store.ts';
import {
  useResendInvitation,
  useRevokeInvitation,
  type SentInvitation,
} from '../api/invitations.ts';
import { InvitationsTable, type InvitationAction } from './invitations-table.tsx';
import { useActionsInFlight } from './use-actions-in-flight.ts';

interface InvitationsSectionProps {
  invitations: UseQueryResult<Invitation[]>;
  /** Shows a new link (after Resend, or when copying it was refused) with its Copy button. */
  onSent: (sent: SentInvitation) => void;
}

/**
 * Invitations not yet accepted. Only a link's hash is kept, so "Copy link" makes a new one
 * (the old stops working) and copies that; Resend shows it as well.
 */
export function InvitationsSection({ invitations, onSent }: InvitationsSectionProps) {
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const { inFlight, run } = useActionsInFlight();

  const act = async (action: InvitationAction, invitation: Invitation) => {
    try {
      if (action === 'revoke') {
        await revoke.mutateAsync(invitation.id);
        showToast(`The invitation to ${invitation.email} was revoked`, { tone: 'success' });
        return;
      }
      const sent = await resend.mutateAsync(invitation.id);
      if (action === 'copy' && (await copyText(sent.acceptUrl))) {
        const emailed = sent.emailSent ? ' and emailed' : '';
        showToast(
          `A new link for ${invitation.email} was copied${emailed}. The old one no longer works.`,
          {
            tone: 'success',
            durationMs: 5000,
          },
        );
      } else {
        onSent(sent);
      }
    } catch (error) {
      if (!isSessionError(error)) showToast(errorMessage(error), { tone: 'danger' });
    }
  };

  if (invitations.isError && !isSessionError(invitations.error)) {
    return (
      <div className="alert alert-danger" role="alert">
        <Icon name="alert" size={16} />
        <span>Pending invitations could not be loaded. {errorMessage(invitations.error)}</span>
        <Button size="sm" onClick={() => void invitations.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const list = invitations.data;
  if (!list || list.length === 0) return null;
  return (
    <section className="card" aria-labelledby="invitations-title" data-testid="invitations">
      <div className="card-heading card-padded-x">
        <h2 id="invitations-title" className="card-title">
          Pending invitations
          <span className="count">{list.length}</span>
        </h2>
      </div>
      <InvitationsTable
        invitations={list}
        inFlight={inFlight}
        onAction={(action, invitation) =>
          void run(`${action}:${invitation.id}`, () => act(action, invitation))
        }
      />
    </section>
  );
}
