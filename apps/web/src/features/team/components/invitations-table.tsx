import type { Invitation } from '@gds/contract';
import { Badge } from '../../../components/badge.tsx';
import { Button } from '../../../components/button.tsx';
import { Icon } from '../../../components/icon.tsx';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { personName } from './member-name.ts';

const ACTIONS = ['resend', 'copy', 'revoke'] as const;
export type InvitationAction = (typeof ACTIONS)[number];

interface InvitationsTableProps {
  invitations: readonly Invitation[];
  /** Actions running, as "action:id": that row's buttons stay disabled meanwhile. */
  inFlight: ReadonlySet<string>;
  onAction: (action: InvitationAction, invitation: Invitation) => void;
}

/** Pending and expired invitations with Resend, Copy link and Revoke. */
export function InvitationsTable({ invitations, inFlight, onAction }: InvitationsTableProps) {
  return (
    <div className="table-wrap" role="region" aria-label="Pending invitations" tabIndex={0}>
      <table className="table table-stack">
        <thead>
          <tr>
            <th scope="col">Invited</th>
            <th scope="col">Role</th>
            <th scope="col">Expires</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {invitations.map((invitation) => {
            const expired = invitation.status === 'expired';
            const loading = (action: InvitationAction) =>
              inFlight.has(`${action}:${invitation.id}`);
            const rowBusy = ACTIONS.some(loading);
            return (
              <tr key={invitation.id} data-testid="invitation-row" data-status={invitation.status}>
                <td>
                  <span className="invitation-email">{invitation.email}</span>
                  {invitation.invitedBy && (
                    <span className="invitation-meta">by {personName(invitation.invitedBy)}</span>
                  )}
                </td>
                <td data-label="Role">
                  <Badge>{invitation.roleName}</Badge>
                </td>
                <td data-label="Expires" className="nowrap">
                  {expired && <Badge tone="warning">Expired</Badge>}{' '}
                  <RelativeTime value={invitation.expiresAt} />
                </td>
                <td className="col-actions">
                  <div className="row-actions">
                    <Button
                      size="sm"
                      loading={loading('resend')}
                      disabled={rowBusy}
                      onClick={() => onAction('resend', invitation)}
                      data-testid="resend-invitation"
                    >
                      Resend
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      loading={loading('copy')}
                      disabled={rowBusy}
                      title="Makes a new link (the old one stops working), emails it and copies it"
                      onClick={() => onAction('copy', invitation)}
                      data-testid="copy-invitation"
                    >
                      Copy link
                    </Button>
                    <button
                      type="button"
                      className="icon-button icon-button-danger"
                      aria-label={`Revoke the invitation to ${invitation.email}`}
                      title="Revoke"
                      disabled={rowBusy}
                      onClick={() => onAction('revoke', invitation)}
                      data-testid="revoke-invitation"
                    >
                      <Icon name="close" size={16} />
                    </button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
