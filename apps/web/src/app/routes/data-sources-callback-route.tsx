import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { ConnectionResult } from '../../features/data-sources/components/connection-result.tsx';
import { parseCallback } from '../../features/data-sources/connection-callback.ts';
import { useSkin } from '../../skins/skin-context.tsx';

/** /data-sources/callback: the return point after a data-source connection (spec §2). */
export function Component() {
  const skin = useSkin();
  const [params] = useSearchParams();
  const result = useMemo(() => parseCallback(params), [params]);
  return (
    <div className="public-page">
      <img className="public-logo" src={skin.logo} alt={skin.name} width={200} height={40} />
      <ConnectionResult result={result} />
    </div>
  );
}
