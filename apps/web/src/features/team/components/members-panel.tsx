import type { ProfileUser, TeamUser } from '@gds/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { Icon } from '../../../components/icon.tsx';
import { isSessionError } from '../../../lib/api-error.ts';
import { useCan } from '../../../lib/permissions.ts';
import { useInvitations, type SentInvitation } from '../api/invitations.ts';
import { useRoles } from '../api/roles.ts';
import type { TeamUsers } from '../api/team-users.ts';
import { InvitationSentDialog } from './invitation-sent-dialog.tsx';
import { InvitationsSection } from './invitations-section.tsx';
import { InviteMemberDialog } from './invite-member-dialog.tsx';
import { MembersTable } from './members-table.tsx';
import { RemoveMemberDialog } from './remove-member-dialog.tsx';
import { SeatMeter } from './seat-meter.tsx';

interface MembersPanelProps {
  me: ProfileUser | undefined;
  teamName: string;
  users: UseQueryResult<TeamUsers>;
}

/** Seats, members and pending invitations; inviting, role changes and removal with manage_members. */
export function MembersPanel({ me, teamName, users }: MembersPanelProps) {
  const canManage = useCan(['manage_members']);
  const canBill = useCan(['edit_billing']);
  const roles = useRoles();
  const invitations = useInvitations(canManage);
  const [inviting, setInviting] = useState(false);
  const [sent, setSent] = useState<SentInvitation | null>(null);
  const [toRemove, setToRemove] = useState<TeamUser | null>(null);
  const list = users.data?.users;
  const alone = canManage && list?.length === 1 && invitations.data?.length === 0;

  return (
    <div className="team-section">
      <div className="section-toolbar">
        {users.data && <SeatMeter seats={users.data.seats} canBill={canBill} />}
        {canManage && (
          <Button
            variant="primary"
            icon={<Icon name="userPlus" size={16} />}
            disabled={!roles.data}
            onClick={() => setInviting(true)}
            data-testid="invite-member"
          >
            Invite member
          </Button>
        )}
      </div>
      <section className="card" aria-labelledby="members-title">
        <div className="card-heading card-padded-x">
          <h2 id="members-title" className="card-title">
            Members
            {list && <span className="count">{list.length}</span>}
          </h2>
        </div>
        <MembersTable
          users={list}
          isLoading={users.isPending || isSessionError(users.error)}
          error={users.isError && !isSessionError(users.error) ? users.error : null}
          onRetry={() => void users.refetch()}
          currentUserId={me?.id}
          manage={canManage ? { roles: roles.data?.roles, onRemove: setToRemove } : null}
        />
        {alone && (
          <p className="card-footnote card-padded-x team-alone" data-testid="invite-hint">
            It&apos;s just you so far. Invite your teammates and choose a role for each.
          </p>
        )}
      </section>
      {canManage && <InvitationsSection invitations={invitations} onSent={setSent} />}

      {inviting && roles.data && (
        <InviteMemberDialog
          roles={roles.data.roles}
          teamName={teamName}
          canBill={canBill}
          onSent={(answer) => {
            setInviting(false);
            setSent(answer);
          }}
          onClose={() => setInviting(false)}
        />
      )}
      <InvitationSentDialog
        sent={sent}
        onClose={() => setSent(null)}
        onInviteAnother={() => {
          setSent(null);
          setInviting(true);
        }}
      />
      {canManage && (
        <RemoveMemberDialog
          user={toRemove}
          members={list ?? []}
          currentUserId={me?.id}
          teamName={teamName}
          onClose={() => setToRemove(null)}
        />
      )}
    </div>
  );
}
