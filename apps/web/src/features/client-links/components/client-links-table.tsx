import { formatMediumDate, type ClientLink } from '@gds/contract';
import { Badge } from '../../../components/badge.tsx';
import { Button } from '../../../components/button.tsx';
import { Icon } from '../../../components/icon.tsx';
import { LINK_STATUS, usesLabel } from '../client-link-format.ts';

interface ClientLinksTableProps {
  links: readonly ClientLink[];
  connectorName: (id: number) => string;
  onRevoke: (link: ClientLink) => void;
}

/** One row per link: what it connects, for whom, how far it has been used, and until when. */
export function ClientLinksTable({ links, connectorName, onRevoke }: ClientLinksTableProps) {
  return (
    <div className="table-wrap">
      <table className="table client-links-table">
        <caption className="visually-hidden">Client connect links</caption>
        <thead>
          <tr>
            <th scope="col">Connector</th>
            <th scope="col">Recipient</th>
            <th scope="col">Type</th>
            <th scope="col">Uses</th>
            <th scope="col" className="col-optional">
              Created by
            </th>
            <th scope="col">Expires</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {links.map((link) => {
            const status = LINK_STATUS[link.status];
            const name = connectorName(link.connectorId);
            return (
              <tr key={link.id} data-testid="client-link-row">
                <td className="client-link-connector">{name}</td>
                <td>{link.recipientEmail ?? <span className="muted">Not emailed</span>}</td>
                <td>{link.multiUse ? 'Multi-use' : 'Single use'}</td>
                <td className="numeric">{usesLabel(link)}</td>
                <td className="col-optional">
                  {link.createdBy?.name.trim() || link.createdBy?.email || 'Someone'}
                  <span className="client-link-sub">{formatMediumDate(link.createdAt)}</span>
                </td>
                <td>{formatMediumDate(link.expiresAt)}</td>
                <td>
                  <Badge tone={status.tone}>{status.label}</Badge>
                </td>
                <td className="client-link-actions">
                  {link.status === 'active' && (
                    <Button
                      variant="ghost"
                      size="sm"
                      icon={<Icon name="close" size={14} />}
                      onClick={() => onRevoke(link)}
                      aria-label={`Revoke the ${name} link${link.recipientEmail ? ` for ${link.recipientEmail}` : ''}`}
                      data-testid="client-link-revoke"
                    >
                      Revoke
                    </Button>
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
