import type { ClientLink } from '@gds/contract';
import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { Icon } from '../../../components/icon.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { errorMessage, isSessionError } from '../../../lib/api-error.ts';
import { showToast } from '../../../lib/toast-store.ts';
import {
  useClientLinks,
  useRevokeClientLink,
  type CreatedClientLink,
} from '../api/client-links.ts';
import { ClientLinkCreatedDialog } from './client-link-created-dialog.tsx';
import { ClientLinksTable } from './client-links-table.tsx';
import { CreateClientLinkDialog, type LinkableConnector } from './create-client-link-dialog.tsx';

interface ClientLinksSectionProps {
  /** The connectors a link may be for (OAuth, allowed for the team now). */
  connectors: readonly LinkableConnector[];
  connectorName: (id: number) => string;
}

/**
 * "Client links" on Data Sources (manage_data_sources): links that let a client connect their
 * own accounts of one data source, made, listed and revoked here.
 */
export function ClientLinksSection({ connectors, connectorName }: ClientLinksSectionProps) {
  const links = useClientLinks(true);
  const revoke = useRevokeClientLink();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedClientLink | null>(null);
  const [revoking, setRevoking] = useState<ReadonlySet<string>>(new Set());

  const onRevoke = async (link: ClientLink) => {
    setRevoking((ids) => new Set(ids).add(link.id));
    try {
      await revoke.mutateAsync(link.id);
      showToast(`The ${connectorName(link.connectorId)} link was revoked`, { tone: 'success' });
    } catch (error) {
      if (!isSessionError(error)) showToast(errorMessage(error), { tone: 'danger' });
    } finally {
      setRevoking((ids) => {
        const next = new Set(ids);
        next.delete(link.id);
        return next;
      });
    }
  };

  return (
    <section
      className="card client-links"
      aria-labelledby="client-links-title"
      data-testid="client-links"
    >
      <div className="card-heading card-padded-x client-links-heading">
        <div>
          <h2 id="client-links-title" className="card-title">
            Client links
            {links.data && links.data.length > 0 && (
              <span className="count">{links.data.length}</span>
            )}
          </h2>
          <p className="card-subtitle">
            Send a client a link to connect their own accounts: no account here, no shared password.
            What they connect counts toward your plan.
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
      {links.isError && !isSessionError(links.error) ? (
        <div className="alert alert-danger card-padded-x" role="alert">
          <Icon name="alert" size={16} />
          <span>Client links could not be loaded. {errorMessage(links.error)}</span>
          <Button size="sm" onClick={() => void links.refetch()}>
            Try again
          </Button>
        </div>
      ) : !links.data ? (
        <div className="card-padded-x" aria-busy="true">
          <Skeleton width="100%" height={40} />
        </div>
      ) : links.data.length === 0 ? (
        <p className="client-links-empty card-padded-x" data-testid="client-links-empty">
          No client links yet.
        </p>
      ) : (
        <ClientLinksTable
          links={links.data}
          connectorName={connectorName}
          revoking={revoking}
          onRevoke={(link) => void onRevoke(link)}
        />
      )}
      {creating && (
        <CreateClientLinkDialog
          connectors={connectors}
          onClose={() => setCreating(false)}
          onCreated={(result) => {
            setCreating(false);
            setCreated(result);
          }}
        />
      )}
      {created && (
        <ClientLinkCreatedDialog
          created={created}
          connectorName={connectorName(created.link.connectorId)}
          onClose={() => setCreated(null)}
        />
      )}
    </section>
  );
}
