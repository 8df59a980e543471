/** At or above this share of the limit the meter turns to the warning colour. */
const WARNING_RATIO = 0.8;

export function usageTone(used: number, limit: number): 'ok' | 'warning' | 'full' {
  if (limit <= 0 || used >= limit) return 'full';
  return used / limit >= WARNING_RATIO ? 'warning' : 'ok';
}

/** The live "N of M accounts used" meter of the plan's account limit. */
export function UsageMeter({ used, limit }: { used: number; limit: number }) {
  const tone = usageTone(used, limit);
  const percent = limit > 0 ? Math.min(100, Math.round((used / limit) * 100)) : 100;
  const text = `${used} of ${limit} accounts used`;
  return (
    <div className={`usage usage-${tone}`} data-testid="accounts-meter" data-tone={tone}>
      <div className="usage-text">
        <span>{text}</span>
        {tone === 'full' && <span className="usage-note">Limit reached</span>}
        {tone === 'warning' && <span className="usage-note">Almost full</span>}
      </div>
      <div
        className="meter"
        role="meter"
        aria-label="Accounts used"
        aria-valuemin={0}
        aria-valuemax={limit}
        aria-valuenow={Math.min(used, Math.max(limit, 0))}
        aria-valuetext={text}
      >
        <span className="meter-fill" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
