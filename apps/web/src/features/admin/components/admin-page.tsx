import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Icon } from '../../../components/icon.tsx';
import { errorMessage, isSessionError } from '../../../lib/api-error.ts';
import { ROUTES } from '../../../lib/routes.ts';
import { setAdminSwitchCookies } from '../admin-switch-cookies.ts';
import { MIN_SEARCH_LENGTH, useSearchTeams, type AdminTeam } from '../api/search-teams.ts';
import { AdminTeamCard } from './admin-team-card.tsx';

/**
 * /admin (platform admins): find a team by name or member email and open it as one of its
 * members. "Open as" sets the spec's switch cookies; the navigation to Team performs the switch.
 */
export function AdminPage() {
  const id = useId();
  const navigate = useNavigate();
  const [term, setTerm] = useState('');
  const [query, setQuery] = useState('');
  const [tooShort, setTooShort] = useState(false);
  const search = useSearchTeams(query);

  const submit = () => {
    const value = term.trim();
    setTooShort(value.length < MIN_SEARCH_LENGTH);
    if (value.length < MIN_SEARCH_LENGTH) return;
    if (value === query) void search.refetch();
    else setQuery(value);
  };

  const openAs = (team: AdminTeam, email: string) => {
    setAdminSwitchCookies({ user: email, teamId: team.id });
    void navigate(ROUTES.Team.path);
  };

  return (
    <div className="page admin-page">
      <header className="page-header">
        <p className="page-eyebrow">Platform admin</p>
        <h1 className="page-title">Admin</h1>
        <p className="page-meta">
          Find a team and open it as one of its members. Everything you do there is logged with your
          name.
        </p>
      </header>

      <form
        className="admin-search"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        noValidate
      >
        <label htmlFor={`${id}-q`} className="field-label">
          Team name or member email
        </label>
        <div className="admin-search-row">
          <div className="search-field">
            <Icon name="search" size={16} />
            <input
              id={`${id}-q`}
              type="search"
              className={`input${tooShort ? ' input-invalid' : ''}`}
              value={term}
              onChange={(event) => setTerm(event.target.value)}
              maxLength={120}
              autoComplete="off"
              aria-invalid={tooShort || undefined}
              aria-describedby={tooShort ? `${id}-error` : undefined}
              data-testid="admin-search"
            />
          </div>
          <Button type="submit" variant="primary" loading={search.isFetching}>
            Search
          </Button>
        </div>
        {tooShort && (
          <p id={`${id}-error`} className="field-error" role="alert">
            <Icon name="alert" size={14} /> Type at least {MIN_SEARCH_LENGTH} characters
          </p>
        )}
      </form>

      <AdminResults query={query} search={search} onOpenAs={openAs} />
    </div>
  );
}

interface AdminResultsProps {
  query: string;
  search: ReturnType<typeof useSearchTeams>;
  onOpenAs: (team: AdminTeam, email: string) => void;
}

function AdminResults({ query, search, onOpenAs }: AdminResultsProps) {
  if (!query) return null;
  if (search.isError && !isSessionError(search.error)) {
    return (
      <div className="alert alert-danger" role="alert" data-testid="admin-search-error">
        <Icon name="alert" />
        <div>{errorMessage(search.error)}</div>
      </div>
    );
  }
  if (!search.data) return <p role="status">Searching…</p>;
  if (search.data.length === 0) {
    return (
      <div className="card" data-testid="admin-no-results">
        <EmptyState icon="search" title={`No team matches “${query}”`} headingLevel={2}>
          Try part of the team name, or a member&apos;s full email address.
        </EmptyState>
      </div>
    );
  }
  return (
    <div className="admin-results" aria-busy={search.isFetching || undefined}>
      <p className="admin-results-count" role="status">
        {search.data.length === 1 ? '1 team' : `${search.data.length} teams`} found
      </p>
      {search.data.map((team) => (
        <AdminTeamCard key={team.id} team={team} onOpenAs={onOpenAs} />
      ))}
    </div>
  );
}
