import { DataSourcesPage } from '../../features/data-sources/accounts/data-sources-page.tsx';

export function Component() {
  return <DataSourcesPage />;
}
