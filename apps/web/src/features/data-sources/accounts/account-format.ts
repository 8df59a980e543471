import type { AccountStatus } from '@gds/contract';

type Tone = 'success' | 'warning' | 'danger' | 'neutral';

export const STATUS_LABELS: Record<AccountStatus, string> = {
  connected: 'Connected',
  needs_reconnect: 'Needs reconnect',
  error: 'Error',
  deleted: 'Deleted',
};

export const STATUS_TONES: Record<AccountStatus, Tone> = {
  connected: 'success',
  needs_reconnect: 'warning',
  error: 'danger',
  deleted: 'neutral',
};

/** Who did something: their name, else their email, else "Someone". */
export function personLabel(person: { name: string; email: string } | null): string {
  return person?.name.trim() || person?.email || 'Someone';
}
