import type { ClientLink, ClientLinkStatus } from '@gds/contract';
import { Badge } from '../../../components/badge.tsx';
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
    <div className="table-wrap" role="region" aria-label="Client links" tabIndex={0}>
      <table className="table table-stack">
        <thead>
          <tr>
            <th scope="col">Data source</th>
            <th scope="col">Client</th>
            <th scope="col">Created by</th>
            <th scope="col">Expires</th>
            <th scope="col">Uses</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {links.map((link) => {
            const status = STATUS[link.status];
            const name = connectorName(link.connectorId);
            return (
              <tr key={link.id} data-testid="client-link-row" data-status={link.status}>
                <td>{name}</td>
                <td data-label="Client" className="client-link-email">
                  {link.recipientEmail ?? 'Anyone with the link'}
                </td>
                <td data-label="Created by">
                  {link.createdBy ? link.createdBy.name || link.createdBy.email : 'A former member'}
                </td>
                <td data-label="Expires" className="nowrap">
                  <RelativeTime value={link.expiresAt} />
                </td>
                <td data-label="Uses">
                  {link.uses}
                  {link.multiUse ? '' : ' of 1'}
                </td>
                <td data-label="Status">
                  <Badge tone={status.tone}>{status.label}</Badge>
                </td>
                <td className="col-actions">
                  {link.status === 'active' && (
                    <button
                      type="button"
                      className="icon-button icon-button-danger"
                      aria-label={`Revoke the ${name} link${link.recipientEmail ? ` for ${link.recipientEmail}` : ''}`}
                      title="Revoke"
                      disabled={revoking.has(link.id)}
                      onClick={() => onRevoke(link)}
                      data-testid="revoke-client-link"
                    >
                      <Icon name="close" size={16} />
                    </button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
