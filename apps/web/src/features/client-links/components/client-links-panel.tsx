import type { ClientLink } from '@gds/contract';
import { useMemo, useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Icon } from '../../../components/icon.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { errorMessage, isSessionError } from '../../../lib/api-error.ts';
import { useCan } from '../../../lib/permissions.ts';
import { showToast } from '../../../lib/toast-store.ts';
import { useClientLinks, useRevokeClientLink } from '../api/client-links.ts';
import { linkableConnectors, type LinkConnector } from '../client-link-format.ts';
import { ClientLinksTable } from './client-links-table.tsx';
import { NewClientLinkDialog } from './new-client-link-dialog.tsx';
import { RevokeClientLinkDialog } from './revoke-client-link-dialog.tsx';

/**
 * Client links on the Data Sources screen (manage_data_sources): links a client opens to
 * connect their own accounts into the team. Active links first; ended ones on request.
 */
export function ClientLinksPanel({ connectors }: { connectors: readonly LinkConnector[] }) {
  const canManage = useCan(['manage_data_sources']);
  const links = useClientLinks(canManage);
  const revoke = useRevokeClientLink();
  const [creating, setCreating] = useState(false);
  const [toRevoke, setToRevoke] = useState<ClientLink | null>(null);
  const [showEnded, setShowEnded] = useState(false);
  const linkable = useMemo(() => linkableConnectors(connectors), [connectors]);
  const names = useMemo(() => new Map(connectors.map((c) => [c.id, c.name])), [connectors]);
  const connectorName = (id: number) => names.get(id) ?? `Connector ${id}`;

  if (!canManage) return null;
  const all = links.data ?? [];
  const active = all.filter((link) => link.status === 'active');
  const ended = all.length - active.length;
  const shown = showEnded ? all : active;

  const confirmRevoke = (link: ClientLink) =>
    revoke.mutate(link.id, {
      onSuccess: () => {
        setToRevoke(null);
        showToast(`The ${connectorName(link.connectorId)} link was revoked`, { tone: 'success' });
      },
      onError: (error) => {
        setToRevoke(null);
        if (!isSessionError(error)) showToast(errorMessage(error), { tone: 'danger' });
      },
    });

  return (
    <div className="page page-continued">
      <section className="card client-links" aria-labelledby="client-links-title">
        <div className="card-heading card-padded-x">
          <div>
            <h2 id="client-links-title" className="card-title">
              Client links
              {links.data && <span className="count">{active.length}</span>}
            </h2>
            <p className="card-subtitle">
              Let a client connect their own accounts to your team, without sharing a password.
            </p>
          </div>
          <Button
            icon={<Icon name="plus" size={16} />}
            onClick={() => setCreating(true)}
            data-testid="new-client-link"
          >
            New client link
          </Button>
        </div>

        {links.isError && !links.data && !isSessionError(links.error) ? (
          <EmptyState
            icon="alert"
            tone="danger"
            title="Client links could not be loaded"
            headingLevel={3}
            actions={<Button onClick={() => void links.refetch()}>Try again</Button>}
          >
            {errorMessage(links.error)}
          </EmptyState>
        ) : !links.data ? (
          <div className="card-padded" aria-busy="true">
            <Skeleton height={14} />
            <span className="visually-hidden" role="status">
              Loading client links
            </span>
          </div>
        ) : shown.length === 0 ? (
          <EmptyState icon="plug" title="No active client links" headingLevel={3}>
            Create one when a client should connect an account you cannot sign in to yourself. It
            works for the days you choose, and you can revoke it any time.
          </EmptyState>
        ) : (
          <ClientLinksTable links={shown} connectorName={connectorName} onRevoke={setToRevoke} />
        )}

        {ended > 0 && (
          <div className="card-padded-x client-links-more">
            <button
              type="button"
              className="link-button"
              aria-pressed={showEnded}
              onClick={() => setShowEnded((value) => !value)}
              data-testid="client-links-ended"
            >
              {showEnded ? 'Hide used, expired and revoked links' : `Show ${ended} ended links`}
            </button>
          </div>
        )}

        <NewClientLinkDialog
          open={creating}
          onClose={() => setCreating(false)}
          connectors={linkable}
        />
        <RevokeClientLinkDialog
          link={toRevoke}
          connectorName={toRevoke ? connectorName(toRevoke.connectorId) : ''}
          revoking={revoke.isPending}
          onCancel={() => setToRevoke(null)}
          onConfirm={confirmRevoke}
        />
      </section>
    </div>
  );
}
