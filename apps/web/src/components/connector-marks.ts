import {
  siEtsy,
  siFacebook,
  siGoogleads,
  siGoogleanalytics,
  siGooglesearchconsole,
  siHubspot,
  siInstagram,
  siMailchimp,
  siMeta,
  siPinterest,
  siSnapchat,
  siStripe,
  siTiktok,
  siX,
  siYoutube,
} from 'simple-icons';
import { contrastRatio, contrastWithWhite } from '../skins/skin-colors.ts';

/** A brand's mark from simple-icons (CC0): one SVG path on a 24×24 box and its brand colour. */
interface BrandIcon {
  title: string;
  hex: string;
  path: string;
}

/**
 * Each connector's mark, by connector id. Imported one by one so the build keeps only these
 * paths. A connector missing here has no mark in simple-icons (LinkedIn, Microsoft, Amazon,
 * Salesforce and others were removed at the brand owner's request, or never added) and shows
 * its initials instead; the catalogue test keeps every connector's badge unlike any other's.
 * Facebook Ads is run from Meta's Ads Manager and takes Meta's mark, so it and Facebook
 * Insights are told apart at a glance.
 */
const MARKS: Readonly<Record<number, BrandIcon>> = {
  1: siGoogleanalytics,
  3: siGoogleads,
  6: siFacebook,
  7: siInstagram,
  8: siX,
  9: siHubspot,
  10: siMailchimp,
  12: siGooglesearchconsole,
  13: siYoutube,
  17: siStripe,
  18: siEtsy,
  21: siPinterest,
  22: siTiktok,
  23: siSnapchat,
  39: siMeta,
};

/** Non-text contrast a mark keeps against what it is drawn on (WCAG 1.4.11). */
export const MARK_MIN_CONTRAST = 3;

export interface ConnectorMark {
  title: string;
  path: string;
  /** The mark's colour. */
  fill: string;
  /** The tile behind it: white, or the brand colour when the brand colour is too pale on white. */
  background: string;
}

type Rgb = [number, number, number];
const rgbOf = (hex: string): Rgb =>
  [0, 2, 4].map((at) => parseInt(hex.slice(at, at + 2), 16)) as Rgb;

/**
 * How a connector's mark is drawn, or undefined when it has none. The tile is white on every
 * skin, so the contrast does not depend on the theme: a brand colour too pale for white (Snapchat
 * and Mailchimp yellow, HubSpot orange) becomes the tile and the mark is drawn in black or white,
 * whichever reads better on it.
 */
export function connectorMarkOf(connectorId: number): ConnectorMark | undefined {
  const icon = MARKS[connectorId];
  if (!icon) return undefined;
  const brand = rgbOf(icon.hex);
  if (contrastWithWhite(brand) >= MARK_MIN_CONTRAST) {
    return { title: icon.title, path: icon.path, fill: `#${icon.hex}`, background: '#ffffff' };
  }
  const onBlack = contrastRatio(brand, [0, 0, 0]);
  const ink = onBlack >= contrastWithWhite(brand) ? '#000000' : '#ffffff';
  return { title: icon.title, path: icon.path, fill: ink, background: `#${icon.hex}` };
}
