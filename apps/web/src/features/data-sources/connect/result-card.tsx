import type { ReactNode } from 'react';
import { Icon, type IconName } from '../../../components/icon.tsx';

/** The card of /data-sources/callback: an icon in the outcome's tone, a title, the details. */
export function ResultCard({
  icon,
  tone,
  title,
  testId,
  children,
}: {
  icon: IconName;
  tone: 'success' | 'danger' | 'neutral';
  title: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <div className={`card result-card result-${tone}`} data-testid={testId}>
      <span className="result-icon">
        <Icon name={icon} size={26} />
      </span>
      <h1 className="result-title">{title}</h1>
      <div className="result-body">{children}</div>
    </div>
  );
}
