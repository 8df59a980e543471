import { ConnectorBadge } from '../../../components/connector-badge.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { Button } from '../../../components/button.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { countOf } from '../../../lib/counts.ts';
import {
  isUnknown,
  useClientConnectionResult,
  type ClientConnectionResult,
} from '../api/client-connect.ts';

function wording({ teamName, connectorName, result }: ClientConnectionResult) {
  const connector = connectorName || 'data source';
  if (result.status === 'connected') {
    const skipped =
      result.accountsSkipped > 0
        ? ` ${countOf(result.accountsSkipped, 'account was', 'accounts were')} not added: ${teamName}'s plan has no room for more.`
        : '';
    return {
      tone: 'neutral' as const,
      icon: 'success' as const,
      title: `Your ${connector} account was connected`,
      text: `${countOf(result.accountsAdded, 'account is', 'accounts are')} now shared with ${teamName}.${skipped} You can close this page.`,
    };
  }
  if (result.status === 'denied') {
    return {
      tone: 'neutral' as const,
      icon: 'info' as const,
      title: 'Nothing was connected',
      text: `You did not give access at ${connector}. If you change your mind, open the link you were sent again.`,
    };
  }
  return {
    tone: 'danger' as const,
    icon: 'alert' as const,
    title: `Your ${connector} account could not be connected`,
    text: result.error ?? 'Please open the link you were sent again and retry.',
  };
}

/**
 * /connect/done?id=…: how the client's connection ended, on the client's own page. Only the
 * browser that made the connection can read it; anything else says there is nothing to show.
 */
export function ClientConnectResultPage({ id }: { id: string }) {
  const answer = useClientConnectionResult(id);
  if (id === '' || (answer.isError && isUnknown(answer.error))) {
    return (
      <div className="card link-card" data-testid="client-result-none">
        <EmptyState icon="compass" title="There is nothing to show here" headingLevel={1}>
          This page shows the outcome right after you connect, in the browser you connected from. To
          connect, open the link you were sent again.
        </EmptyState>
      </div>
    );
  }
  if (answer.isError) {
    return (
      <div className="card link-card" data-testid="client-result-load-error">
        <EmptyState
          icon="alert"
          tone="danger"
          title="The outcome could not be loaded"
          headingLevel={1}
          actions={<Button onClick={() => void answer.refetch()}>Try again</Button>}
        >
          {errorMessage(answer.error)}
        </EmptyState>
      </div>
    );
  }
  if (!answer.data) {
    return (
      <div className="card link-card" aria-busy="true">
        <Skeleton width="70%" height={26} />
        <span className="visually-hidden" role="status">
          Loading
        </span>
      </div>
    );
  }
  const { tone, icon, title, text } = wording(answer.data);
  return (
    <div
      className="card link-card"
      data-testid="client-result"
      data-status={answer.data.result.status}
    >
      <span className="link-result-mark">
        <ConnectorBadge
          connector={{ id: answer.data.connectorId, name: answer.data.connectorName }}
          size="lg"
        />
      </span>
      <EmptyState icon={icon} tone={tone} title={title} headingLevel={1} help={false}>
        <span data-testid="client-result-text">{text}</span>
      </EmptyState>
    </div>
  );
}
