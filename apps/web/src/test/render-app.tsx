import { SKINS, type Skin } from '@gds/contract';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/app-providers.tsx';
import { buildRoutes } from '../app/app-routes.tsx';
import { createQueryClient } from '../lib/query-client.ts';

/** Renders the whole app (real routes, guards and layouts) at a path, in memory. */
export function renderApp(path: string, { skin = SKINS.MEGALYTIC_GDS }: { skin?: Skin } = {}) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  const view = render(
    <AppProviders skin={skin} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  const location = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { ...view, router, queryClient, location };
}
