import { Link } from 'react-router';
import { Icon } from '../../components/icon.tsx';
import { ROUTES } from '../../lib/routes.ts';

export function BackToTeamLink({ label = 'Back to Team' }: { label?: string }) {
  return (
    <Link className="btn btn-secondary btn-md" to={ROUTES.Team.path}>
      <Icon name="arrowLeft" size={16} />
      {label}
    </Link>
  );
}
