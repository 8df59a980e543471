import { useQuery } from '@tanstack/react-query';
import { Button } from '../../components/button.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { AdminPage } from '../../features/admin/components/admin-page.tsx';
import { teamInfoQueryOptions } from '../../features/team/api/team-info.ts';
import { Component as NotFound } from './not-found-route.tsx';

/**
 * /admin: platform admins only. Anyone else gets the ordinary "page not found", so the page
 * does not announce that it exists; the server refuses its calls regardless.
 */
export function Component() {
  const info = useQuery(teamInfoQueryOptions);
  if (!info.data) {
    if (info.isError) {
      return (
        <div className="page page-narrow">
          <EmptyState
            icon="alert"
            tone="danger"
            title="This page could not be loaded"
            headingLevel={1}
            actions={<Button onClick={() => void info.refetch()}>Try again</Button>}
          />
        </div>
      );
    }
    return (
      <div className="page" aria-busy="true">
        <Skeleton width={220} height={28} />
      </div>
    );
  }
  const { platformAdmin, switch: acting } = info.data.admin;
  if (!platformAdmin) return <NotFound />;
  if (acting) {
    return (
      <div className="page page-narrow">
        <div className="card" data-testid="admin-while-acting">
          <EmptyState icon="shield" title="You are acting as someone else" headingLevel={1}>
            Searching needs your own session. Use Return to admin in the bar above first.
          </EmptyState>
        </div>
      </div>
    );
  }
  return <AdminPage />;
}
