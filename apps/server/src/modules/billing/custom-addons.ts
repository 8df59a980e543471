import type { CustomAddon } from '@gds/contract';
import type { ItemPrice } from 'chargebee';

/**
 * Add-ons offered to one team beyond the catalogue. The source is the billing provider: an
 * add-on item price in the unit's item family whose metadata lists the team,
 * `{"team_ids": ["<team id>"]}` (set on the price in Chargebee). None is configured by
 * default, so the list is empty; a price that is archived, or billed by another period than a
 * month or a year, is not offered.
 */
export function customAddonsOf(prices: readonly ItemPrice[], teamId: string): CustomAddon[] {
  return prices.flatMap((price) => {
    const metadata = price.metadata as { team_ids?: unknown } | undefined;
    const teams = Array.isArray(metadata?.team_ids) ? (metadata.team_ids as unknown[]) : [];
    if (price.item_type !== 'addon' || price.status === 'archived' || !teams.includes(teamId)) {
      return [];
    }
    const period = price.period_unit;
    if (period !== 'month' && period !== 'year') return [];
    return [
      {
        id: price.id,
        name: price.external_name ?? price.name,
        period,
        price: price.price ?? 0,
        currency: price.currency_code,
      },
    ];
  });
}
