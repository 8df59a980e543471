import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/app-providers.tsx';
import { AppRoutes, buildRoutes } from './app/app-routes.tsx';
import { setApiBusinessUnit } from './lib/api-client.ts';
import { createQueryClient } from './lib/query-client.ts';
import { applySkin } from './skins/apply-skin.ts';
import { readHostUnitMap, resolveSkin } from './skins/skin-resolver.ts';
import './styles/index.css';

// The skin is decided once, from the host name, before anything renders.
const skin = resolveSkin(window.location.hostname, readHostUnitMap());
applySkin(skin);
setApiBusinessUnit(skin.businessUnit);

const queryClient = createQueryClient();
const routes = buildRoutes();

const container = document.getElementById('app');
if (!container) throw new Error('index.html must contain <div id="app"></div>');

createRoot(container).render(
  <StrictMode>
    <AppProviders skin={skin} queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes routes={routes} />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
