/**
 * Chargebee's wire format: bracket-notation form fields in (`customer[email]`,
 * `subscription_items[item_price_id][0]`), its error body out. The app's form parser leaves
 * brackets unexpanded, so these helpers read the flat keys the client sends.
 */

export type Form = Readonly<Record<string, string | undefined>>;

/** An answer in Chargebee's error shape; the routes send it with its HTTP status. */
export class ChargebeeError extends Error {
  override name = 'ChargebeeError';

  constructor(
    readonly status: number,
    readonly apiErrorCode: string,
    message: string,
    readonly param?: string,
    readonly type?: string,
  ) {
    super(message);
  }

  /** The body Chargebee answers: both its current and its legacy error fields. */
  body() {
    return {
      message: this.message,
      ...(this.type ? { type: this.type } : {}),
      api_error_code: this.apiErrorCode,
      ...(this.param ? { param: this.param } : {}),
      error_code: this.apiErrorCode,
      error_msg: this.message,
      ...(this.param ? { error_param: this.param } : {}),
      http_status_code: this.status,
    };
  }
}

export const invalidRequest = (message: string, param?: string) =>
  new ChargebeeError(400, 'invalid_request', message, param, 'invalid_request');

export const resourceNotFound = (message: string, param?: string) =>
  new ChargebeeError(404, 'resource_not_found', message, param, 'invalid_request');

/** `name[key]`, as Chargebee names a field of a sub-resource. */
export const field = (form: Form, name: string, key: string) => form[`${name}[${key}]`];

/** `name[0]`, `name[1]`, …: a list of plain values, in order, up to the first gap. */
export function listOf(form: Form, name: string): string[] {
  const values: string[] = [];
  for (let i = 0; form[`${name}[${i}]`] !== undefined; i += 1) {
    values.push(form[`${name}[${i}]`] ?? '');
  }
  return values.filter((value) => value !== '');
}

/** `name[key][i]`: a list of sub-resources with the given keys, indexed by i from 0. */
export function indexedList<K extends string>(
  form: Form,
  name: string,
  keys: readonly K[],
): Array<Partial<Record<K, string>>> {
  const rows: Array<Partial<Record<K, string>>> = [];
  for (let i = 0; ; i += 1) {
    const row: Partial<Record<K, string>> = {};
    let any = false;
    for (const key of keys) {
      const value = form[`${name}[${key}][${i}]`];
      if (value !== undefined) {
        row[key] = value;
        any = true;
      }
    }
    if (!any) return rows;
    rows.push(row);
  }
}

/** Chargebee's booleans arrive as "true"/"false". */
export const isTrue = (value: string | undefined) => value === 'true' || value === '1';

/** A list request's `limit` (1–100, default 10) and numeric `offset`. */
export function pageOf(query: Form): { limit: number; offset: number } {
  const limit = query.limit === undefined ? 10 : Number(query.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
    throw invalidRequest('limit must be a whole number from 1 to 100.', 'limit');
  }
  const offset = query.offset === undefined || query.offset === '' ? 0 : Number(query.offset);
  if (!Number.isInteger(offset) || offset < 0) {
    throw invalidRequest('offset is not one this site answered.', 'offset');
  }
  return { limit, offset };
}

/** A page of a list, with next_offset when more follow. */
export function listAnswer<T>(
  rows: readonly T[],
  page: { limit: number; offset: number },
  key: string,
) {
  const shown = rows.slice(0, page.limit);
  return {
    list: shown.map((row) => ({ [key]: row })),
    ...(rows.length > page.limit ? { next_offset: String(page.offset + page.limit) } : {}),
  };
}
