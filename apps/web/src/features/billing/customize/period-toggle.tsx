import { V1_ANNUAL_DISCOUNT } from '@gds/contract';
import type { BillingPeriod } from '@gds/contract';
import { useId } from 'react';
import { Badge } from '../../../components/badge.tsx';
import type { PlanPrices } from '../api/catalogue.ts';
import { money } from '../billing-format.ts';

interface PeriodToggleProps {
  plans: PlanPrices;
  value: BillingPeriod;
  onChange: (period: BillingPeriod) => void;
}

const OPTIONS: ReadonlyArray<{ period: BillingPeriod; label: string; per: string }> = [
  { period: 'month', label: 'Monthly', per: 'month' },
  { period: 'year', label: 'Annual', per: 'year' },
];

/** Monthly or annual, each with its base price; annual names its saving where the plan gives one. */
export function PeriodToggle({ plans, value, onChange }: PeriodToggleProps) {
  const name = useId();
  return (
    <fieldset className="billing-period" data-testid="period-toggle">
      <legend className="field-label">Billing period</legend>
      <div className="billing-period-options">
        {OPTIONS.map((option) => {
          const plan = plans.plans[option.period];
          return (
            <label
              key={option.period}
              className="billing-period-option"
              data-checked={value === option.period || undefined}
            >
              <input
                type="radio"
                name={name}
                value={option.period}
                checked={value === option.period}
                onChange={() => onChange(option.period)}
                data-testid={`period-${option.period}`}
              />
              <span className="billing-period-text">
                <span className="billing-period-label">
                  {option.label}
                  {option.period === 'year' && plan.applyDiscount && (
                    <Badge tone="success">Save {Math.round(V1_ANNUAL_DISCOUNT * 100)}%</Badge>
                  )}
                </span>
                <span className="billing-muted">
                  {money(plan.price, plans.currency)} / {option.per}
                </span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
