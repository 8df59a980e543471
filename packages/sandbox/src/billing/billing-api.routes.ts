import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { BillingControl } from './billing-control.ts';
import type { BillingDeps, ChangeScope } from './billing-changes.ts';
import { idempotent, requestHash } from './billing-changes.ts';
import type { BillingService } from './billing.service.ts';
import { SANDBOX_BILLING_API_PATH } from './billing-requests.ts';
import type { CheckoutPagesService } from './checkout-pages.service.ts';
import type { EstimatesService } from './estimates.service.ts';
import { ChargebeeError, invalidRequest } from './chargebee-wire.ts';
import type { Form } from './chargebee-wire.ts';

const IDEMPOTENCY_HEADER = 'chargebee-idempotency-key';

const unauthorized = () =>
  new ChargebeeError(
    401,
    'api_authentication_failed',
    'Sorry, authentication failed. Invalid api key.',
    undefined,
    undefined,
  );

/** Chargebee's answer while it is down (its documented 503 for a temporary failure). */
const unavailable = () =>
  new ChargebeeError(
    503,
    'internal_temporary_error',
    'Sorry, the service is temporarily unavailable. Please try again in a moment.',
    undefined,
    undefined,
  );

/** Whether the request carries the API key as HTTP Basic user name (password empty). */
function hasKey(req: FastifyRequest, apiKey: string): boolean {
  const header = req.headers.authorization ?? '';
  const match = /^Basic\s+(\S+)$/i.exec(header);
  if (!match?.[1]) return false;
  const user = Buffer.from(match[1], 'base64').toString('utf8').split(':')[0] ?? '';
  const given = Buffer.from(user);
  const expected = Buffer.from(apiKey);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * A refusal of the server's form parser: its errors carry the HTTP status, the message for the
 * person and the field at fault. Recognised by shape, since the sandbox imports nothing of the
 * server's.
 */
function isFormRefusal(
  error: unknown,
): error is { status: number; message: string; field?: string | undefined } {
  if (!(error instanceof Error)) return false;
  const { status, field } = error as { status?: unknown; field?: unknown };
  return (
    typeof status === 'number' &&
    status >= 400 &&
    status < 500 &&
    (field === undefined || typeof field === 'string')
  );
}

/** The error answered in Chargebee's shape: its own refusals, the framework's, or a 500. */
function chargebeeFailure(error: unknown): ChargebeeError {
  if (error instanceof ChargebeeError) return error;
  if (isFormRefusal(error)) {
    return error.status === 413
      ? new ChargebeeError(413, 'invalid_request', error.message, undefined, 'invalid_request')
      : invalidRequest(error.message, error.field);
  }
  const status = (error as { statusCode?: number }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new ChargebeeError(
      status,
      'invalid_request',
      (error as Error).message,
      undefined,
      'invalid_request',
    );
  }
  return new ChargebeeError(
    500,
    'internal_error',
    'Sorry, something went wrong when trying to process the request.',
    undefined,
    undefined,
  );
}

/**
 * Chargebee's v2 API, the part the app uses, under /sandbox/chargebee/api/v2: the API key as
 * HTTP Basic user name, bracket-encoded forms in, Chargebee's JSON and errors out, POSTs that
 * change something honour chargebee-idempotency-key.
 */
export async function registerBillingApiRoutes(
  app: FastifyInstance,
  deps: {
    billing: BillingService;
    estimates: EstimatesService;
    pages: CheckoutPagesService;
    changes: BillingDeps;
    control: BillingControl;
    apiKey: string;
  },
): Promise<void> {
  const { billing, estimates, pages, control } = deps;
  const pathOf = (req: FastifyRequest) =>
    (req.url.split('?')[0] ?? '').slice(SANDBOX_BILLING_API_PATH.length);
  await app.register(
    (scope, _options, done) => {
      scope.setErrorHandler((error, req, reply) => {
        const failure = chargebeeFailure(error);
        if (failure.status >= 500) req.log.error({ err: error }, 'sandbox billing: request failed');
        void reply.code(failure.status).header('cache-control', 'no-store').send(failure.body());
      });
      scope.setNotFoundHandler((_req, reply) => {
        const failure = new ChargebeeError(
          404,
          'resource_not_found',
          'Sorry, this API path is not one the sandbox serves.',
          undefined,
          'invalid_request',
        );
        void reply.code(404).send(failure.body());
      });
      scope.addHook('onRequest', (req, _reply, next) => {
        next(hasKey(req, deps.apiKey) ? undefined : unauthorized());
      });
      // Every call with the key is logged, answered or not; while the provider is down none
      // reaches its handler, so a call during an outage changes nothing.
      scope.addHook('preHandler', async (req) => {
        control.record(req, pathOf(req));
        const outage = control.outage();
        if (outage === 'timeout') await control.leaveUnanswered(req);
        if (outage) throw unavailable();
      });
      scope.addHook('onSend', async (req, _reply, payload) => {
        await control.answerHold(req.method, pathOf(req));
        return payload;
      });

      const query = (req: FastifyRequest) => (req.query ?? {}) as Form;
      const body = (req: FastifyRequest) => (req.body ?? {}) as Form;
      const id = (req: FastifyRequest) => (req.params as { id: string }).id;

      /** A POST that changes something: once per idempotency key. */
      const changing = (
        path: string,
        work: (scope: ChangeScope, req: FastifyRequest) => Promise<unknown>,
      ) =>
        scope.post(path, async (req: FastifyRequest, reply: FastifyReply) => {
          const key = req.headers[IDEMPOTENCY_HEADER];
          const hash = requestHash(req.url.split('?')[0] ?? '', body(req));
          const { answer, replayed } = await idempotent(
            deps.changes,
            typeof key === 'string' ? key : undefined,
            hash,
            (s) => work(s, req),
          );
          if (replayed) reply.header('chargebee-idempotency-replayed', 'true');
          return reply.header('cache-control', 'no-store').send(answer);
        });

      /** Answers a catalogue read (no database), its refusals going to the error handler. */
      const answer = (read: () => unknown) => Promise.resolve().then(read);
      scope.get('/item_prices', (req) => answer(() => billing.listItemPrices(query(req))));
      scope.get('/coupons/:id', (req) => answer(() => billing.retrieveCoupon(id(req))));
      // The official client calls create_subscription_for_items; Chargebee's older name stays too.
      for (const path of [
        '/estimates/create_subscription_for_items',
        '/estimates/create_sub_item_estimate',
      ]) {
        scope.post(path, (req) => answer(() => estimates.estimateNew(body(req))));
      }
      scope.post('/estimates/update_subscription_for_items', async (req) =>
        estimates.estimateChange(body(req)),
      );
      changing('/hosted_pages/checkout_new_for_items', (s, req) => pages.checkoutNew(s, body(req)));
      changing('/hosted_pages/checkout_existing_for_items', (s, req) =>
        pages.checkoutExisting(s, body(req)),
      );
      changing('/hosted_pages/manage_payment_sources', (s, req) =>
        pages.managePaymentSources(s, body(req)),
      );
      scope.get('/hosted_pages/:id', async (req) => pages.retrieveHostedPage(id(req)));
      scope.get('/subscriptions/:id', async (req) => billing.retrieveSubscription(id(req)));
      changing('/subscriptions/:id/cancel_for_items', (s, req) =>
        billing.cancel(s, id(req), body(req)),
      );
      changing('/subscriptions/:id/remove_scheduled_cancellation', (s, req) =>
        billing.removeScheduledCancellation(s, id(req)),
      );
      scope.get('/customers/:id', async (req) => billing.retrieveCustomer(id(req)));
      scope.get('/payment_sources', async (req) => billing.listPaymentSources(query(req)));
      scope.get('/invoices', async (req) => billing.listInvoices(query(req)));
      scope.get('/transactions', async (req) => billing.listTransactions(query(req)));
      scope.get('/invoices/:id', async (req) => billing.retrieveInvoice(id(req)));
      scope.post('/invoices/:id/pdf', async (req) => billing.invoicePdf(id(req)));
      scope.get('/events', async (req) => billing.listEvents(query(req)));
      done();
    },
    { prefix: SANDBOX_BILLING_API_PATH },
  );
}
