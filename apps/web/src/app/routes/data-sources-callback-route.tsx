import { useSearchParams } from 'react-router';
import {
  ConnectionResultUnavailable,
  NoConnectionResult,
} from '../../features/data-sources/connect/connection-result-notices.tsx';
import {
  ConnectionResult,
  ResultSkeleton,
} from '../../features/data-sources/connect/connection-result.tsx';
import { useConnectionCallback } from '../../features/data-sources/connect/use-connection-callback.ts';
import { useSkin } from '../../skins/skin-context.tsx';

/**
 * /data-sources/callback: the return point after a data-source connection. The
 * address names a result id only; everything shown comes from the server's answer for it.
 */
export function Component() {
  const skin = useSkin();
  const [params] = useSearchParams();
  const view = useConnectionCallback(params.get('id'));
  return (
    <div className="public-page">
      <img className="public-logo" src={skin.logo} alt={skin.name} width={200} height={40} />
      {view.kind === 'loading' && <ResultSkeleton />}
      {view.kind === 'none' && <NoConnectionResult />}
      {view.kind === 'unavailable' && <ConnectionResultUnavailable onRetry={view.retry} />}
      {view.kind === 'result' && <ConnectionResult result={view.result} />}
    </div>
  );
}
