import { formatMediumDate } from '@gds/contract';
import { Button } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Icon } from '../../../components/icon.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { errorMessage, isSessionError } from '../../../lib/api-error.ts';
import { useCan } from '../../../lib/permissions.ts';
import { useTeamInfo } from '../api/team-info.ts';
import { useTeamUsers } from '../api/team-users.ts';
import { MembersComingSoon } from './members-coming-soon.tsx';
import { MembersTable } from './members-table.tsx';
import { PlanSummary } from './plan-summary.tsx';
import { TeamNameEditor } from './team-name-editor.tsx';

/** The Team screen: name (with rename), created date, plan usage and the members list. */
export function TeamPage() {
  const info = useTeamInfo();
  const users = useTeamUsers();
  const canEditTeam = useCan(['edit_team']);

  if (info.isError && !info.data && !isSessionError(info.error)) {
    return (
      <div className="page">
        <EmptyState
          icon="alert"
          tone="danger"
          title="Your team could not be loaded"
          headingLevel={1}
          actions={<Button onClick={() => void info.refetch()}>Try again</Button>}
        >
          {errorMessage(info.error)}
        </EmptyState>
      </div>
    );
  }

  const team = info.data?.team;
  return (
    <div className="page">
      <header className="page-header">
        <p className="page-eyebrow">Team</p>
        {team ? (
          <TeamNameEditor name={team.name} canEdit={canEditTeam} />
        ) : (
          <h1 className="page-title">
            <Skeleton width={220} height={28} />
            <span className="visually-hidden">Loading team</span>
          </h1>
        )}
        <p className="page-meta">
          <Icon name="calendar" size={15} />
          {team ? (
            <span data-testid="team-created">Created {formatMediumDate(team.createdAt)}</span>
          ) : (
            <Skeleton width={140} />
          )}
          {info.data?.user.roleName && (
            <>
              <span className="dot" aria-hidden="true" />
              <span>Your role: {info.data.user.roleName}</span>
            </>
          )}
        </p>
      </header>

      <div className="team-grid">
        <section className="card" aria-labelledby="members-title">
          <div className="card-heading card-padded-x">
            <h2 id="members-title" className="card-title">
              Members
              {users.data && <span className="count">{users.data.length}</span>}
            </h2>
          </div>
          <MembersTable
            users={users.data}
            isLoading={users.isPending || isSessionError(users.error)}
            error={users.isError && !isSessionError(users.error) ? users.error : null}
            onRetry={() => void users.refetch()}
            currentEmail={info.data?.user.email}
          />
        </section>
        <aside className="team-aside">
          {team && <PlanSummary team={team} memberCount={users.data?.length} />}
          <MembersComingSoon />
        </aside>
      </div>
    </div>
  );
}
