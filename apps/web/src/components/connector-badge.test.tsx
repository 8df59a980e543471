import { CONNECTORS } from '@gds/contract';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../skins/skin-colors.ts';
import { ConnectorBadge } from './connector-badge.tsx';
import { MARK_MIN_CONTRAST, connectorMarkOf } from './connector-marks.ts';

/** What a person sees of a connector's badge: its mark's drawing, or its fallback's text. */
function badgeLook(connector: { id: number; name: string }): string {
  const { container } = render(<ConnectorBadge connector={connector} />);
  const badge = container.firstElementChild;
  const path = badge?.querySelector('path')?.getAttribute('d');
  return path ? `mark:${path}` : `fallback:${badge?.textContent ?? ''}`;
}

const rgb = (hex: string): [number, number, number] => [
  parseInt(hex.slice(1, 3), 16),
  parseInt(hex.slice(3, 5), 16),
  parseInt(hex.slice(5, 7), 16),
];

describe('connector badges', () => {
  it('show every connector in the catalogue with a mark or a fallback no other connector shares', () => {
    const seen = new Map<string, string>();
    for (const connector of CONNECTORS) {
      const look = badgeLook(connector);
      expect(seen.get(look), `${connector.name} looks the same as another`).toBeUndefined();
      seen.set(look, connector.name);
    }
    expect(seen.size).toBe(CONNECTORS.length);
  });

  it('give the best-known brands their own mark, not letters', () => {
    for (const id of [1, 3, 6, 39]) expect(connectorMarkOf(id)).toBeDefined();
    expect(connectorMarkOf(1)?.title).toBe('Google Analytics');
    expect(connectorMarkOf(3)?.title).toBe('Google Ads');
  });

  it('draw every mark with at least 3:1 contrast against its own tile, whatever the skin', () => {
    for (const connector of CONNECTORS) {
      const mark = connectorMarkOf(connector.id);
      if (!mark) continue;
      expect(
        contrastRatio(rgb(mark.fill), rgb(mark.background)),
        connector.name,
      ).toBeGreaterThanOrEqual(MARK_MIN_CONTRAST);
    }
  });

  it('hide the badge from assistive technology, since the name is written beside it', () => {
    const { container } = render(<ConnectorBadge connector={{ id: 3, name: 'Google Ads' }} />);
    expect(container.firstElementChild?.getAttribute('aria-hidden')).toBe('true');
  });
});
