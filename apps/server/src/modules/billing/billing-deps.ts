import type { BusinessUnit } from '@gds/contract';
import type { ItemPrice } from 'chargebee';
import type { Clock } from '../../lib/clock.ts';
import type { ChargebeeClient } from './chargebee-client.ts';
import { ITEM_FAMILY } from './billing-catalogue.ts';
import type { SyncDeps } from './provider-state.ts';

/** What the billing services need: the database, the clock, the provider, the prices. */
export interface BillingDeps extends SyncDeps {
  catalogue: Catalogue;
  log: { warn: (obj: object, msg: string) => void };
}

/** Prices change rarely and are the same for every team: each process keeps them briefly. */
const CATALOGUE_TTL_MS = 5 * 60 * 1000;

/** The provider's item prices per unit, read at most once per TTL per process. */
export function createCatalogue(client: ChargebeeClient, clock: Clock) {
  const cache = new Map<BusinessUnit, { at: number; prices: ItemPrice[] }>();
  return {
    async prices(unit: BusinessUnit): Promise<ItemPrice[]> {
      const now = clock().getTime();
      const hit = cache.get(unit);
      if (hit && now - hit.at < CATALOGUE_TTL_MS) return hit.prices;
      const prices = await client.itemPrices(ITEM_FAMILY[unit]);
      cache.set(unit, { at: now, prices });
      return prices;
    },
  };
}

export type Catalogue = ReturnType<typeof createCatalogue>;
