import { useEffect, useRef } from 'react';

/**
 * Runs `tick` every `intervalMs` while the page is visible. A hidden tab pauses it; coming
 * back runs it at once when a run was missed, then keeps the rhythm. Timeouts (not an
 * interval) so a paused tab never queues runs.
 */
export function useVisibleInterval(tick: () => void, intervalMs: number, enabled = true): void {
  const tickRef = useRef(tick);
  useEffect(() => {
    tickRef.current = tick;
  });

  useEffect(() => {
    if (!enabled || !(intervalMs > 0)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = Date.now();
    const stop = () => {
      clearTimeout(timer);
      timer = undefined;
    };
    const schedule = (delay: number) => {
      stop();
      timer = setTimeout(run, delay);
    };
    function run() {
      last = Date.now();
      tickRef.current();
      schedule(intervalMs);
    }
    const onVisibilityChange = () => {
      if (document.visibilityState === 'hidden') return stop();
      const due = last + intervalMs - Date.now();
      if (due <= 0) run();
      else schedule(due);
    };
    if (document.visibilityState !== 'hidden') schedule(intervalMs);
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', onVisibilityChange);
    };
  }, [enabled, intervalMs]);
}
