import { useId, useState, type CSSProperties } from 'react';

const TIP_WIDTH = 280;
const MARGIN = 8;

/**
 * A badge that explains itself: hovering, focusing or tapping it shows what it means in a
 * tooltip the badge names as its description; Escape, moving away or tapping elsewhere hides it. The tip is placed
 * on the page (fixed), since the table around it scrolls sideways and would cut it off.
 */
export function FlagBadge({
  tone,
  label,
  tip,
  testId,
}: {
  tone: 'warning' | 'danger';
  label: string;
  tip: string;
  testId: string;
}) {
  const id = useId();
  const [place, setPlace] = useState<CSSProperties | null>(null);
  const show = (badge: HTMLElement) => {
    const rect = badge.getBoundingClientRect();
    const width = Math.min(TIP_WIDTH, window.innerWidth - 2 * MARGIN);
    const left = Math.max(MARGIN, Math.min(rect.left, window.innerWidth - width - MARGIN));
    setPlace({ top: rect.bottom + 4, left, width });
  };
  const hide = () => setPlace(null);
  return (
    <span className="ds-flag">
      <button
        type="button"
        className={`badge badge-${tone} ds-flag-badge`}
        aria-describedby={id}
        data-testid={testId}
        onMouseEnter={(e) => show(e.currentTarget)}
        onMouseLeave={hide}
        onFocus={(e) => show(e.currentTarget)}
        onBlur={hide}
        onClick={(e) => show(e.currentTarget)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') hide();
        }}
      >
        {label}
      </button>
      <span
        role="tooltip"
        id={id}
        className="ds-flag-tip"
        style={place ?? undefined}
        hidden={!place}
      >
        {tip}
      </span>
    </span>
  );
}
