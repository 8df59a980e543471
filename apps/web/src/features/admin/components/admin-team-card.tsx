import { formatMediumDate } from '@gds/contract';
import { Badge } from '../../../components/badge.tsx';
import { Button } from '../../../components/button.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { Icon } from '../../../components/icon.tsx';
import type { AdminTeam } from '../api/search-teams.ts';

interface AdminTeamCardProps {
  team: AdminTeam;
  onOpenAs: (team: AdminTeam, email: string) => void;
}

/** A team found by the admin search: its members, each with "Open as". */
export function AdminTeamCard({ team, onOpenAs }: AdminTeamCardProps) {
  const titleId = `admin-team-${team.id}`;
  return (
    <section className="card admin-team" aria-labelledby={titleId} data-testid="admin-team">
      <div className="card-heading card-padded-x">
        <h2 id={titleId} className="card-title">
          {team.name}
          <span className="count">{team.members.length}</span>
        </h2>
        <p className="admin-team-meta">
          <Badge>{team.businessUnit}</Badge>
          <span>Created {formatMediumDate(team.createdAt)}</span>
        </p>
      </div>
      {team.members.length === 0 ? (
        <p className="card-padded admin-team-empty">This team has no members.</p>
      ) : (
        <DataTable
          label={`Members of ${team.name}`}
          caption
          rows={team.members}
          rowKey={(member) => member.id}
          rowTestId="admin-member"
          columns={[
            {
              header: 'Name',
              cellClassName: 'admin-member-name',
              cell: (member) => member.name || '—',
            },
            { header: 'Email', cell: (member) => member.email },
            { header: 'Role', cell: (member) => member.roleName },
            {
              header: 'Actions',
              hideHeader: true,
              cellClassName: 'admin-member-action',
              cell: (member) => (
                <Button
                  size="sm"
                  icon={<Icon name="arrowRight" size={14} />}
                  onClick={() => onOpenAs(team, member.email)}
                  aria-label={`Open ${team.name} as ${member.email}`}
                  data-testid="admin-open-as"
                >
                  Open as
                </Button>
              ),
            },
          ]}
        />
      )}
    </section>
  );
}
