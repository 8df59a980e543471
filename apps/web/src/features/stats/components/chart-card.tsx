import { useState, type ReactNode } from 'react';
import { Button } from '../../../components/button.tsx';
import { toCsv } from '../../../lib/csv.ts';
import { downloadTextFile } from '../../../lib/download-file.ts';

export interface ChartTable {
  columns: readonly string[];
  rows: ReadonlyArray<ReadonlyArray<string | number | null>>;
}

/**
 * A titled chart with the same numbers as a table (for screen readers and for reading exact
 * values) and as a CSV download.
 */
export function ChartCard({
  id,
  title,
  description,
  note,
  table,
  fileName,
  empty,
  footer,
  children,
}: {
  id: string;
  title: string;
  description?: string | undefined;
  /** What the reader must know to read the numbers right (e.g. days no longer kept). */
  note?: string | undefined;
  table: ChartTable;
  fileName: string;
  /** Shown instead of the chart when there is nothing to draw yet. */
  empty?: ReactNode | undefined;
  /** Read after the chart or table: what a figure of the card means. */
  footer?: ReactNode | undefined;
  children: ReactNode;
}) {
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const headingId = `${id}-title`;
  return (
    <section className="card card-padded stats-card" aria-labelledby={headingId} data-testid={id}>
      <div className="card-heading stats-card-heading">
        <div>
          <h2 className="card-title" id={headingId}>
            {title}
          </h2>
          {description && <p className="stats-card-description">{description}</p>}
          {note && (
            <p className="stats-card-note" role="note">
              {note}
            </p>
          )}
        </div>
        {!empty && (
          <div className="stats-card-actions">
            <div className="segmented" role="group" aria-label={`${title}: show as`}>
              <button
                type="button"
                aria-pressed={view === 'chart'}
                onClick={() => setView('chart')}
              >
                Chart
              </button>
              <button
                type="button"
                aria-pressed={view === 'table'}
                onClick={() => setView('table')}
              >
                Table
              </button>
            </div>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => downloadTextFile(fileName, toCsv([table.columns, ...table.rows]))}
            >
              Download CSV
            </Button>
          </div>
        )}
      </div>
      {empty ??
        (view === 'chart' ? (
          children
        ) : (
          <div className="table-wrap" role="region" aria-label={`${title} as a table`} tabIndex={0}>
            <table className="table">
              <thead>
                <tr>
                  {table.columns.map((column) => (
                    <th key={column} scope="col">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.rows.map((row, index) => (
                  <tr key={index}>
                    {row.map((cell, cellIndex) => (
                      <td key={cellIndex}>
                        {typeof cell === 'number' ? cell.toLocaleString('en-US') : (cell ?? '—')}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
      {footer}
    </section>
  );
}
