import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { ConnectionResult } from '../../features/data-sources/components/connection-result.tsx';
import { parseCallback } from '../../features/data-sources/connection-callback.ts';
import { appConfigQueryOptions } from '../../lib/app-config-query.ts';
import { useSkin } from '../../skins/skin-context.tsx';

const NO_RETURN_ADDRESSES: readonly string[] = [];

/** /data-sources/callback: the return point after a data-source connection (spec §2). */
export function Component() {
  const skin = useSkin();
  const [params] = useSearchParams();
  const config = useQuery(appConfigQueryOptions);
  // Without the allow-list (config failed) no return address is followed.
  const allowList = config.data?.gdsRedirectAllowlist ?? NO_RETURN_ADDRESSES;
  const result = useMemo(() => parseCallback(params, allowList), [params, allowList]);
  return (
    <div className="public-page">
      <img className="public-logo" src={skin.logo} alt={skin.name} width={200} height={40} />
      {config.isPending ? null : <ConnectionResult result={result} />}
    </div>
  );
}
