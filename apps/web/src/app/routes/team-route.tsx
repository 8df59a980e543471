import { TeamPage } from '../../features/team/components/team-page.tsx';

export function Component() {
  return <TeamPage />;
}
