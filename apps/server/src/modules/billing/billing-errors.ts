import { AppError } from '../../lib/errors.ts';

/** What people are told when the billing provider fails or refuses, in one place. */
export const BILLING_MESSAGES = {
  unreachable:
    'The payment provider did not answer. Nothing was changed; please try again in a minute.',
  refused:
    'The payment provider could not process this request. Nothing was changed; please try again, or contact support if it keeps happening.',
  notConnected:
    'Billing is not connected on this server yet. Nothing was changed; please try again later.',
  unknownCoupon: (code: string) =>
    `The coupon ${code} does not exist. Check the code and try again.`,
  couponNotActive: (code: string) => `The coupon ${code} is no longer valid.`,
  couponMonthlyOnly: (code: string) => `The coupon ${code} applies to monthly plans only.`,
  couponAnnualOnly: (code: string) => `The coupon ${code} applies to annual plans only.`,
  couponNotForPlan: (code: string) => `The coupon ${code} does not apply to this plan.`,
  noSubscription: 'Your team has no paid subscription yet. Choose a plan in Billing to start one.',
  notCancellable: 'Only an active subscription can be cancelled.',
  notResumable: 'There is no scheduled cancellation to take back.',
  keyReused:
    'This checkout was already started for a different choice. Review the price again, then check out.',
  feedbackGiven: 'Your team has already sent its feedback. Thank you!',
  unknownReason: 'Choose one of the reasons offered.',
} as const;

/** A Chargebee error body as the client rejects with it (documented error shape). */
interface ProviderErrorBody {
  http_status_code?: number;
  type?: string;
  api_error_code?: string;
  error_code?: string;
  message?: string;
  param?: string;
  error_param?: string;
}

export function isProviderError(error: unknown): error is ProviderErrorBody {
  return (
    typeof error === 'object' &&
    error !== null &&
    'http_status_code' in error &&
    typeof (error as ProviderErrorBody).http_status_code === 'number'
  );
}

/** The documented parameter an error names (`param`, or `error_param` in older shapes). */
export function errorParam(error: ProviderErrorBody): string | undefined {
  return error.param ?? error.error_param;
}

/** Whether the provider answered 404 for the resource asked for (no such subscription). */
export function isNotFound(error: unknown): boolean {
  return isProviderError(error) && error.http_status_code === 404;
}

/**
 * Turns what the client threw into the error people see. Coupon refusals name the coupon;
 * a conflict with the subscription's state is a 409; anything else, a network failure or a
 * timeout included, is a 502 with a plain message (details go to the log, never a secret).
 */
export function toAppError(error: unknown, context: { coupon?: string | undefined }): AppError {
  if (error instanceof AppError) return error;
  if (isProviderError(error)) {
    const param = errorParam(error) ?? '';
    if (param.startsWith('coupon_ids') && context.coupon) {
      const message =
        error.http_status_code === 404
          ? BILLING_MESSAGES.unknownCoupon(context.coupon)
          : BILLING_MESSAGES.couponNotForPlan(context.coupon);
      return new AppError('VALIDATION_FAILED', message, 'coupon', { cause: error });
    }
    // The client's own timeout comes in the error shape too (type timeout, 504).
    if (error.type === 'timeout' || [503, 504].includes(error.http_status_code ?? 0)) {
      return new AppError('BAD_GATEWAY', BILLING_MESSAGES.unreachable, undefined, { cause: error });
    }
    if (error.api_error_code === 'invalid_state_for_request') {
      return new AppError('CONFLICT', BILLING_MESSAGES.refused, undefined, { cause: error });
    }
    return new AppError('BAD_GATEWAY', BILLING_MESSAGES.refused, undefined, { cause: error });
  }
  return new AppError('BAD_GATEWAY', BILLING_MESSAGES.unreachable, undefined, { cause: error });
}

/** What may be logged of a provider failure: status and codes, never headers or keys. */
export function loggableProviderError(error: unknown): Record<string, unknown> {
  if (isProviderError(error)) {
    return {
      status: error.http_status_code,
      apiErrorCode: error.api_error_code,
      param: errorParam(error),
      message: error.message,
    };
  }
  return { message: error instanceof Error ? error.message : String(error) };
}
