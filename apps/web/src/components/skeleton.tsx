/** A shimmering placeholder block while data loads. */
export function Skeleton({
  width = '100%',
  height = 12,
}: {
  width?: string | number;
  height?: number;
}) {
  return <span className="skeleton" style={{ width, height }} aria-hidden="true" />;
}
