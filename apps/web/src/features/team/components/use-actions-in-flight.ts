import { useCallback, useState } from 'react';

/**
 * Runs actions named by a key (e.g. "resend:inv-1") and says which are in flight. The key is
 * marked in the click's own handler, before any request goes, so the buttons that check it
 * are disabled at once and a double click sends one request.
 */
export function useActionsInFlight() {
  const [inFlight, setInFlight] = useState<ReadonlySet<string>>(() => new Set());
  const run = useCallback(async (key: string, action: () => Promise<void>) => {
    setInFlight((keys) => new Set(keys).add(key));
    try {
      await action();
    } finally {
      setInFlight((keys) => new Set([...keys].filter((k) => k !== key)));
    }
  }, []);
  return { inFlight, run };
}
