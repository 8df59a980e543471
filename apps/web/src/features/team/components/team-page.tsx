import { formatMediumDate } from '@gds/contract';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Icon } from '../../../components/icon.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { Tabs, type TabItem } from '../../../components/tabs.tsx';
import { errorMessage, isSessionError } from '../../../lib/api-error.ts';
import { useCan } from '../../../lib/permissions.ts';
import { useTeamInfo } from '../api/team-info.ts';
import { useTeamUsers } from '../api/team-users.ts';
import { ActivityPanel } from './activity-panel.tsx';
import { LeaveTeam } from './leave-team.tsx';
import { MembersPanel } from './members-panel.tsx';
import { PlanSummary } from './plan-summary.tsx';
import { RolesPanel } from './roles-panel.tsx';
import { TeamNameEditor } from './team-name-editor.tsx';
import { WebhookPanel } from './webhook-panel.tsx';

type Section = 'members' | 'roles' | 'activity' | 'webhook';

/**
 * The Team screen: name (with rename), plan, and the Members, Roles, Activity and Webhook
 * sections.
 * The open section is in the address (?section=roles) so it survives a reload and can be linked.
 */
export function TeamPage() {
  const info = useTeamInfo();
  const users = useTeamUsers();
  const canEditTeam = useCan(['edit_team']);
  const canViewActivity = useCan(['view_activity']);
  const [params, setParams] = useSearchParams();

  const sections: TabItem<Section>[] = [
    { value: 'members', label: 'Members', testId: 'tab-members' },
    { value: 'roles', label: 'Roles', testId: 'tab-roles' },
    ...(canViewActivity
      ? [{ value: 'activity' as const, label: 'Activity', testId: 'tab-activity' }]
      : []),
    ...(canEditTeam
      ? [{ value: 'webhook' as const, label: 'Webhook', testId: 'tab-webhook' }]
      : []),
  ];
  const asked = params.get('section');
  const section = sections.find((s) => s.value === asked)?.value ?? 'members';
  const open = (next: Section) =>
    setParams(next === 'members' ? {} : { section: next }, { replace: true });

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
  const me = info.data?.user;
  const myCredentials = users.data?.users.find((u) => u.id === me?.id)?.credentialCount ?? 0;
  return (
    <div className="page">
      <header className="page-header team-header">
        <div>
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
            {me?.roleName && (
              <>
                <span className="dot" aria-hidden="true" />
                <span>Your role: {me.roleName}</span>
              </>
            )}
          </p>
        </div>
        {team && <LeaveTeam teamName={team.name} credentialCount={myCredentials} />}
      </header>

      <div className="team-grid">
        <div className="team-main">
          <Tabs label="Team sections" tabs={sections} value={section} onChange={open}>
            {section === 'members' && (
              <MembersPanel me={me} teamName={team?.name ?? 'the team'} users={users} />
            )}
            {section === 'roles' && <RolesPanel />}
            {section === 'activity' && <ActivityPanel />}
            {section === 'webhook' && <WebhookPanel />}
          </Tabs>
        </div>
        <aside className="team-aside">
          {team && <PlanSummary team={team} seats={users.data?.seats} />}
        </aside>
      </div>
    </div>
  );
}
