import { SKINS } from '@gds/contract';
import { describe, expect, it } from 'vitest';
import { applySkin } from './apply-skin.ts';
import {
  SOFT_LIGHTNESS,
  accessibleLightness,
  contrastRatio,
  contrastWithWhite,
  hslToRgb,
  softSaturation,
} from './skin-colors.ts';
import { readHostUnitMap, resolveSkin } from './skin-resolver.ts';

function docWithHosts(content: string): Document {
  const doc = document.implementation.createHTMLDocument('x');
  doc.head.innerHTML = `<meta name="gds-skin-hosts" content="${content}" /><link rel="icon" href="/x.svg" />`;
  return doc;
}

describe('skin resolution by host name', () => {
  const map = readHostUnitMap(docWithHosts(''));

  it.each([
    ['localhost', 'Megalytic'],
    ['raven.localhost', 'Raven'],
    ['tapclicks.localhost', 'TapClicks'],
    ['RAVEN.localhost', 'Raven'],
    ['app.unknown-host.example', 'Megalytic'],
  ])('%s → %s', (host, name) => {
    expect(resolveSkin(host, map).name).toBe(name);
  });

  it('uses the host map the server wrote into the page', () => {
    const served = readHostUnitMap(docWithHosts('connect.raventools.com=RAVEN_GDS'));
    expect(resolveSkin('connect.raventools.com', served).name).toBe('Raven');
    expect(resolveSkin('raven.localhost', served).name).toBe('Megalytic');
  });

  it('falls back to the built-in map when the served one is malformed', () => {
    const served = readHostUnitMap(docWithHosts('nonsense'));
    expect(resolveSkin('raven.localhost', served).name).toBe('Raven');
  });
});

describe('applying a skin', () => {
  it('sets the favicon, html class, default title and primary colour', () => {
    const doc = docWithHosts('');
    applySkin(SKINS.TAPCLICKS_GDS, doc);
    expect(doc.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe(
      '/skins/tapclicks/favicon.svg',
    );
    expect(doc.documentElement.classList.contains('skin-tapclicks')).toBe(true);
    expect(doc.title).toBe('TapClicks Google Data Studio Connector');
    expect(doc.documentElement.style.getPropertyValue('--color-primary')).toBe('hsl(18 90% 50%)');

    applySkin(SKINS.RAVEN_GDS, doc);
    expect(doc.documentElement.classList.contains('skin-tapclicks')).toBe(false);
    expect(doc.documentElement.classList.contains('skin-raven')).toBe(true);
  });

  it.each(Object.values(SKINS))('$name brand shade stays readable (WCAG AA)', (skin) => {
    const { hue, saturation } = skin.primaryColor;
    const rgb = hslToRgb(hue, saturation, accessibleLightness(skin.primaryColor));
    const soft = hslToRgb(hue, softSaturation(saturation), SOFT_LIGHTNESS);
    expect(contrastWithWhite(rgb)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(rgb, soft)).toBeGreaterThanOrEqual(4.5);
  });
});
