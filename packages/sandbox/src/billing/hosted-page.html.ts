import { formatBillingAmount, formatMediumDate } from '@gds/contract';
import { escapeHtml } from '@gds/contract/escape-html';
import type { CardOnFile, HostedPageRow, PaymentSourceRow } from './billing-tables.ts';
import { TEST_CARDS } from './card-check.ts';
import type { CardForm } from './card-check.ts';
import type { DraftInvoice } from './invoice-builder.ts';

const STYLE = `
body{font-family:system-ui,sans-serif;background:#eef0f3;margin:0;color:#1f2430}
header{background:#2f3542;color:#fff;padding:12px 24px;font-weight:600;display:flex;justify-content:space-between}
header span{font-weight:400;font-size:.9rem;background:#f0b429;color:#1f2430;border-radius:4px;padding:2px 8px}
main{max-width:560px;margin:32px auto;background:#fff;border-radius:8px;padding:28px;box-shadow:0 1px 6px rgba(0,0,0,.12)}
h1{font-size:1.35rem;margin:0 0 16px}h2{font-size:1.05rem;margin:24px 0 8px}
table{width:100%;border-collapse:collapse}td{padding:6px 0;border-bottom:1px solid #e3e6eb;vertical-align:top}
td.amount{text-align:right;white-space:nowrap}tr.total td{font-weight:700;border-bottom:0}
label{display:block;font-weight:600;margin:14px 0 4px}
input[type=text]{width:100%;box-sizing:border-box;padding:10px;border:1px solid #9aa3b5;border-radius:4px;font-size:1rem}
.row{display:flex;gap:12px}.row>div{flex:1}
button{margin-top:20px;width:100%;padding:12px;border:0;border-radius:4px;background:#2f3542;color:#fff;font-size:1rem;font-weight:600;cursor:pointer}
button.link{background:#fff;color:#2f3542;border:1px solid #9aa3b5;margin-top:10px}
.error{color:#b42318;font-weight:600;margin:12px 0}
.note{color:#4a5468;font-size:.9rem}
.choice{font-weight:400}.choice input{margin-right:8px}
code{font-size:.95rem}`;

/** A page of the sandbox payments site: neutral look, marked as a sandbox on every page. */
function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Sandbox payments</title>
<link rel="icon" href="data:,">
<style>${STYLE}</style>
</head>
<body>
<header>Sandbox payments <span>Sandbox: no real money moves</span></header>
<main>
${body}
</main>
</body>
</html>`;
}

const money = (cents: number) => escapeHtml(formatBillingAmount(cents));
const day = (epoch: number) => escapeHtml(formatMediumDate(epoch * 1000));

function summaryTable(summary: DraftInvoice): string {
  const lines = summary.lines
    .map(
      (line) =>
        `<tr><td>${escapeHtml(line.description)}<div class="note">${day(line.date_from)} – ${day(line.date_to)}</div></td><td class="amount">${money(line.amount)}</td></tr>`,
    )
    .join('\n');
  const discounts = summary.discounts
    .map(
      (d) =>
        `<tr><td>Discount: ${escapeHtml(d.description)} (${escapeHtml(d.entity_id)})</td><td class="amount">−${money(d.amount)}</td></tr>`,
    )
    .join('\n');
  const credit =
    summary.creditsApplied > 0
      ? `<tr><td>Credit for the unused part of your current plan</td><td class="amount">−${money(summary.creditsApplied)}</td></tr>`
      : '';
  return `<h2>Order summary</h2>
<table>
${lines}
${discounts}
${credit}
<tr class="total"><td>Total due now</td><td class="amount">${money(summary.amountDue)}</td></tr>
</table>`;
}

function testCards(): string {
  const rows = TEST_CARDS.map(
    (card) => `<li><code>${card.number}</code>: ${escapeHtml(card.label)}</li>`,
  ).join('\n');
  return `<h2>Test cards</h2>
