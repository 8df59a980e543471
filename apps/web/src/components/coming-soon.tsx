import type { ReactNode } from 'react';
import { Badge } from './badge.tsx';
import { EmptyState } from './empty-state.tsx';
import type { IconName } from './icon.tsx';

interface ComingSoonProps {
  icon: IconName;
  title: string;
  description: string;
  actions?: ReactNode;
  children?: ReactNode;
}

/** A screen whose features ship in a later release: says what will be there, and a way on. */
export function ComingSoon({ icon, title, description, actions, children }: ComingSoonProps) {
  return (
    <div className="card coming-soon" data-testid="coming-soon">
      <EmptyState
        icon={icon}
        title={title}
        headingLevel={1}
        badge={<Badge tone="primary">Coming soon</Badge>}
        actions={actions}
      >
        <p>{description}</p>
      </EmptyState>
      {children}
    </div>
  );
}
