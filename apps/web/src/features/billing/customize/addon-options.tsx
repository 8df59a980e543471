import type { Addon, BillingPeriod } from '@gds/contract';
import { money, periodNoun } from '../billing-format.ts';

interface AddonOptionsProps {
  addons: Addon[];
  period: BillingPeriod;
  currency: string;
  selected: readonly string[];
  onChange: (selected: string[]) => void;
}

/** The connector add-ons the skin sells, each with its price for the chosen period. */
export function AddonOptions({ addons, period, currency, selected, onChange }: AddonOptionsProps) {
  const toggle = (id: string, on: boolean) =>
    onChange(on ? [...selected, id] : selected.filter((other) => other !== id));
  return (
    <fieldset className="billing-addon-options" data-testid="addon-options">
      <legend className="field-label">Add-on connectors</legend>
      <div className="billing-addon-grid">
        {addons.map((addon) => {
          const price = addon.prices[period];
          return (
            <label key={addon.id} className="checkbox-row billing-addon-option">
              <input
                type="checkbox"
                checked={selected.includes(addon.id)}
                disabled={price === null}
                onChange={(event) => toggle(addon.id, event.target.checked)}
                data-testid={`addon-${addon.id}`}
              />
              <span className="billing-addon-option-text">
                <span className="billing-addon-name">{addon.name}</span>
                <span className="billing-muted">
                  {price === null
                    ? `Not sold ${period === 'year' ? 'annually' : 'monthly'}`
                    : `${money(price, currency)} / ${periodNoun(period)}`}
                </span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
