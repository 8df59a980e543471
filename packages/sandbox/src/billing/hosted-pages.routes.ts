import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PagePolicy, SandboxConfig } from '../host/sandbox-host.ts';
import type { BillingService } from './billing.service.ts';
import { SANDBOX_BILLING_PATH } from './billing-requests.ts';
import type { HostedCheckout, PageOutcome, PageSubmission } from './hosted-checkout.ts';
import {
  renderConfirmPage,
  renderFinishedPage,
  renderFormPage,
  renderMessagePage,
} from './hosted-page.html.ts';

const PAGE_PATH = `${SANDBOX_BILLING_PATH}/pages/:id`;

function render(
  outcome: PageOutcome,
  action: string,
): { status: number; html: string } | { location: string } {
  switch (outcome.kind) {
    case 'missing':
      return {
        status: 404,
        html: renderMessagePage(
          'Page not found',
          'This payment page does not exist. Go back to the app and start again.',
        ),
      };
    case 'expired':
      return {
        status: 410,
        html: renderMessagePage(
          'This page has expired',
          'Payment pages work for a few hours. Go back to the app and start again; nothing was charged.',
        ),
      };
    case 'finished':
      return { status: 200, html: renderFinishedPage(outcome.page) };
    case 'redirect':
      return { location: outcome.location };
    case 'confirm':
      return { status: 200, html: renderConfirmPage({ ...outcome, action }) };
    case 'form':
      return { status: outcome.error ? 400 : 200, html: renderFormPage({ ...outcome, action }) };
  }
}

/**
 * The hosted pages (checkout and manage payment method) and invoice downloads. The page's
 * form posts to itself: it carries a token only the page knows, and a post another site makes
 * (Sec-Fetch-Site cross-site, or a foreign Origin) is refused before anything is read.
 */
export function registerHostedPageRoutes(
  app: FastifyInstance,
  deps: {
    config: SandboxConfig;
    pagePolicy: PagePolicy;
    checkout: HostedCheckout;
    billing: BillingService;
  },
): void {
  const { config } = deps;
  const ownOrigins = new Set([new URL(config.publicUrl).origin, ...config.appOrigins]);
  // After paying the browser goes back to the app: the page policy allows its origins.
  const helmet = {
    contentSecurityPolicy: { directives: deps.pagePolicy },
  };
  const send = (reply: FastifyReply, outcome: PageOutcome, req: FastifyRequest) => {
    const shown = render(outcome, req.url.split('?')[0] ?? '');
    reply.header('cache-control', 'no-store');
    if ('location' in shown) return reply.redirect(shown.location, 303);
    return reply.code(shown.status).type('text/html').send(shown.html);
  };

  app.get(PAGE_PATH, { helmet }, async (req, reply) => {
    const { id } = req.params as { id: string };
    return send(reply, await deps.checkout.view(id), req);
  });

  app.post(PAGE_PATH, { helmet }, async (req, reply) => {
    const { id } = req.params as { id: string };
    const origin = req.headers.origin;
    if (
      req.headers['sec-fetch-site'] === 'cross-site' ||
      (origin !== undefined && !ownOrigins.has(origin))
    ) {
      reply.header('cache-control', 'no-store');
      return reply
        .code(403)
        .type('text/html')
        .send(
          renderMessagePage(
            'Not allowed',
            'This payment form was sent from another site. Open the payment page again from the app.',
          ),
        );
    }
    const form = (req.body ?? {}) as PageSubmission;
    return send(reply, await deps.checkout.submit(id, form), req);
  });

  app.get(`${SANDBOX_BILLING_PATH}/files/invoices/:file`, async (req, reply) => {
    const { file } = req.params as { file: string };
    const query = (req.query ?? {}) as Record<string, string | undefined>;
    const invoiceId = file.endsWith('.pdf') ? file.slice(0, -4) : '';
    const invoice = invoiceId
      ? await deps.billing.downloadableInvoice(invoiceId, query.valid_till, query.signature)
      : undefined;
    reply.header('cache-control', 'no-store');
    if (!invoice) {
      return reply
        .code(404)
        .type('text/html')
        .send(
          renderMessagePage(
            'Download not available',
            'This download link is wrong or has expired. Ask the app for the invoice again.',
          ),
        );
    }
    // Loaded at the first download: pdfkit and its fonts cost ~0.25 s of every start otherwise.
    const { renderInvoicePdf } = await import('./invoice-pdf.ts');
    const pdf = await renderInvoicePdf(invoice);
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="invoice-${invoice.id}.pdf"`)
      .send(pdf);
  });
}
