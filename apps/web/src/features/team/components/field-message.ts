import { ApiError } from '../../../lib/api-error.ts';

/**
 * Contract and server messages are written to follow the field's name ("must be an email
 * address…", "email: must be…"); beside a field they read as a sentence that names it.
 */
export function fieldMessage(label: string, message: string, field?: string): string {
  const text =
    field && message.startsWith(`${field}: `) ? message.slice(field.length + 2) : message;
  return /^[a-z]/.test(text) ? `${label} ${text}` : text;
}

/** The form field an API refusal names, when it is one of `fields`; null for the whole form. */
export function refusedField<F extends string>(error: unknown, fields: readonly F[]): F | null {
  if (!(error instanceof ApiError) || !error.field) return null;
  return (fields as readonly string[]).includes(error.field) ? (error.field as F) : null;
}
