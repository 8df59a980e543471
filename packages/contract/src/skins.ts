import type { BusinessUnit } from './business-units.ts';
import { PLAN_OPTIONS, type PlanOptions } from './plans.ts';

/** A skin colour: HSL for theming plus RGB for places that need channels. */
export interface SkinColor {
  hue: number;
  saturation: number;
  luminance: number;
  red: number;
  green: number;
  blue: number;
}

/** Every field a skin has. Asset paths are served by the web app under /skins/. */
export interface Skin {
  class: string;
  name: string;
  url: string;
  enterpriseEmail: string;
  logo: string;
  primaryColor: SkinColor;
  loginBackground: string;
  loginBackgroundImage: string;
  seriesColors: readonly string[];
  businessUnit: BusinessUnit;
  planOptions: PlanOptions;
  favicon: string;
  supportUrl: string;
  faqUrl: string;
  supportEmail: string;
  dataSourceInterestForm: string;
  /** Tag manager id; empty means no tag manager script is loaded. */
  gTagId: string;
  /** Whether the unit loads a chat widget in the logged-in layout (only the third does). */
  chatWidget: boolean;
}

export const SKINS: Record<BusinessUnit, Skin> = {
  MEGALYTIC_GDS: {
    class: 'skin-megalytic',
    name: 'Megalytic',
    url: 'https://www.megalytic.com',
    enterpriseEmail: 'enterprise@megalytic.com',
    logo: '/skins/megalytic/logo.svg',
    primaryColor: { hue: 207, saturation: 82, luminance: 40, red: 18, green: 114, blue: 186 },
    loginBackground: '#0b2a44',
    loginBackgroundImage: '/skins/megalytic/login-background.svg',
    seriesColors: ['#1272ba', '#f29f05', '#2bb673', '#e4572e', '#7b61ff', '#17becf'],
    businessUnit: 'MEGALYTIC_GDS',
    planOptions: PLAN_OPTIONS.MEGALYTIC_GDS,
    favicon: '/skins/megalytic/favicon.svg',
    supportUrl: 'https://support.megalytic.com',
    faqUrl: 'https://support.megalytic.com/faq',
    supportEmail: 'support@megalytic.com',
    dataSourceInterestForm: 'https://www.megalytic.com/data-source-request',
    gTagId: '',
    chatWidget: false,
  },
  RAVEN_GDS: {
    class: 'skin-raven',
    name: 'Raven',
    url: 'https://raventools.com',
    enterpriseEmail: 'enterprise@raventools.com',
    logo: '/skins/raven/logo.svg',
    primaryColor: { hue: 268, saturation: 56, luminance: 42, red: 103, green: 47, blue: 167 },
    loginBackground: '#1d1033',
    loginBackgroundImage: '/skins/raven/login-background.svg',
    seriesColors: ['#672fa7', '#00a3a1', '#f25f5c', '#ffb400', '#3a86ff', '#8ac926'],
    businessUnit: 'RAVEN_GDS',
    planOptions: PLAN_OPTIONS.RAVEN_GDS,
    favicon: '/skins/raven/favicon.svg',
    supportUrl: 'https://raventools.com/support',
    faqUrl: 'https://raventools.com/support/faq',
    supportEmail: 'support@raventools.com',
    dataSourceInterestForm: 'https://raventools.com/data-source-request',
    gTagId: '',
    chatWidget: false,
  },
  TAPCLICKS_GDS: {
    class: 'skin-tapclicks',
    name: 'TapClicks',
    url: 'https://www.tapclicks.com',
    enterpriseEmail: 'enterprise@tapclicks.com',
    logo: '/skins/tapclicks/logo.svg',
    primaryColor: { hue: 18, saturation: 90, luminance: 50, red: 242, green: 98, blue: 13 },
    loginBackground: '#2b1406',
    loginBackgroundImage: '/skins/tapclicks/login-background.svg',
    seriesColors: ['#f2620d', '#1b998b', '#2d3047', '#e84855', '#fffd82', '#3d5a80'],
    businessUnit: 'TAPCLICKS_GDS',
    planOptions: PLAN_OPTIONS.TAPCLICKS_GDS,
    favicon: '/skins/tapclicks/favicon.svg',
    supportUrl: 'https://www.tapclicks.com/support',
    faqUrl: 'https://www.tapclicks.com/support/faq',
    supportEmail: 'support@tapclicks.com',
    dataSourceInterestForm: 'https://www.tapclicks.com/data-source-request',
    gTagId: '',
    chatWidget: true,
  },
};

/** The default page title: '{business unit name} Google Data Studio Connector'. */
export function defaultTitle(skin: Pick<Skin, 'name'>): string {
  return `${skin.name} Google Data Studio Connector`;
}

/** A page's title: '{page} | {default}'. */
export function pageTitle(page: string, skin: Pick<Skin, 'name'>): string {
  return `${page} | ${defaultTitle(skin)}`;
}
