import { fillTemplate } from '../providers/provider-http.ts';
import { readPath } from '@gds/contract/json-path';
import type { FetchContext } from './define-fetcher.ts';
import { ReportError } from './report-fetcher.ts';

/**
 * The reporting API's base address for this login. Most providers have one; Mailchimp and
 * Salesforce host each login's API at its own address, which the identity call names, so the
 * fetcher asks it first (the call the connection already made, with the same headers).
 */
export async function reportBase(context: Omit<FetchContext, 'base'>): Promise<string> {
  const api = context.provider.api;
  const reports = api.reports;
  if (!reports) {
    throw new ReportError(
      'invalid_request',
      `${context.connector.name} has no reporting API to read data from.`,
    );
  }
  const identity = api.identity.request;
  if (!reports.baseUrlField || !identity) return reports.baseUrl.replace(/\/$/, '');
  const values = { ...context.provider.values, accessToken: context.request.accessToken };
  const headers = Object.fromEntries(
    Object.entries(identity.headers ?? { Authorization: 'Bearer {accessToken}' }).map(
      ([name, template]) => [name, fillTemplate(template, values)],
    ),
  );
  const answer = await context.http.json({ url: identity.url, headers }, context.scope);
  const base = readPath(answer, reports.baseUrlField);
  if (typeof base !== 'string' || !/^https?:\/\//.test(base)) {
    throw new ReportError(
      'unavailable',
      `${context.connector.name} did not say where this login's data lives. Try again in a few minutes.`,
    );
  }
  return base.replace(/\/$/, '');
}

/**
 * A next-page address a provider sent (Meta's paging.next): followed only on the reporting
 * API's own origin, since the token goes with it.
 */
export function sameOrigin(context: Pick<FetchContext, 'base' | 'connector'>, url: string): string {
  let next: URL;
  try {
    next = new URL(url);
  } catch {
    next = new URL('invalid:');
  }
  if (next.origin !== new URL(context.base).origin) {
    throw new ReportError(
      'unavailable',
      `${context.connector.name} sent a next page on another address. Try again in a few minutes.`,
    );
  }
  // Some providers copy a query-string token into their next links; ours travels in a header.
  next.searchParams.delete('access_token');
  return next.toString();
}

/** Pages a report may have before we stop: a provider looping on one page must not hang a job. */
export const MAX_PAGES = 500;

/** Fails when a report runs past MAX_PAGES. */
export function checkPageCount(context: Pick<FetchContext, 'connector'>, page: number): void {
  if (page >= MAX_PAGES) {
    throw new ReportError(
      'invalid_request',
      `${context.connector.name} answered more than ${MAX_PAGES} pages. Pick a shorter date range or fewer fields.`,
    );
  }
}
