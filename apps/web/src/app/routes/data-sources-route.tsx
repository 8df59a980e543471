import { DataSourcesPage } from '../../features/data-sources/components/data-sources-page.tsx';

export function Component() {
  return <DataSourcesPage />;
}
