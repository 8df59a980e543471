import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SETTINGS } from './config.ts';
import { REPO_ROOT } from './paths.ts';
import type { Setting, SettingRow } from './setting.ts';

/** Each documentation table: the file, and the heading it is the first table under. */
const TABLES: Record<SettingRow['table'], { file: string; heading: string }> = {
  configuration: { file: 'README.md', heading: '## Configuration' },
  operations: { file: 'README.md', heading: '### Deployment shape' },
  'data-api': { file: 'docs/data-api.md', heading: '## Settings' },
};

const declared = Object.values(SETTINGS) as Setting[];
const rows = declared.flatMap((setting) => setting.rows);

/** A table's rows as cells keyed by the first (the variables), header and rule left out. */
function documentedRows(file: string, heading: string): Record<string, [string, string]> {
  const lines = fs.readFileSync(path.join(REPO_ROOT, file), 'utf8').split('\n');
  const start = lines.indexOf(heading);
  expect(start, `${file} has the heading ${heading}`).toBeGreaterThanOrEqual(0);
  const first = lines.findIndex((line, index) => index > start && line.startsWith('|'));
  const end = lines.findIndex((line, index) => index > first && !line.startsWith('|'));
  const cells = lines.slice(first + 2, end).map((line) =>
    line
      .slice(1, -1)
      .split(' | ')
      .map((cell) => cell.trim()),
  );
  return Object.fromEntries(
    cells.map(([name = '', fallback = '', meaning = '']) => [name, [fallback, meaning]]),
  );
}

const firstCell = (row: SettingRow) => row.variables.map((name) => `\`${name}\``).join(', ');

describe('the settings documentation', () => {
  it.each(Object.entries(TABLES))(
    'the %s table has exactly the declared rows, each with its declared default and meaning',
    (table, { file, heading }) => {
      const expected = Object.fromEntries(
        rows
          .filter((row) => row.table === table)
          .map((row) => [firstCell(row), [row.default, row.meaning]]),
      );
      expect(documentedRows(file, heading)).toEqual(expected);
    },
  );

  it('names every variable the server reads, in one row per table', () => {
    const documented = rows.flatMap((row) => row.variables.map((name) => `${row.table} ${name}`));
    expect(documented.length).toBe(new Set(documented).size);
    const named = new Set(rows.flatMap((row) => row.variables));
    const read = declared.flatMap((setting) => Object.keys(setting.variables));
    expect(read.filter((name) => !named.has(name))).toEqual([]);
  });
});
