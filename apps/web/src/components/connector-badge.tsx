import { connectorMarkOf } from './connector-marks.ts';

/** Tints in tokens.css (--tint-N-bg / --tint-N-fg); a connector keeps its tint everywhere. */
const TINTS = 8;

/** Two letters for a connector: "Google Ads" → GA, "HubSpot" → HS, "Stripe" → ST. */
export function connectorInitials(name: string): string {
  const words = name
    .replace(/\(.*?\)/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .split(/[\s\-_/]+/)
    .filter(Boolean);
  const first = words[0] ?? '?';
  const letters = words.length > 1 ? `${first[0]}${words.at(-1)?.[0] ?? ''}` : first.slice(0, 2);
  return letters.toUpperCase();
}

interface ConnectorBadgeProps {
  connector: { id: number; name: string; logo?: string | null };
  size?: 'sm' | 'md' | 'lg';
}

/**
 * A connector's brand mark, else the catalog's logo, else its initials on its own tint. Always
 * shown beside the connector's name, so it is hidden from assistive technology.
 */
export function ConnectorBadge({ connector, size = 'md' }: ConnectorBadgeProps) {
  const mark = connectorMarkOf(connector.id);
  if (mark) {
    return (
      <span
        className={`connector-badge connector-badge-${size} connector-badge-mark`}
        style={{ background: mark.background }}
        data-mark={mark.title}
        aria-hidden="true"
      >
        <svg viewBox="0 0 24 24" focusable="false">
          <path d={mark.path} fill={mark.fill} />
        </svg>
      </span>
    );
  }
  return (
    <span
      className={`connector-badge connector-badge-${size}`}
      data-tint={Math.abs(connector.id) % TINTS}
      aria-hidden="true"
    >
      {connector.logo ? <img src={connector.logo} alt="" /> : connectorInitials(connector.name)}
    </span>
  );
}
