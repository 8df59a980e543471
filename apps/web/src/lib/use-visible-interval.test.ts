import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useVisibleInterval } from './use-visible-interval.ts';

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('useVisibleInterval', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    setVisibility('visible');
  });
  afterEach(() => {
    setVisibility('visible');
    vi.useRealTimers();
  });

  it('runs on its interval while visible', () => {
    const tick = vi.fn();
    renderHook(() => useVisibleInterval(tick, 1000));
    vi.advanceTimersByTime(999);
    expect(tick).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(tick).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(2000);
    expect(tick).toHaveBeenCalledTimes(3);
  });

  it('pauses while hidden, and catches up once on return', () => {
    const tick = vi.fn();
    renderHook(() => useVisibleInterval(tick, 1000));
    vi.advanceTimersByTime(500);
    setVisibility('hidden');
    vi.advanceTimersByTime(10_000);
    expect(tick).not.toHaveBeenCalled();
    setVisibility('visible');
    expect(tick).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(999);
    expect(tick).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(tick).toHaveBeenCalledTimes(2);
  });

  it('does nothing when disabled, and stops on unmount', () => {
    const tick = vi.fn();
    renderHook(() => useVisibleInterval(tick, 1000, false));
    const { unmount } = renderHook(() => useVisibleInterval(tick, 1000));
    unmount();
    vi.advanceTimersByTime(5000);
    expect(tick).not.toHaveBeenCalled();
  });
});
