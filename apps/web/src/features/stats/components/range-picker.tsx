import { useId, useState } from 'react';
import { STATS_MAX_RANGE_DAYS } from '@gds/contract';
import { RANGE_PRESETS, rangeLength, type RangePresetId, type StatsRange } from '../stats-range.ts';

export type RangeChoice =
  { preset: RangePresetId } | { preset: 'custom'; from: string; to: string };

/** Presets for the usual questions, and From/To for any range up to a year. */
export function RangePicker({
  choice,
  range,
  onChange,
}: {
  choice: RangeChoice;
  range: StatsRange;
  onChange: (choice: RangeChoice) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState({ from: range.from, to: range.to });
  const error =
    draft.from > draft.to
      ? 'The start date must not be after the end date.'
      : rangeLength(draft) > STATS_MAX_RANGE_DAYS
        ? `Choose a range of at most ${STATS_MAX_RANGE_DAYS} days.`
        : null;
  const apply = (next: typeof draft) => {
    setDraft(next);
    const invalid =
      !next.from || !next.to || next.from > next.to || rangeLength(next) > STATS_MAX_RANGE_DAYS;
    if (!invalid) onChange({ preset: 'custom', ...next });
  };

  return (
    <div className="stats-range">
      <div className="segmented" role="group" aria-label="Date range">
        {RANGE_PRESETS.map((preset) => (
          <button
            key={preset.id}
            type="button"
            aria-pressed={choice.preset === preset.id}
            onClick={() => onChange({ preset: preset.id })}
          >
            {preset.label}
          </button>
        ))}
      </div>
      <div className="stats-range-custom">
        <label htmlFor={`${id}-from`}>From</label>
        <input
          id={`${id}-from`}
          type="date"
          value={choice.preset === 'custom' ? draft.from : range.from}
          max={range.to}
          onChange={(event) =>
            apply({
              from: event.target.value,
              to: choice.preset === 'custom' ? draft.to : range.to,
            })
          }
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <label htmlFor={`${id}-to`}>To</label>
        <input
          id={`${id}-to`}
          type="date"
          value={choice.preset === 'custom' ? draft.to : range.to}
          onChange={(event) =>
            apply({
              from: choice.preset === 'custom' ? draft.from : range.from,
              to: event.target.value,
            })
          }
          aria-invalid={error ? true : undefined}
        />
      </div>
      {error && choice.preset === 'custom' && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
