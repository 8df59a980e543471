import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Icon } from '../../../components/icon.tsx';
import { errorMessage, isSessionError } from '../../../lib/api-error.ts';
import { credentialCountText } from '../../../lib/credential-count.ts';
import { ROUTES } from '../../../lib/routes.ts';
import { useLeaveTeam } from '../api/member-mutations.ts';

interface LeaveTeamProps {
  teamName: string;
  /** Data-source credentials the user authorised here (they stay with the team). */
  credentialCount: number;
}

/**
 * "Leave team", open to every member. The server refuses the last Super Admin of a team
 * with other members; the dialog shows that reason. Leaving ends the session, so the app
 * signs out through /logout, which clears everything this browser kept.
 */
export function LeaveTeam({ teamName, credentialCount }: LeaveTeamProps) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const leave = useLeaveTeam();
  const navigate = useNavigate();

  const close = () => {
    setOpen(false);
    setError(null);
  };

  const confirm = async () => {
    setError(null);
    try {
      await leave.mutateAsync();
      await navigate(ROUTES.Logout.path);
    } catch (failure) {
      if (isSessionError(failure)) close();
      else setError(errorMessage(failure));
    }
  };

  return (
    <>
      <Button
        variant="ghost"
        icon={<Icon name="logout" size={16} />}
        onClick={() => setOpen(true)}
        data-testid="leave-team"
      >
        Leave team
      </Button>
      <ConfirmDialog
        open={open}
        title={`Leave ${teamName}?`}
        confirmLabel="Leave team"
        onConfirm={confirm}
        onCancel={close}
        error={error}
        testId="leave-team-dialog"
      >
        <p>
          You lose access to the team&apos;s data sources and settings at once and are signed out.
          To come back, someone must invite you again.
        </p>
        {credentialCount > 0 && (
          <p>
            The {credentialCountText(credentialCount)} you authorised stay with the team and move to
            its longest-standing Super Admin, so every account keeps working.
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}
