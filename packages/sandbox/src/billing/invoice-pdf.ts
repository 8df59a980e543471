import { SKINS, formatBillingAmount, formatMediumDate, isBusinessUnit } from '@gds/contract';
import type { InvoiceRow } from './billing-tables.ts';

const money = (cents: number) => formatBillingAmount(cents);
const day = (epoch: number) => formatMediumDate(epoch * 1000);
const NEUTRAL = '#2f3542';

/**
 * An invoice as a PDF, branded by the team's business unit (its name and primary colour):
 * number, date, bill-to, lines, discounts, totals and whether it is paid.
 */
export async function renderInvoicePdf(invoice: InvoiceRow): Promise<Buffer> {
  // Loaded on the first invoice opened: the PDF library and its fonts take ~30 MB a server
  // that nobody asks for an invoice would hold for nothing.
  const { default: PDFDocument } = await import('pdfkit');
  const unit = invoice.bill_to.business_unit;
  const skin = isBusinessUnit(unit) ? SKINS[unit] : undefined;
  const colour = skin
    ? `#${[skin.primaryColor.red, skin.primaryColor.green, skin.primaryColor.blue]
        .map((channel) => channel.toString(16).padStart(2, '0'))
        .join('')}`
    : NEUTRAL;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `Invoice ${invoice.id}`, Author: skin?.name ?? 'Sandbox payments' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - 100;
  doc.rect(0, 0, doc.page.width, 90).fill(colour);
  doc
    .fillColor('#ffffff')
    .fontSize(24)
    .text(skin?.name ?? 'Invoice', 50, 30);
  doc.fontSize(10).text('Sandbox invoice: no real money moved', 50, 60);
  doc.fillColor('#1f2430').fontSize(18).text(`Invoice ${invoice.id}`, 50, 120);
  doc.fontSize(10);
  doc.text(`Date: ${day(invoice.date)}`);
  doc.text(`Status: ${invoice.status === 'paid' ? 'Paid' : invoice.status.replace(/_/g, ' ')}`);
  doc.moveDown();
  doc.fontSize(11).text('Bill to', { underline: true });
  doc.fontSize(10).text(invoice.bill_to.email || 'Customer');
  doc.text(`Customer id: ${invoice.customer_id}`);
  doc.moveDown(1.5);

  const row = (label: string, amount: string, bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    doc.text(label, 50, y, { width: width - 110 });
    const after = doc.y;
    doc.text(amount, 50 + width - 100, y, { width: 100, align: 'right' });
    doc.y = Math.max(after, doc.y) + 4;
  };
  row('Description', 'Amount', true);
  doc
    .moveTo(50, doc.y)
    .lineTo(50 + width, doc.y)
    .strokeColor('#c9ced6')
    .stroke();
  doc.y += 6;
  for (const line of invoice.line_items) {
    row(`${line.description} (${day(line.date_from)} - ${day(line.date_to)})`, money(line.amount));
  }
  for (const discount of invoice.discounts) {
    row(`Discount: ${discount.description} (${discount.entity_id})`, `-${money(discount.amount)}`);
  }
  if (invoice.credits_applied > 0) row('Credits applied', `-${money(invoice.credits_applied)}`);
  doc
    .moveTo(50, doc.y)
    .lineTo(50 + width, doc.y)
    .strokeColor('#c9ced6')
    .stroke();
  doc.y += 6;
  row('Subtotal', money(invoice.sub_total));
  row('Total', money(invoice.total), true);
  row('Amount paid', money(invoice.amount_paid));
  row('Amount due', money(invoice.amount_due), true);
  doc.moveDown(2);
  doc.font('Helvetica').fontSize(9).fillColor('#4a5468');
  doc.text(
    `Amounts in ${invoice.currency_code}.${skin ? ` Questions: ${skin.supportEmail}` : ''}`,
    50,
  );
  doc.end();
  return done;
}
