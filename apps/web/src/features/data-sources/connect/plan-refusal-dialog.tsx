import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { Icon } from '../../../components/icon.tsx';
import { PlanRefusalHint, planRefusalOf } from '../../../components/plan-refusal-hint.tsx';
import { errorMessage } from '../../../lib/api-error.ts';

/**
 * A connection the plan refused (its account limit reached, or its trial or subscription
 * ended): the server's reason and the way out, until the person closes it. Nothing connected
 * was touched.
 */
export function PlanRefusalDialog({
  connectorName,
  error,
  onClose,
}: {
  connectorName: string;
  error: unknown;
  onClose: () => void;
}) {
  const refusal = planRefusalOf(error) ?? 'PLAN_LIMIT';
  return (
    <Dialog
      open
      title={`${connectorName} cannot be connected right now`}
      onClose={onClose}
      testId="plan-refusal-dialog"
      footer={
        <Button variant="primary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <div className="alert alert-warning" role="alert">
        <Icon name="alert" size={16} />
        <div>
          <p>{errorMessage(error)}</p>
          <PlanRefusalHint
            refusal={refusal}
            action={refusal === 'PLAN_LIMIT' ? 'to connect more accounts' : 'to connect again'}
          />
        </div>
      </div>
      <p className="dialog-text">Everything you already connected keeps working.</p>
    </Dialog>
  );
}
