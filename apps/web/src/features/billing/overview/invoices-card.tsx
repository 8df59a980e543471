import type { Invoice } from '@gds/contract';
import { useState } from 'react';
import { Badge } from '../../../components/badge.tsx';
import { Button } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Icon } from '../../../components/icon.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { errorMessage, isSessionError } from '../../../lib/api-error.ts';
import { useDownloadInvoice, useInvoices } from '../api/invoices.ts';
import { day, money } from '../billing-format.ts';
import { openFile } from '../leave-for.ts';

const STATUS: Record<
  Invoice['status'],
  { label: string; tone: 'success' | 'warning' | 'danger' | 'neutral' }
> = {
  paid: { label: 'Paid', tone: 'success' },
  payment_due: { label: 'Payment due', tone: 'warning' },
  not_paid: { label: 'Not paid', tone: 'danger' },
  voided: { label: 'Voided', tone: 'neutral' },
  posted: { label: 'Posted', tone: 'neutral' },
  pending: { label: 'Pending', tone: 'neutral' },
};

/** Most recent first, whatever order they arrive in. */
function newestFirst(invoices: Invoice[]): Invoice[] {
  return [...invoices].sort((a, b) => Date.parse(b.date) - Date.parse(a.date));
}

/** The team's invoices, each downloadable as a PDF through a short-lived address. */
export function InvoicesCard() {
  const invoices = useInvoices();
  const download = useDownloadInvoice();
  const [failed, setFailed] = useState<{ invoice: Invoice; message: string } | null>(null);

  const fetchPdf = (invoice: Invoice) => {
    setFailed(null);
    download.mutate(invoice.id, {
      onSuccess: (address) => openFile(address, `invoice-${invoice.number}.pdf`),
      onError: (error) => {
        if (!isSessionError(error)) setFailed({ invoice, message: errorMessage(error) });
      },
    });
  };

  return (
    <section className="card billing-invoices" aria-labelledby="billing-invoices-title">
      <div className="card-heading card-padded-x billing-invoices-heading">
        <h2 id="billing-invoices-title" className="card-title">
          Invoices
        </h2>
      </div>
      {failed && (
        <div
          className="alert alert-danger billing-inline-alert"
          role="alert"
          data-testid="invoice-error"
        >
          <Icon name="alert" size={16} />
          <span>
            Invoice {failed.invoice.number} could not be downloaded: {failed.message}
          </span>
          <Button size="sm" onClick={() => fetchPdf(failed.invoice)}>
            Try again
          </Button>
        </div>
      )}
      {invoices.isError && !isSessionError(invoices.error) ? (
        <EmptyState
          icon="alert"
          tone="danger"
          title="Invoices could not be loaded"
          headingLevel={3}
          help={false}
          actions={<Button onClick={() => void invoices.refetch()}>Try again</Button>}
        >
          {errorMessage(invoices.error)}
        </EmptyState>
      ) : !invoices.data ? (
        <div className="card-padded" aria-busy="true">
          <Skeleton height={14} />
          <span className="visually-hidden">Loading invoices</span>
        </div>
      ) : invoices.data.length === 0 ? (
        <p className="card-padded billing-muted" data-testid="invoices-empty">
          No invoices yet. They appear here after your first payment.
        </p>
      ) : (
        <div className="table-wrap">
          <table className="table" data-testid="invoices-table">
            <thead>
              <tr>
                <th scope="col">Invoice</th>
                <th scope="col">Date</th>
                <th scope="col" className="num">
                  Amount
                </th>
                <th scope="col">Status</th>
                <th scope="col" className="col-actions">
                  <span className="visually-hidden">Download</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {newestFirst(invoices.data).map((invoice) => (
                <tr key={invoice.id} data-testid="invoice-row">
                  <td className="nowrap">#{invoice.number}</td>
                  <td className="nowrap">{day(invoice.date)}</td>
                  <td className="num nowrap">{money(invoice.total, invoice.currency)}</td>
                  <td>
                    <Badge tone={STATUS[invoice.status].tone}>{STATUS[invoice.status].label}</Badge>
                  </td>
                  <td className="col-actions">
                    <Button
                      size="sm"
                      variant="ghost"
                      icon={<Icon name="download" size={14} />}
                      loading={download.isPending && download.variables === invoice.id}
                      onClick={() => fetchPdf(invoice)}
                      aria-label={`Download PDF of invoice ${invoice.number}`}
                      data-testid="download-invoice"
                    >
                      Download PDF
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
