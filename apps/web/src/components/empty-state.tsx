import type { ReactNode } from 'react';
import { Icon, type IconName } from './icon.tsx';
import { SupportLinks } from './support-links.tsx';

interface EmptyStateProps {
  icon: IconName;
  title: string;
  children?: ReactNode;
  /** Buttons or links offered below the text. */
  actions?: ReactNode;
  tone?: 'neutral' | 'danger';
  /** Heading level: pages use h1 for their main state, sections h2/h3. */
  headingLevel?: 1 | 2 | 3;
  /**
   * Offer the FAQ and support contacts below. On by default for errors: someone who hits one
   * is the person most likely to need help.
   */
  help?: boolean;
}

export function EmptyState({
  icon,
  title,
  children,
  actions,
  tone = 'neutral',
  headingLevel = 2,
  help = tone === 'danger',
}: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={`empty-state empty-state-${tone}`}>
      <span className="empty-state-icon">
        <Icon name={icon} size={26} />
      </span>
      <Heading className="empty-state-title">{title}</Heading>
      {children && <div className="empty-state-text">{children}</div>}
      {actions && <div className="empty-state-actions">{actions}</div>}
      {help && (
        <div className="empty-state-help">
          <SupportLinks />
        </div>
      )}
    </div>
  );
}
