import type { ReactNode } from 'react';

export interface TableColumn<T> {
  /** The column's heading; also each cell's label when a phone stacks the row. */
  header: string;
  /** Heading read by screen readers only (a column of row actions). */
  hideHeader?: boolean;
  /** The first column's cell heads its row (a th), as a role's name does. */
  rowHeader?: boolean;
  /** Classes of the heading and every cell (col-optional hides it on narrow screens). */
  className?: string;
  /** Further classes of the cells only. */
  cellClassName?: string;
  cellTestId?: string;
  cell: (row: T) => ReactNode;
}

interface DataTableProps<T> {
  /** What the table lists: names the scrollable region, or the caption when `caption` is set. */
  label: string;
  /** Named by a hidden caption instead of a focusable region (a table inside a named card). */
  caption?: boolean;
  /** Columns in order; `false` leaves one out (actions for someone who may not act). */
  columns: readonly (TableColumn<T> | false | null | undefined)[];
  /** Undefined while loading: `placeholder` shows instead and the table says it is busy. */
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string;
  rowTestId: string;
  /** Further attributes of a row, e.g. its status for styles and tests. */
  rowData?: (row: T) => Record<`data-${string}`, string>;
  placeholder?: ReactNode;
  /** Classes of the table besides `table`; `table-stack` stacks rows on a phone. */
  className?: string;
}

/**
 * The app's table of records: headed columns, one row per record. A phone stacks each row's
 * cells under their column's name (every column but the first and the hidden ones labels its
 * cells), and the wrapper is a named, focusable region so keyboard users can scroll it.
 */
export function DataTable<T>({
  label,
  caption = false,
  columns,
  rows,
  rowKey,
  rowTestId,
  rowData,
  placeholder,
  className,
}: DataTableProps<T>) {
  const shown = columns.filter((column): column is TableColumn<T> => Boolean(column));
  const region = caption
    ? {}
    : // Focusable so keyboard users can scroll it when a narrow screen makes it overflow.
      { role: 'region', 'aria-label': label, tabIndex: 0 };
  return (
    <div className="table-wrap" {...region}>
      <table
        className={className ? `table ${className}` : 'table'}
        aria-busy={rows === undefined && placeholder !== undefined ? true : undefined}
      >
        {caption && <caption className="visually-hidden">{label}</caption>}
        <thead>
          <tr>
            {shown.map((column) => (
              <th key={column.header} scope="col" className={column.className}>
                {column.hideHeader ? (
                  <span className="visually-hidden">{column.header}</span>
                ) : (
                  column.header
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows === undefined
            ? placeholder
            : rows.map((row) => (
                <tr key={rowKey(row)} data-testid={rowTestId} {...rowData?.(row)}>
                  {shown.map((column, index) => {
                    const props = {
                      className: classes(column.className, column.cellClassName),
                      'data-label': index === 0 || column.hideHeader ? undefined : column.header,
                      'data-testid': column.cellTestId,
                    };
                    return column.rowHeader ? (
                      <th key={column.header} scope="row" {...props}>
                        {column.cell(row)}
                      </th>
                    ) : (
                      <td key={column.header} {...props}>
                        {column.cell(row)}
                      </td>
                    );
                  })}
                </tr>
              ))}
        </tbody>
      </table>
    </div>
  );
}

function classes(...names: Array<string | undefined>): string | undefined {
  return names.filter(Boolean).join(' ') || undefined;
}
