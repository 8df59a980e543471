import type { SkinColor } from '@gds/contract';

type Rgb = [number, number, number];

/** HSL (degrees, percents) to sRGB channels 0–255. */
export function hslToRgb(hue: number, saturation: number, lightness: number): Rgb {
  const s = saturation / 100;
  const l = lightness / 100;
  const k = (n: number) => (n + hue / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [f(0), f(8), f(4)].map((v) => Math.round(v * 255)) as Rgb;
}

function relativeLuminance([r, g, b]: Rgb): number {
  const channel = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG contrast ratio between two colours. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

/** WCAG contrast ratio of a colour against white. */
export function contrastWithWhite(rgb: Rgb): number {
  return contrastRatio(rgb, [255, 255, 255]);
}

/** The pale tint behind active nav items and badges. */
export const SOFT_LIGHTNESS = 96;
export const softSaturation = (saturation: number) => Math.min(saturation, 70);

/**
 * The lightness at which the brand hue reaches WCAG AA (4.5:1) both as a background for white
 * text and as text on its own pale tint. Bright brand colours (TapClicks orange) stay the
 * accent; buttons, links and active states use this deeper shade.
 */
export function accessibleLightness(color: Pick<SkinColor, 'hue' | 'saturation' | 'luminance'>) {
  let lightness = color.luminance;
  const soft = hslToRgb(color.hue, softSaturation(color.saturation), SOFT_LIGHTNESS);
  const readable = (l: number) => {
    const rgb = hslToRgb(color.hue, color.saturation, l);
    return contrastWithWhite(rgb) >= 4.5 && contrastRatio(rgb, soft) >= 4.5;
  };
  while (lightness > 5 && !readable(lightness)) {
    lightness -= 1;
  }
  return lightness;
}

const hsl = (h: number, s: number, l: number) => `hsl(${h} ${s}% ${Math.max(0, l)}%)`;

/** CSS custom properties derived from a skin's primary colour. */
export function primaryColorVariables(color: SkinColor): Record<string, string> {
  const { hue: h, saturation: s, luminance: l } = color;
  const solid = accessibleLightness(color);
  return {
    '--color-primary': hsl(h, s, l),
    '--color-primary-rgb': `${color.red} ${color.green} ${color.blue}`,
    '--color-primary-solid': hsl(h, s, solid),
    '--color-primary-solid-hover': hsl(h, s, solid - 6),
    '--color-primary-solid-active': hsl(h, s, solid - 11),
    '--color-primary-soft': hsl(h, softSaturation(s), SOFT_LIGHTNESS),
    '--color-primary-muted': hsl(h, Math.min(s, 60), 90),
    '--color-primary-ring': `hsl(${h} ${s}% ${l}% / 0.35)`,
  };
}
