import type { ReactNode } from 'react';
import { ConnectorBadge } from '../../../components/connector-badge.tsx';

/**
 * A Stats card holding one table under its heading, in a named region keyboard users can
 * scroll; `empty`, when given, is said instead of the table.
 */
export function StatsTableCard({
  id,
  title,
  empty,
  children,
}: {
  /** Names the card's test id (`stats-<id>`) and its heading's id. */
  id: string;
  title: string;
  empty: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      className="card stats-card"
      aria-labelledby={`stats-${id}-title`}
      data-testid={`stats-${id}`}
    >
      <div className="card-heading card-padded-x">
        <h2 className="card-title" id={`stats-${id}-title`}>
          {title}
        </h2>
      </div>
      {empty ? (
        <p className="stats-note card-padded-x">{empty}</p>
      ) : (
        <div className="table-wrap" role="region" aria-label={title} tabIndex={0}>
          <table className="table table-stack">{children}</table>
        </div>
      )}
    </section>
  );
}

/** A table cell naming a connector, with its mark. */
export function ConnectorCell({ id, name }: { id: number; name: string }) {
  return (
    <td data-label="Data source">
      <span className="stats-connector">
        <ConnectorBadge connector={{ id, name }} size="sm" />
        {name}
      </span>
    </td>
  );
}
