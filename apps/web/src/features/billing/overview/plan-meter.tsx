import type { ReactNode } from 'react';

/** At or above this share of the limit the meter turns to the warning colour. */
const WARNING_RATIO = 0.8;

export type MeterTone = 'ok' | 'warning' | 'full' | 'over';

export function meterTone(used: number, limit: number): MeterTone {
  if (used > limit) return 'over';
  if (limit <= 0 || used === limit) return 'full';
  return used / limit >= WARNING_RATIO ? 'warning' : 'ok';
}

interface PlanMeterProps {
  /** Plural noun: "accounts", "users". */
  noun: string;
  used: number;
  limit: number;
  testId: string;
  /** What to do when the limit is passed (after a downgrade): shown in the danger colour. */
  overHint: ReactNode;
  /** What to do when the limit is reached. */
  fullHint: ReactNode;
}

/** "N of M used" against a plan limit; over the limit it says so and what to do. */
export function PlanMeter({ noun, used, limit, testId, overHint, fullHint }: PlanMeterProps) {
  const tone = meterTone(used, limit);
  const percent = limit > 0 ? Math.min(100, Math.round((used / limit) * 100)) : 100;
  const text = `${used.toLocaleString('en-US')} of ${limit.toLocaleString('en-US')} ${noun} used`;
  return (
    <div
      className={`usage billing-meter usage-${tone === 'over' ? 'full' : tone}`}
      data-testid={testId}
      data-tone={tone}
    >
      <div className="usage-text">
        <span>{text}</span>
        {tone === 'over' && <span className="usage-note">Over the limit</span>}
        {tone === 'full' && <span className="usage-note">Limit reached</span>}
        {tone === 'warning' && <span className="usage-note">Almost full</span>}
      </div>
      <div
        className="meter"
        role="meter"
        aria-label={`${noun.charAt(0).toUpperCase()}${noun.slice(1)} used`}
        aria-valuemin={0}
        aria-valuemax={limit}
        aria-valuenow={Math.min(used, Math.max(limit, 0))}
        aria-valuetext={text}
      >
        <span className="meter-fill" style={{ width: `${percent}%` }} />
      </div>
      {tone === 'over' && <p className="billing-meter-hint billing-meter-over">{overHint}</p>}
      {tone === 'full' && <p className="billing-meter-hint">{fullHint}</p>}
    </div>
  );
}
