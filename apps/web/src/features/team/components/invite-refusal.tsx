import { Link } from 'react-router';
import { Icon } from '../../../components/icon.tsx';
import { PlanRefusalHint } from '../../../components/plan-refusal-hint.tsx';
import { ApiError, errorMessage } from '../../../lib/api-error.ts';
import { ROUTES } from '../../../lib/routes.ts';

/**
 * Why an invitation was not sent, and what to do next: a full plan needs seats (from Billing,
 * or from whoever manages it) or a revoked invitation; an ended trial or subscription needs a
 * plan; someone already in the team or already invited is found in the lists on this screen.
 */
export function InviteRefusal({ error, canBill }: { error: unknown; canBill: boolean }) {
  const code = error instanceof ApiError ? error.code : null;
  return (
    <div className="alert alert-danger" role="alert" data-testid="invite-error">
      <Icon name="alert" size={16} />
      <div>
        <p>{errorMessage(error)}</p>
        {code === 'PLAN_LIMIT' && (
          <p className="alert-hint" data-testid="invite-error-hint">
            {canBill ? (
              <>
                Add seats in <Link to={ROUTES.Billing.path}>Billing</Link>, or revoke a pending
                invitation.
              </>
            ) : (
              'Ask someone who manages billing to add seats, or revoke a pending invitation.'
            )}
          </p>
        )}
        {code === 'SUBSCRIPTION_INACTIVE' && (
          <PlanRefusalHint refusal="SUBSCRIPTION_INACTIVE" action="to invite people again" />
        )}
        {code === 'CONFLICT' && (
          <p className="alert-hint" data-testid="invite-error-hint">
            Look for them under Members, or resend their invitation from Pending invitations.
          </p>
        )}
      </div>
    </div>
  );
}
