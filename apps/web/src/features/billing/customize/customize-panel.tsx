import { Button } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { useAddons, usePlans } from '../api/catalogue.ts';
import type { PlanUsage } from '../api/plan-usage.ts';
import { CustomizeForm } from './customize-form.tsx';

/** The Customize view: the skin's prices and add-ons first, then the form. */
export function CustomizePanel({ usage }: { usage: PlanUsage }) {
  const plans = usePlans();
  const addons = useAddons();
  const failed = plans.isError ? plans : addons.isError ? addons : null;
  if (failed) {
    return (
      <div className="card">
        <EmptyState
          icon="alert"
          tone="danger"
          title="Prices could not be loaded"
          headingLevel={2}
          actions={
            <Button
              onClick={() => {
                if (plans.isError) void plans.refetch();
                if (addons.isError) void addons.refetch();
              }}
            >
              Try again
            </Button>
          }
        >
          {errorMessage(failed.error)}
        </EmptyState>
      </div>
    );
  }
  if (!plans.data || !addons.data) {
    return (
      <div className="card card-padded" aria-busy="true">
        <Skeleton height={40} />
        <span className="visually-hidden">Loading prices</span>
      </div>
    );
  }
  return <CustomizeForm usage={usage} plans={plans.data} addons={addons.data} />;
}
