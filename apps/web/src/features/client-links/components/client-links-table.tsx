import type { ClientLink, ClientLinkStatus } from '@gds/contract';
import { Badge } from '../../../components/badge.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { Icon } from '../../../components/icon.tsx';
import { RelativeTime } from '../../../components/relative-time.tsx';

const STATUS: Record<ClientLinkStatus, { label: string; tone: 'success' | 'neutral' | 'warning' }> =
  {
    active: { label: 'Active', tone: 'success' },
    used: { label: 'Used', tone: 'neutral' },
    expired: { label: 'Expired', tone: 'warning' },
    revoked: { label: 'Revoked', tone: 'neutral' },
  };

interface ClientLinksTableProps {
  links: readonly ClientLink[];
  connectorName: (id: number) => string;
  /** Links being revoked: their button stays busy meanwhile. */
  revoking: ReadonlySet<string>;
  onRevoke: (link: ClientLink) => void;
}

/** The team's client links: data source, client, who made it, expiry, uses, status, Revoke. */
export function ClientLinksTable({
  links,
  connectorName,
  revoking,
  onRevoke,
}: ClientLinksTableProps) {
  return (
    <DataTable
      label="Client links"
      className="table-stack"
      rows={links}
      rowKey={(link) => link.id}
      rowTestId="client-link-row"
      rowData={(link) => ({ 'data-status': link.status })}
      columns={[
        {
          header: 'Data source',
          // A reconnect link signs one login in again instead of adding accounts.
          cell: (link) =>
            link.credentialId ? (
              <span data-testid="client-link-reconnect">
                {connectorName(link.connectorId)} <Badge tone="neutral">Reconnect</Badge>
              </span>
            ) : (
              connectorName(link.connectorId)
            ),
        },
        {
          header: 'Client',
          cellClassName: 'client-link-email',
          cell: (link) => link.recipientEmail ?? 'Anyone with the link',
        },
        {
          header: 'Created by',
          cell: (link) =>
            link.createdBy ? link.createdBy.name || link.createdBy.email : 'A former member',
        },
        {
          header: 'Expires',
          cellClassName: 'nowrap',
          cell: (link) => <RelativeTime value={link.expiresAt} />,
        },
        {
          header: 'Uses',
          cell: (link) => (
            <>
              {link.uses}
              {link.multiUse ? '' : ' of 1'}
            </>
          ),
        },
        {
          header: 'Status',
          cell: (link) => (
            <Badge tone={STATUS[link.status].tone}>{STATUS[link.status].label}</Badge>
          ),
        },
        {
          header: 'Actions',
          hideHeader: true,
          cellClassName: 'col-actions',
          cell: (link) =>
            link.status === 'active' && (
              <button
                type="button"
                className="icon-button icon-button-danger"
                aria-label={`Revoke the ${connectorName(link.connectorId)} link${link.recipientEmail ? ` for ${link.recipientEmail}` : ''}`}
                title="Revoke"
                disabled={revoking.has(link.id)}
                onClick={() => onRevoke(link)}
                data-testid="revoke-client-link"
              >
                <Icon name="close" size={16} />
              </button>
            ),
        },
      ]}
    />
  );
}
