import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { showToast } from '../../../lib/toast-store.ts';
import {
  useConnectorGrants,
  useRevokeConnectorGrant,
  type ConnectorGrant,
} from '../api/connector-grants-query.ts';

/**
 * "Looker Studio access": who in the team let the Looker Studio connector read the team's
 * data, when, and when it last did. Each can be revoked (one's own, or anyone's with Manage
 * data sources); the connector is refused from its next request on.
 */
export function ConnectorGrants() {
  const grants = useConnectorGrants();
  const revoke = useRevokeConnectorGrant();
  const [toRevoke, setToRevoke] = useState<ConnectorGrant | null>(null);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    if (!toRevoke) return;
    try {
      await revoke.mutateAsync(toRevoke.id);
      showToast('Looker Studio access revoked', { tone: 'success' });
      setToRevoke(null);
      setError(null);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  const list = grants.data;
  return (
    <section
      className="card ds-grants"
      aria-labelledby="ds-grants-title"
      data-testid="connector-grants"
    >
      <h2 id="ds-grants-title" className="ds-grants-title">
        Looker Studio access
      </h2>
      <p className="page-meta">
        Members who allowed the Looker Studio connector to read this team&apos;s data.
      </p>
      {grants.isError && !list ? (
        <p className="ds-grants-error" role="alert">
          The list could not be loaded. {errorMessage(grants.error)}{' '}
          <Button size="sm" onClick={() => void grants.refetch()}>
            Try again
          </Button>
        </p>
      ) : !list ? (
        <Skeleton width="100%" height={40} />
      ) : list.length === 0 ? (
        <p data-testid="connector-grants-empty">
          No one has connected the Looker Studio connector yet.
        </p>
      ) : (
        <div className="table-wrap" role="region" aria-label="Looker Studio access" tabIndex={0}>
          <table className="table table-stack">
            <thead>
              <tr>
                <th scope="col">Member</th>
                <th scope="col">Connector</th>
                <th scope="col">Allowed</th>
                <th scope="col">Last used</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((grant) => (
                <tr key={grant.id} data-testid="connector-grant-row">
                  <td>{grant.user ? grant.user.name || grant.user.email : 'A former member'}</td>
                  <td data-label="Connector">{grant.client.name}</td>
                  <td data-label="Allowed">
                    <RelativeTime value={grant.createdAt} />
                  </td>
                  <td data-label="Last used">
                    <RelativeTime value={grant.lastUsedAt} fallback="Never" />
                  </td>
                  <td>
                    {grant.revocable && (
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() => {
                          setError(null);
                          setToRevoke(grant);
                        }}
                        data-testid="revoke-grant"
                      >
                        Revoke
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        open={toRevoke !== null}
        title="Revoke Looker Studio access?"
        confirmLabel="Revoke access"
        onConfirm={confirm}
        onCancel={() => setToRevoke(null)}
        error={error}
        testId="revoke-grant-dialog"
      >
        Reports that use the connector with{' '}
        {toRevoke?.user ? `${toRevoke.user.name || toRevoke.user.email}'s` : 'this'} access stop
        loading data until someone authorizes it again.
      </ConfirmDialog>
    </section>
  );
}
