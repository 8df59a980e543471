/**
 * Empty space standing for the rows of a long table that are not rendered, so the page keeps
 * the height (and the scroll bar its place) it would have with every row.
 */
export function GapRow({ height, columns }: { height: number; columns: number }) {
  return (
    <tr className="ds-gap-row">
      <td colSpan={columns} style={{ height }} />
    </tr>
  );
}
