import type { ClientLinkStatus } from '@gds/contract';
import { EmptyState } from '../../../components/empty-state.tsx';
import type { IconName } from '../../../components/icon.tsx';

export type ClosedStatus = Exclude<ClientLinkStatus, 'active'> | 'unknown';

function wording(status: ClosedStatus, teamName: string | null) {
  const team = teamName ?? 'the person who sent it';
  switch (status) {
    case 'used':
      return {
        icon: 'check' as IconName,
        title: 'This link has already been used',
        text: `It worked for one connection, and that has been made. If you need to connect more accounts, ask ${team} for a new link.`,
      };
    case 'expired':
      return {
        icon: 'clock' as IconName,
        title: 'This link has expired',
        text: `Ask ${team} to send you a new one.`,
      };
    case 'revoked':
      return {
        icon: 'close' as IconName,
        title: 'This link was withdrawn',
        text: `${teamName ?? 'The team'} cancelled it. Ask them for a new one if you still need to connect.`,
      };
    default:
      return {
        icon: 'compass' as IconName,
        title: 'This link does not work',
        text: 'It may be mistyped or cut short. Open the whole link from the email, or ask the person who sent it for a new one.',
      };
  }
}

/** A client link that can no longer be used: why, and whom to ask. Nothing else to click. */
export function ClientLinkClosed({
  status,
  teamName,
}: {
  status: ClosedStatus;
  teamName: string | null;
}) {
  const { icon, title, text } = wording(status, teamName);
  return (
    <div className="card link-card" data-testid={`client-link-${status}`}>
      <EmptyState icon={icon} title={title} headingLevel={1}>
        {text}
      </EmptyState>
    </div>
  );
}
