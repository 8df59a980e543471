import { Skeleton } from '../../../components/skeleton.tsx';
import { useConnectors } from '../api/connectors-query.ts';

/** A glimpse of the catalog the Data Sources screen will offer. */
export function ConnectorPreview() {
  const { data, isPending, isError } = useConnectors();
  if (isError) return null;
  return (
    <div className="connector-preview">
      <h2 className="connector-preview-title">
        {isPending
          ? 'Loading connectors…'
          : `${data.allowed.length} connectors available on your plan`}
      </h2>
      <ul className="chip-list" aria-busy={isPending || undefined}>
        {isPending
          ? [0, 1, 2, 3, 4, 5].map((key) => (
              <li key={key}>
                <Skeleton width={110} height={28} />
              </li>
            ))
          : data.all
              .filter((connector) => !connector.deprecated)
              .map((connector) => (
                <li key={connector.id} className={connector.allowed ? 'chip' : 'chip chip-muted'}>
                  {connector.name}
                  {connector.beta && <span className="chip-tag">Beta</span>}
                </li>
              ))}
      </ul>
    </div>
  );
}
