import { Skeleton } from '../../../components/skeleton.tsx';

/** Placeholder rows while a table's data loads; hidden from assistive technology. */
export function SkeletonRows({ columns, rows = 3 }: { columns: number; rows?: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, row) => (
        <tr key={row} aria-hidden="true">
          {Array.from({ length: columns }, (_, column) => (
            <td key={column}>
              <Skeleton width={column === 0 ? 160 : 80} />
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}
