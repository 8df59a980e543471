import type { ReactNode } from 'react';
import { ConnectorBadge } from '../../../components/connector-badge.tsx';
import { Icon, type IconName } from '../../../components/icon.tsx';

/**
 * The card of /data-sources/callback: the connector's mark (when known) beside an icon in the
 * outcome's tone, a title, the details.
 */
export function ResultCard({
  icon,
  tone,
  title,
  testId,
  connector,
  children,
}: {
  icon: IconName;
  tone: 'success' | 'danger' | 'neutral';
  title: string;
  testId: string;
  connector?: { id: number; name: string } | undefined;
  children: ReactNode;
}) {
  return (
    <div className={`card result-card result-${tone}`} data-testid={testId}>
      <span className="result-marks">
        {connector && <ConnectorBadge connector={connector} size="lg" />}
        <span className="result-icon">
          <Icon name={icon} size={26} />
        </span>
      </span>
      <h1 className="result-title">{title}</h1>
      <div className="result-body">{children}</div>
    </div>
  );
}
