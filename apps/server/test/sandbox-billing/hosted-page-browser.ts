import { expect } from 'vitest';

/** The hosted page as a browser uses it: open it, post its form (same origin), follow nothing. */
export async function openPage(
  url: string,
): Promise<{ status: number; html: string; token: string }> {
  const response = await fetch(url);
  const html = await response.text();
  const token = /name="token" value="([^"]+)"/.exec(html)?.[1] ?? '';
  return { status: response.status, html, token };
}

export async function postPage(url: string, fields: Record<string, string>) {
  const response = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: new URL(url).origin,
      'sec-fetch-site': 'same-origin',
    },
    body: new URLSearchParams(fields).toString(),
  });
  return {
    status: response.status,
    location: response.headers.get('location'),
    html: await response.text(),
  };
}

export const CARD = { name: 'Pat Payer', expiry: '12/30', cvc: '123' };

/** Opens a checkout page and pays it with `number`, answering the post's response. */
export async function payWith(url: string, number: string) {
  const page = await openPage(url);
  expect(page.status).toBe(200);
  return postPage(url, { token: page.token, source: 'new', action: 'pay', number, ...CARD });
}