<p class="note">This is a sandbox. Use any future expiry date and any CVC.</p>
<ul class="note">${rows}</ul>`;
}

const hidden = (page: HostedPageRow) =>
  `<input type="hidden" name="token" value="${escapeHtml(page.form_token)}">`;

/** The checkout or card form, with the order summary and any error. */
export function renderFormPage(input: {
  page: HostedPageRow;
  action: string;
  summary: DraftInvoice | undefined;
  cards: readonly PaymentSourceRow[];
  error?: { field?: string; message: string } | undefined;
  values?: CardForm | undefined;
}): string {
  const { page, summary, error } = input;
  const manage = page.type === 'manage_payment_sources';
  const [saved] = input.cards;
  const savedChoice =
    saved && !manage
      ? `<label class="choice"><input type="radio" name="source" value="saved" checked> Pay with the card on file: ${escapeHtml(saved.brand)} ending ${escapeHtml(saved.last4)}</label>
<label class="choice"><input type="radio" name="source" value="new"> Use a new card</label>`
      : '<input type="hidden" name="source" value="new">';
  const onFile =
    saved && manage
      ? `<p>Card on file: ${escapeHtml(saved.brand)} ending ${escapeHtml(saved.last4)}, expires ${saved.expiry_month}/${saved.expiry_year}. A new card replaces it.</p>`
      : '';
  const value = (name: keyof CardForm) => escapeHtml(input.values?.[name] ?? '');
  const invalid = (name: string) =>
    error?.field === name ? ' aria-invalid="true" aria-describedby="error"' : '';
  const body = `<h1>${manage ? 'Manage payment method' : 'Checkout'}</h1>
${summary ? summaryTable(summary) : ''}
${onFile}
${error ? `<p class="error" id="error" role="alert">${escapeHtml(error.message)}</p>` : ''}
<form method="post" action="${escapeHtml(input.action)}">
${hidden(page)}
${savedChoice}
<label for="name">Name on card</label>
<input type="text" id="name" name="name" autocomplete="cc-name" maxlength="100" value="${value('name')}"${invalid('name')}>
<label for="number">Card number</label>
<input type="text" id="number" name="number" inputmode="numeric" autocomplete="cc-number" maxlength="23"${invalid('number')}>
<div class="row">
<div><label for="expiry">Expiry (MM/YY)</label>
<input type="text" id="expiry" name="expiry" autocomplete="cc-exp" maxlength="7" placeholder="MM/YY" value="${value('expiry')}"${invalid('expiry')}></div>
<div><label for="cvc">CVC</label>
<input type="text" id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" maxlength="4"${invalid('cvc')}></div>
</div>
<button type="submit" name="action" value="pay">${manage ? 'Save card' : summary ? `Pay ${money(summary.amountDue)}` : 'Pay'}</button>
<button type="submit" name="action" value="cancel" class="link">Cancel and go back</button>
</form>
${testCards()}`;
  return layout(manage ? 'Manage payment method' : 'Checkout', body);
}

/** The confirmation step a card that needs authentication asks for. */
export function renderConfirmPage(input: {
  page: HostedPageRow;
  action: string;
  card: CardOnFile;
  summary: DraftInvoice | undefined;
}): string {
  const amount = input.summary ? ` of ${money(input.summary.amountDue)}` : '';
  return layout(
    'Confirm payment',
    `<h1>Confirm this payment</h1>
<p>Your bank asks you to confirm the payment${amount} with your ${escapeHtml(input.card.brand)} card ending ${escapeHtml(input.card.last4)}.</p>
<form method="post" action="${escapeHtml(input.action)}">
${hidden(input.page)}
<button type="submit" name="action" value="confirm">Confirm payment</button>
<button type="submit" name="action" value="cancel" class="link">Cancel and go back</button>
</form>`,
  );
}

/** A page that was already paid or cancelled: it shows its result and cannot be paid again. */
export function renderFinishedPage(page: HostedPageRow): string {
  if (page.state === 'cancelled') {
    return layout(
      'Cancelled',
      '<h1>Payment cancelled</h1><p>Nothing was charged. Go back to the app to start again.</p>',
    );
  }
  const invoice = page.content?.invoice as { id?: string; amount_paid?: number } | undefined;
  const paid = invoice
    ? `<p>Invoice ${escapeHtml(String(invoice.id))}: ${money(Number(invoice.amount_paid ?? 0))} paid.</p>`
    : '';
  const what =
    page.type === 'manage_payment_sources' ? 'Your card was saved.' : 'This payment is complete.';
  return layout(
    'Done',
    `<h1>${what}</h1>${paid}<p>This page has been used and cannot be paid again. You can close it and go back to the app.</p>`,
  );
}

export function renderMessagePage(title: string, message: string): string {
  return layout(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`);
}
