/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return that hides
 * one) as a formula, so such a cell gets a leading apostrophe: shown as text, never run.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell (RFC 4180): quoted when it holds a quote, comma or line break; quotes doubled. */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Rows as CSV text, lines ended with CRLF. Numbers are written plainly (no formula risk). */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<string | number | null>>): string {
  return (
    rows
      .map((cells) =>
        cells
          .map((cell) => (typeof cell === 'number' ? String(cell) : csvCell(cell ?? '')))
          .join(','),
      )
      .join('\r\n') + '\r\n'
  );
}
