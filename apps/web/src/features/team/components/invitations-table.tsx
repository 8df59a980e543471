import type { Invitation } from '@gds/contract';
import { Badge } from '../../../components/badge.tsx';
import { Button } from '../../../components/button.tsx';
import { DataTable } from '../../../components/data-table.tsx';
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
  const loading = (invitation: Invitation, action: InvitationAction) =>
    inFlight.has(`${action}:${invitation.id}`);
  const rowBusy = (invitation: Invitation) => ACTIONS.some((a) => loading(invitation, a));
  return (
    <DataTable
      label="Pending invitations"
      className="table-stack"
      rows={invitations}
      rowKey={(invitation) => invitation.id}
      rowTestId="invitation-row"
      rowData={(invitation) => ({ 'data-status': invitation.status })}
      columns={[
        {
          header: 'Invited',
          cell: (invitation) => (
            <>
              <span className="invitation-email">{invitation.email}</span>
              {invitation.invitedBy && (
                <span className="invitation-meta">by {personName(invitation.invitedBy)}</span>
              )}
            </>
          ),
        },
        { header: 'Role', cell: (invitation) => <Badge>{invitation.roleName}</Badge> },
        {
          header: 'Expires',
          cellClassName: 'nowrap',
          cell: (invitation) => (
            <>
              {invitation.status === 'expired' && <Badge tone="warning">Expired</Badge>}{' '}
              <RelativeTime value={invitation.expiresAt} />
            </>
          ),
        },
        {
          header: 'Actions',
          hideHeader: true,
          cellClassName: 'col-actions',
          cell: (invitation) => (
            <div className="row-actions">
              <Button
                size="sm"
                loading={loading(invitation, 'resend')}
                disabled={rowBusy(invitation)}
                onClick={() => onAction('resend', invitation)}
                data-testid="resend-invitation"
              >
                Resend
              </Button>
              <Button
                size="sm"
                variant="ghost"
                loading={loading(invitation, 'copy')}
                disabled={rowBusy(invitation)}
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
                disabled={rowBusy(invitation)}
                onClick={() => onAction('revoke', invitation)}
                data-testid="revoke-invitation"
              >
                <Icon name="close" size={16} />
              </button>
            </div>
          ),
        },
      ]}
    />
  );
}
