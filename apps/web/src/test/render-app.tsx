import { SKINS, type Skin } from '@gds/contract';
import { act, render } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter, useLocation, useNavigate, type NavigateFunction } from 'react-router';
import { AppProviders } from '../app/app-providers.tsx';
import { AppRoutes, buildRoutes } from '../app/app-routes.tsx';
import { createQueryClient } from '../lib/query-client.ts';

/** What the rendered router was last seen doing: its address, and a way to navigate. */
interface RouterView {
  location: string;
  navigate: NavigateFunction | null;
}

/** Reports the router's address and navigate function to the test after every render. */
function RouterProbe({ report }: { report: (view: RouterView) => void }) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    report({ location: `${pathname}${search}`, navigate });
  });
  return null;
}

/** Renders the whole app (real routes, guards and layouts) at a path, in memory. */
export function renderApp(path: string, { skin = SKINS.MEGALYTIC_GDS }: { skin?: Skin } = {}) {
  const queryClient = createQueryClient();
  let view: RouterView = { location: path, navigate: null };
  const rendered = render(
    <AppProviders skin={skin} queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <RouterProbe report={(seen) => (view = seen)} />
        <AppRoutes routes={buildRoutes()} />
      </MemoryRouter>
    </AppProviders>,
  );
  const router = {
    /** Navigates as a link would, inside act so the app settles. */
    navigate: async (to: string) => {
      await act(async () => {
        await view.navigate?.(to);
      });
    },
  };
  return { ...rendered, router, queryClient, location: () => view.location };
}
