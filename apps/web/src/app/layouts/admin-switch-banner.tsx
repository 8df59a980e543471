import { useQuery } from '@tanstack/react-query';
import { Button } from '../../components/button.tsx';
import { Icon } from '../../components/icon.tsx';
import { useEndUserSwitch } from '../../features/admin/api/admin-switch.ts';
import { teamInfoQueryOptions } from '../../features/team/api/team-info.ts';
import { errorMessage, isSessionError } from '../../lib/api-error.ts';
import { ROUTES } from '../../lib/routes.ts';
import { showToast } from '../../lib/toast-store.ts';
import { useRestartSession } from '../use-restart-session.ts';

const time = new Intl.DateTimeFormat('en-US', { timeStyle: 'short' });

/**
 * While a platform admin acts as someone, every page says so and offers the way back; the
 * switch also ends by itself at the time shown.
 */
export function AdminSwitchBanner() {
  const { data } = useQuery(teamInfoQueryOptions);
  const restartSession = useRestartSession();
  const end = useEndUserSwitch(() => restartSession(ROUTES.Admin.path));
  const acting = data?.admin.switch;
  if (!data || !acting) return null;

  const returnToAdmin = () =>
    end.mutate(undefined, {
      onError: (error) => {
        if (!isSessionError(error)) showToast(errorMessage(error), { tone: 'danger' });
      },
    });

  return (
    <div
      className="switch-banner"
      role="region"
      aria-label="Admin switch"
      data-testid="switch-banner"
    >
      <Icon name="shield" size={16} />
      <p>
        Acting as <strong>{data.user.email}</strong> in <strong>{data.team.name}</strong>
        <span className="switch-banner-until">
          {' '}
          · ends {time.format(new Date(acting.expiresAt))}
        </span>
      </p>
      <span aria-hidden="true">—</span>
      <Button
        size="sm"
        variant="ghost"
        loading={end.isPending}
        onClick={returnToAdmin}
        data-testid="switch-return"
      >
        Return to admin
      </Button>
    </div>
  );
}
