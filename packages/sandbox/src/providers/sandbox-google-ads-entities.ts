import { sandboxLocale } from './sandbox-account-locale.ts';
import type { SandboxCampaign } from './sandbox-report-data.ts';
import { sandboxCampaigns, seeded } from './sandbox-report-data.ts';
import { ADS_FIELDS } from './sandbox-google-ads-field-service.ts';

/**
 * What a sandbox Google Ads account holds below its campaigns: two ad groups per campaign,
 * two ads and three keywords per ad group, and two search terms per keyword, each with a
 * stable id, name and share of its parent's traffic; and the value of any attribute of them.
 */

/** One row of the FROM resource, with the ids of the things above it. */
export interface AdsEntity {
  campaign: SandboxCampaign;
  /** Its share of the campaign's traffic. */
  share: number;
  /** Ids by resource (campaign, ad_group, ad_group_ad, ad_group_criterion, search_term_view). */
  ids: Readonly<Record<string, string>>;
  keyword?: string;
}

const KEYWORDS = ['plumber near me', 'emergency plumbing', 'water heater repair', 'drain cleaning'];
const TERM_ENDINGS = ['', ' cost'];

const idOf = (...seed: Array<string | number>) =>
  String(100_000_000 + Math.floor(seeded(...seed) * 899_999_999));

/** The rows of one report resource for the customer. */
export function adsEntities(customer: string, resource: string): AdsEntity[] {
  const out: AdsEntity[] = [];
  for (const campaign of sandboxCampaigns(customer)) {
    if (resource === 'campaign') {
      out.push({ campaign, share: 1, ids: { campaign: campaign.id } });
      continue;
    }
    [0.6, 0.4].forEach((groupShare, g) => {
      const group = { campaign: campaign.id, ad_group: idOf(customer, campaign.id, 'group', g) };
      if (resource === 'ad_group') out.push({ campaign, share: groupShare, ids: group });
      if (resource === 'ad_group_ad') {
        [0.55, 0.45].forEach((share, a) =>
          out.push({
            campaign,
            share: groupShare * share,
            ids: { ...group, ad_group_ad: idOf(customer, group.ad_group, 'ad', a) },
          }),
        );
      }
      if (resource !== 'keyword_view' && resource !== 'search_term_view') return;
      [0.5, 0.3, 0.2].forEach((keywordShare, k) => {
        const keyword = KEYWORDS[(g + k) % KEYWORDS.length] ?? 'plumber';
        const ids = { ...group, ad_group_criterion: idOf(customer, group.ad_group, 'kw', k) };
        const share = groupShare * keywordShare;
        if (resource === 'keyword_view') {
          out.push({ campaign, share, ids, keyword });
          return;
        }
        [0.7, 0.3].forEach((termShare, t) =>
          out.push({
            campaign,
            share: share * termShare,
            ids: { ...ids, search_term_view: `${keyword}${TERM_ENDINGS[t] ?? ''}` },
            keyword,
          }),
        );
      });
    });
  }
  return out;
}

/** Names the sandbox gives the things it holds; anything else is derived from its type. */
function namedValue(customer: string, entity: AdsEntity, field: string): string | undefined {
  const ids = entity.ids;
  switch (field) {
    case 'customer.id':
      return customer;
    case 'customer.descriptive_name':
      return 'Sandbox Ads account';
    case 'customer.currency_code':
      return sandboxLocale('google-ads', customer).currency;
    case 'customer.time_zone':
      return sandboxLocale('google-ads', customer).timeZone;
    case 'campaign.id':
      return entity.campaign.id;
    case 'campaign.name':
      return entity.campaign.name;
    case 'ad_group.id':
      return ids.ad_group;
    case 'ad_group.name':
      return `${entity.campaign.name} - group ${(ids.ad_group ?? '').slice(-2)}`;
    case 'ad_group_ad.ad.id':
      return ids.ad_group_ad;
    case 'ad_group_ad.ad.name':
      return `Ad ${(ids.ad_group_ad ?? '').slice(-3)}`;
    case 'ad_group_criterion.criterion_id':
      return ids.ad_group_criterion;
    case 'ad_group_criterion.keyword.text':
    case 'segments.keyword.info.text':
      return entity.keyword;
    case 'search_term_view.search_term':
      return ids.search_term_view;
    default:
      return undefined;
  }
}

/**
 * The value of an attribute, or of a segment that stays put for a row (its network, its
 * conversion action), as the REST answer writes it: INT64 as a string, enums by name.
 */
export function adsAttributeValue(
  customer: string,
  entity: AdsEntity,
  field: string,
): string | number | boolean {
  const named = namedValue(customer, entity, field);
  if (named !== undefined) return named;
  const artifact = ADS_FIELDS.get(field);
  const owner = field.startsWith('segments.') ? 'search_term_view' : (field.split('.')[0] ?? '');
  const seed = [customer, entity.ids[owner] ?? Object.values(entity.ids).join('/'), field];
  const pick = seeded(...seed);
  // Statuses read ENABLED, as the existing campaigns do; other enums vary by thing.
  const values = (artifact?.enumValues ?? []).filter((v) => !/^(UNSPECIFIED|UNKNOWN)$/.test(v));
  if (values.length > 0) {
    return /\.status$/.test(field)
      ? (values[0] ?? '')
      : (values[Math.floor(pick * values.length)] ?? '');
  }
  switch (artifact?.dataType) {
    case 'BOOLEAN':
      return pick < 0.1;
    case 'DATE':
      return `2025-${String(1 + Math.floor(pick * 12)).padStart(2, '0')}-01`;
    case 'DOUBLE':
      return Math.round(pick * 100) / 100;
    case 'INT32':
      return 1 + Math.floor(pick * 10);
    case 'INT64':
      // Bids and estimates in micros; other numbers are small counts or scores.
      return String(
        field.endsWith('_micros')
          ? Math.round((0.4 + pick * 3) * 100) * 10_000
          : 1 + Math.floor(pick * 10),
      );
    default:
      return field.includes('url')
        ? `https://example.com/${Math.floor(pick * 100)}`
        : `${field.split('.').at(-1) ?? field} ${Math.floor(pick * 3) + 1}`;
  }
}
