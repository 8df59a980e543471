import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataTable, type TableColumn } from './data-table.tsx';

interface Person {
  id: string;
  name: string;
  role: string;
}

const PEOPLE: Person[] = [
  { id: '1', name: 'Ann', role: 'Admin' },
  { id: '2', name: 'Bob', role: 'Viewer' },
];

const COLUMNS: TableColumn<Person>[] = [
  { header: 'Member', cell: (p) => p.name },
  { header: 'Role', cellTestId: 'role', cell: (p) => p.role },
  { header: 'Actions', hideHeader: true, cellClassName: 'col-actions', cell: () => 'x' },
];

describe('DataTable', () => {
  it('is a named, focusable region whose rows label their cells by column for a phone', () => {
    render(
      <DataTable
        label="Team members"
        className="table-stack"
        columns={[...COLUMNS, false]}
        rows={PEOPLE}
        rowKey={(p) => p.id}
        rowTestId="member-row"
        rowData={(p) => ({ 'data-role': p.role })}
      />,
    );
    const region = screen.getByRole('region', { name: 'Team members' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Member',
      'Role',
      'Actions',
    ]);
    const [ann] = screen.getAllByTestId('member-row');
    if (!ann) throw new Error('no rows');
    expect(ann).toHaveAttribute('data-role', 'Admin');
    const cells = within(ann).getAllByRole('cell');
    // The first column names the row; a hidden heading labels nothing.
    expect(cells.map((td) => td.getAttribute('data-label'))).toEqual([null, 'Role', null]);
    expect(within(ann).getByTestId('role')).toHaveTextContent('Admin');
    expect(cells[2]).toHaveClass('col-actions');
  });

  it('shows the placeholder and says it is busy while the rows load; a caption names it inside a card', () => {
    render(
      <DataTable
        label="Members of Acme"
        caption
        columns={COLUMNS}
        rows={undefined}
        rowKey={(p) => p.id}
        rowTestId="member-row"
        placeholder={
          <tr>
            <td>Loading</td>
          </tr>
        }
      />,
    );
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Members of Acme' });
    expect(table).toHaveAttribute('aria-busy', 'true');
    expect(within(table).getByText('Loading')).toBeInTheDocument();
    expect(screen.queryAllByTestId('member-row')).toHaveLength(0);
  });
});
