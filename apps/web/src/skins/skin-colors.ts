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

/** WCAG contrast ratio of a colour against white. */
export function contrastWithWhite(rgb: Rgb): number {
  return 1.05 / (relativeLuminance(rgb) + 0.05);
}

/**
 * The lightness at which white text on the brand hue reaches WCAG AA (4.5:1). Bright brand
 * colours (TapClicks orange) stay the accent; buttons and links use this deeper shade.
 */
export function accessibleLightness(color: Pick<SkinColor, 'hue' | 'saturation' | 'luminance'>) {
  let lightness = color.luminance;
  while (
    lightness > 5 &&
    contrastWithWhite(hslToRgb(color.hue, color.saturation, lightness)) < 4.5
  ) {
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
    '--color-primary-soft': hsl(h, Math.min(s, 70), 96),
    '--color-primary-muted': hsl(h, Math.min(s, 60), 90),
    '--color-primary-ring': `hsl(${h} ${s}% ${l}% / 0.35)`,
  };
}
