import type { WebhookDelivery } from '@gds/contract';
import { WEBHOOK_REPLAY_WINDOW_SECONDS, formatMediumDate } from '@gds/contract';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { CopyButton } from '../../../components/copy-button.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { errorMessage, isSessionError } from '../../../lib/api-error.ts';
import { showToast } from '../../../lib/toast-store.ts';
import {
  useDeleteTeamWebhook,
  useRotateTeamWebhookSecret,
  useSaveTeamWebhook,
  useSendTeamWebhookTest,
  useTeamWebhook,
} from '../api/team-webhook.ts';

const STATUS_LABEL: Record<WebhookDelivery['status'], string> = {
  pending: 'Retrying',
  delivered: 'Delivered',
  failed: 'Gave up',
};

/**
 * The Team screen's Webhook section: the address credential events are posted to, its signing
 * secret (shown once, when set or replaced), a test event, and the delivery log.
 */
export function WebhookPanel() {
  const hook = useTeamWebhook();
  const [secret, setSecret] = useState<string | null>(null);
  if (hook.isError && !isSessionError(hook.error)) {
    return (
      <EmptyState
        icon="alert"
        tone="danger"
        title="The webhook could not be loaded"
        headingLevel={3}
        actions={<Button onClick={() => void hook.refetch()}>Try again</Button>}
      >
        {errorMessage(hook.error)}
      </EmptyState>
    );
  }
  if (!hook.data) return <Skeleton width="100%" height={120} />;
  const { webhook, deliveries, maxAttempts } = hook.data;
  return (
    <section className="webhook-panel" data-testid="webhook-panel">
      <p className="page-meta">
        We post each change in your data-source logins&apos; health (expiring, failed, revoked,
        reconnected) to this address, signed with a secret only your team sees.
      </p>
      <WebhookForm url={webhook?.url ?? ''} onSecret={setSecret} />
      {secret && <SecretNotice secret={secret} onDone={() => setSecret(null)} />}
      {webhook && <WebhookActions onSecret={setSecret} />}
      {webhook && <DeliveryLog deliveries={deliveries} maxAttempts={maxAttempts} />}
    </section>
  );
}

function WebhookForm({ url, onSecret }: { url: string; onSecret: (s: string) => void }) {
  const inputId = useId();
  const errorId = useId();
  const save = useSaveTeamWebhook();
  const [value, setValue] = useState(url);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const saved = await save.mutateAsync(value);
      if (saved.secret) onSecret(saved.secret);
      showToast('Webhook saved', { tone: 'success' });
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };
  return (
    <form className="webhook-form" onSubmit={(e) => void submit(e)}>
      <label htmlFor={inputId} className="field-label">
        Webhook address
      </label>
      <input
        id={inputId}
        className={error ? 'input input-invalid' : 'input'}
        type="url"
        value={value}
        placeholder="https://example.com/hooks/credentials"
        onChange={(e) => setValue(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        data-testid="webhook-url"
      />
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
      <Button type="submit" variant="primary" loading={save.isPending} data-testid="webhook-save">
        {url ? 'Save address' : 'Set webhook'}
      </Button>
    </form>
  );
}

function SecretNotice({ secret, onDone }: { secret: string; onDone: () => void }) {
  return (
    <div className="webhook-secret" role="status" data-testid="webhook-secret">
      <p>
        <strong>Signing secret</strong> — copy it now: it is not shown again.
      </p>
      <p className="page-meta">
        Check each delivery&apos;s signature with it, and refuse one signed more than{' '}
        {WEBHOOK_REPLAY_WINDOW_SECONDS / 60} minutes ago.
      </p>
      <code className="webhook-secret-value">{secret}</code>
      <CopyButton text={secret} what="Secret" testId="webhook-secret-copy" />
      <Button variant="ghost" size="sm" onClick={onDone}>
        Done
      </Button>
    </div>
  );
}

function WebhookActions({ onSecret }: { onSecret: (s: string) => void }) {
  const test = useSendTeamWebhookTest();
  const rotate = useRotateTeamWebhookSecret();
  const remove = useDeleteTeamWebhook();
  const [confirming, setConfirming] = useState<'rotate' | 'delete' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (what: 'rotate' | 'delete') => {
    setError(null);
    try {
      if (what === 'rotate') onSecret((await rotate.mutateAsync()).secret);
      else await remove.mutateAsync();
      setConfirming(null);
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };
  return (
    <div className="webhook-actions">
      <Button
        loading={test.isPending}
        data-testid="webhook-test"
        onClick={() =>
          void test.mutateAsync().then(
            () => showToast('Test event queued', { tone: 'success' }),
            (caught: unknown) => showToast(errorMessage(caught), { tone: 'danger' }),
          )
        }
      >
        Send test event
      </Button>
      <Button onClick={() => setConfirming('rotate')}>Replace secret</Button>
      <Button variant="danger" onClick={() => setConfirming('delete')}>
        Remove webhook
      </Button>
      <ConfirmDialog
        open={confirming !== null}
        title={confirming === 'rotate' ? 'Replace the signing secret?' : 'Remove the webhook?'}
        confirmLabel={confirming === 'rotate' ? 'Replace secret' : 'Remove webhook'}
        onConfirm={() => run(confirming ?? 'rotate')}
        onCancel={() => setConfirming(null)}
        error={error}
      >
        {confirming === 'rotate'
          ? 'Deliveries from now on are signed with the new secret; update your receiver right away.'
          : 'Nothing more is posted to it; deliveries not yet made are dropped.'}
      </ConfirmDialog>
    </div>
  );
}

function DeliveryLog({
  deliveries,
  maxAttempts,
}: {
  deliveries: readonly WebhookDelivery[];
  maxAttempts: number;
}) {
  if (deliveries.length === 0) {
    return <p className="page-meta">No deliveries yet. Send a test event to try the address.</p>;
  }
  return (
    <div>
      <p className="page-meta">
        Deliveries, retried with growing waits, up to {maxAttempts} attempts each.
      </p>
      <DataTable
        label="Deliveries"
        className="table-stack"
        rows={deliveries}
        rowKey={(d) => d.id}
        rowTestId="webhook-delivery"
        columns={[
          {
            header: 'Event',
            cell: (d) => (
              <>
                {d.kind === 'test' ? 'Test event' : d.kind.replace('_', ' ')}
                {d.credentialName ? ` · ${d.credentialName}` : ''}
                <div className="page-meta">{formatMediumDate(d.createdAt)}</div>
              </>
            ),
          },
          {
            header: 'Status',
            cell: (d) => (
              <>
                {STATUS_LABEL[d.status]}
                {d.nextAttemptAt && d.attempts > 0 ? (
                  <div className="page-meta">
                    next {new Date(d.nextAttemptAt).toLocaleTimeString()}
                  </div>
                ) : null}
              </>
            ),
          },
          { header: 'HTTP', cell: (d) => d.httpStatus ?? '–' },
          { header: 'Time', cell: (d) => (d.durationMs === null ? '–' : `${d.durationMs} ms`) },
          { header: 'Attempts', cell: (d) => `${d.attempts}/${maxAttempts}` },
          { header: 'Reason', cell: (d) => d.error ?? '' },
        ]}
      />
    </div>
  );
}
