import type { BillingPeriod, InvoiceEstimate } from '@gds/contract';
import type { ReactNode } from 'react';
import { Button } from '../../../components/button.tsx';
import { Icon } from '../../../components/icon.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import type { PlanEstimate } from '../api/estimate.ts';
import { day, lineName, money, periodNoun } from '../billing-format.ts';

interface PricePreviewProps {
  period: BillingPeriod;
  estimate: PlanEstimate | undefined;
  /** A newer choice is being priced; the figures shown are the previous choice's. */
  updating: boolean;
  /** Why the preview failed (not a coupon refusal, which shows beside the coupon). */
  error: string | null;
  onRetry: () => void;
  /** The checkout button and its notes. */
  children: ReactNode;
}

/** "Due today" and "Then every month/year", as the provider prices the choice. Nothing is bought. */
export function PricePreview({
  period,
  estimate,
  updating,
  error,
  onRetry,
  children,
}: PricePreviewProps) {
  return (
    <section
      className="card card-padded billing-preview"
      aria-labelledby="billing-preview-title"
      aria-busy={updating || undefined}
      data-testid="price-preview"
    >
      <div className="card-heading">
        <h2 id="billing-preview-title" className="card-title">
          Summary
        </h2>
        {updating && (
          <span className="billing-muted billing-updating" data-testid="preview-updating">
            Updating…
          </span>
        )}
      </div>
      {error ? (
        <div className="alert alert-danger" role="alert" data-testid="preview-error">
          <Icon name="alert" size={16} />
          <div>
            <p>The price could not be worked out: {error}</p>
            <Button size="sm" onClick={onRetry}>
              Try again
            </Button>
          </div>
        </div>
      ) : !estimate ? (
        <div aria-hidden="true" className="billing-preview-loading">
          <Skeleton height={14} />
          <Skeleton height={14} width="70%" />
          <Skeleton height={22} width="50%" />
        </div>
      ) : (
        <PreviewFigures estimate={estimate} period={period} />
      )}
      {estimate && !error && (
        <p className="visually-hidden" role="status">
          {updating
            ? ''
            : `Due today ${money(estimate.dueToday.amountDue, estimate.currency)}, then ${money(estimate.perPeriod.total, estimate.currency)} every ${periodNoun(period)}.`}
        </p>
      )}
      {children}
    </section>
  );
}

function PreviewFigures({ estimate, period }: { estimate: PlanEstimate; period: BillingPeriod }) {
  const { currency, dueToday, perPeriod } = estimate;
  return (
    <>
      <h3 className="billing-subtitle">Due today</h3>
      <EstimateLines invoice={dueToday} currency={currency} testId="due-today" />
      <div className="billing-total" data-testid="due-today-total">
        <span>Due today</span>
        <strong>{money(dueToday.amountDue, currency)}</strong>
      </div>
      <div className="billing-then" data-testid="per-period-total">
        <span>Then every {periodNoun(period)}</span>
        <strong>{money(perPeriod.total, currency)}</strong>
      </div>
      {perPeriod.discounts.length > 0 && (
        <ul className="billing-preview-notes">
          {perPeriod.discounts.map((discount) => (
            <li key={discount.description}>
              Includes {discount.description}: −{money(discount.amount, currency)}
            </li>
          ))}
        </ul>
      )}
      {estimate.nextBillingAt && (
        <p className="billing-muted">Next renewal on {day(estimate.nextBillingAt)}.</p>
      )}
    </>
  );
}

function EstimateLines({
  invoice,
  currency,
  testId,
}: {
  invoice: InvoiceEstimate;
  currency: string;
  testId: string;
}) {
  return (
    <dl className="billing-lines" data-testid={testId}>
      {invoice.lines.map((line, index) => (
        <div key={`${line.description}-${index}`} className="billing-line">
          <dt>
            {lineName(line.description, line.quantity)}
            {line.quantity > 1 && (
              <span className="billing-muted">
                {' '}
                · {line.quantity} × {money(line.unitAmount, currency)}
              </span>
            )}
          </dt>
          <dd>{money(line.amount, currency)}</dd>
        </div>
      ))}
      {invoice.discounts.map((discount) => (
        <div key={discount.description} className="billing-line billing-line-discount">
          <dt>{discount.description}</dt>
          <dd>−{money(discount.amount, currency)}</dd>
        </div>
      ))}
      {invoice.credits > 0 && (
        <div className="billing-line billing-line-discount">
          <dt>Credit for the unused part of your current plan</dt>
          <dd>−{money(invoice.credits, currency)}</dd>
        </div>
      )}
    </dl>
  );
}
