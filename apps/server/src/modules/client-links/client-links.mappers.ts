import type { ClientLink, ClientLinkStatus } from '@gds/contract';
import type { TeamPeople } from '../team/team.mappers.ts';
import type { ClientLinkView } from './client-links.repository.ts';

/** Where a link stands at `now`: only an active one lets a client connect. */
export function statusOf(
  row: Pick<ClientLinkView, 'revoked_at' | 'multi_use' | 'uses' | 'expires_at'>,
  now: Date,
): ClientLinkStatus {
  if (row.revoked_at) return 'revoked';
  if (!row.multi_use && row.uses > 0) return 'used';
  return row.expires_at.getTime() <= now.getTime() ? 'expired' : 'active';
}

/** A link as the Data Sources screen lists it; its maker shows while they are in the team. */
export function toClientLink(row: ClientLinkView, now: Date, people: TeamPeople): ClientLink {
  return {
    id: row.id,
    connectorId: row.connector_id,
    recipientEmail: row.recipient_email,
    multiUse: row.multi_use,
    uses: row.uses,
    createdBy: row.created_by ? (people.get(row.created_by) ?? null) : null,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    status: statusOf(row, now),
    credentialId: row.credential_id,
  };
}
