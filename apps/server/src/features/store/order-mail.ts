// The store's mail to its customer (decisions in docs/decisions/0023-order-mail.md): one at each
// step of an order, placed (a receipt with VAT), ready for pickup (with the place and hours),
// shipped, delivered or collected, and cancelled. Each names the order, its lines and total, and
// links to its page; plain text and HTML like the account mail.
import type { Order, OrderStatus } from '@vitalia/api/store.contract';
import type { Database } from '../../db/database.ts';
import { escapeHtml, type Mailer, type MailMessage } from '../../plugins/mailer.ts';
import type { StoreMoney } from './money.ts';
import type { StoredOrder } from './store.repository.ts';
import { toOrder } from './store.views.ts';

export interface PickupPlace {
  address: string;
  hours: string;
}

/** The order number people see: the first eight characters of its id, as on its page. */
export function orderNumber(orderID: string): string {
  return orderID.replaceAll('-', '').slice(0, 8).toUpperCase();
}

interface Words {
  subject: string;
  /** What happened, first. */
  lead: string;
  /** What comes next, or what the customer owes and how. */
  next: string;
}

function wordsFor(order: Order, step: OrderStatus, pickup: PickupPlace): Words {
  const number = orderNumber(order.orderID);
  const where = order.delivery
    ? `${order.delivery.address}, ${order.delivery.city}, ${order.delivery.state}`
    : '';
  const paid = order.payment.status === 'paid';
  const owed = paid ? 'It is paid.' : `You pay ${order.formattedTotal}`;
  switch (step) {
    case 'placed':
      return order.fulfilment === 'pickup'
        ? {
            subject: `Your Vitalia order ${number}: your receipt`,
            lead: `Thank you for your order. Here is your receipt.`,
            next: `We mail you again when it is ready to collect at ${pickup.address} (${pickup.hours}). ${paid ? owed : `${owed} when you collect it.`}`,
          }
        : {
            subject: `Your Vitalia order ${number}: your receipt`,
            lead: `Thank you for your order. Here is your receipt.`,
            next: `We deliver it to ${where} and mail you when it is on its way. ${paid ? owed : `${owed} on delivery.`}`,
          };
    case 'ready_for_pickup':
      return {
        subject: `Your Vitalia order ${number} is ready to collect`,
        lead: `Your order is ready. Collect it at ${pickup.address}, ${pickup.hours}.`,
        next: `Say your order number, ${number}. ${paid ? owed : `${owed} when you collect it.`}`,
      };
    case 'shipped':
      return {
        subject: `Your Vitalia order ${number} is on its way`,
        lead: `Your order has left us and is on its way to ${where}.`,
        next: paid ? owed : `${owed} on delivery.`,
      };
    case 'delivered':
      return {
        subject: `Your Vitalia order ${number} was delivered`,
        lead: `Your order was delivered to ${where}.`,
        next: 'Thank you for shopping with Vitalia.',
      };
    case 'collected':
      return {
        subject: `You collected your Vitalia order ${number}`,
        lead: 'You collected your order.',
        next: 'Thank you for shopping with Vitalia.',
      };
    case 'cancelled':
      return {
        subject: `Your Vitalia order ${number} is cancelled`,
        lead: 'Your order is cancelled. What you ordered went back on the shelf.',
        // Cancelling a paid order records its refund (checkout.service.ts).
        next:
          order.payment.status === 'refunded'
            ? `You paid ${order.formattedTotal}: we refund it, and mail you when it is done.`
            : 'You owe nothing.',
      };
  }
}

/** The mail for this step of the order. */
export function orderMail(
  order: Order,
  step: OrderStatus,
  options: { publicUrl: string; pickup: PickupPlace },
): MailMessage {
  const words = wordsFor(order, step, options.pickup);
  const link = `${options.publicUrl}/store/orders/${encodeURIComponent(order.orderID)}`;
  const number = orderNumber(order.orderID);
  // Goods, each delivery and VAT on lines of their own, as the order page shows them.
  const units = order.lines.reduce((sum, line) => sum + line.count, 0);
  const rows: Array<[string, string]> = order.lines.map((line) => [
    `${line.productName} x ${line.count}`,
    line.formattedAmount,
  ]);
  rows.push([
    `Products (${units === 1 ? '1 item' : `${units} items`})`,
    order.formattedProductsAmount,
  ]);
  if (order.fulfilment === 'pickup') rows.push(['Pickup', 'Free']);
  for (const delivery of order.deliveries) {
    const days = delivery.deliveryTimeDays;
    const time = days === 0 ? 'same day' : days === 1 ? '1 day' : `${days} days`;
    const together =
      delivery.productIDs.length > 1 ? `${delivery.productIDs.length} products together, ` : '';
    rows.push([`${delivery.shippingMethod} (${together}${time})`, delivery.costFormatted]);
  }
  rows.push([`VAT (${order.vatRate}%)`, order.formattedVat]);
  const text = [
    words.lead,
    '',
    `Order ${number}`,
    ...rows.map(([label, amount]) => `${label}: ${amount}`),
    `Total: ${order.formattedTotal}`,
    '',
    words.next,
    '',
    `Your order:\n${link}`,
    '',
    'Vitalia',
  ].join('\n');
  const row = (label: string, amount: string, strong = false) =>
    `<tr><td style="padding:6px 12px 6px 0;border-top:1px solid #e3e6ec${strong ? ';font-weight:600' : ''}">${escapeHtml(label)}</td><td style="padding:6px 0;border-top:1px solid #e3e6ec;text-align:right;white-space:nowrap${strong ? ';font-weight:600' : ''}">${escapeHtml(amount)}</td></tr>`;
  const html = `<!doctype html><html><body style="font-family:Roboto,Arial,sans-serif;color:#1a1a1a;max-width:560px">
<p>${escapeHtml(words.lead)}</p>
<p style="font-weight:600;margin-bottom:4px">Order ${escapeHtml(number)}</p>
<table style="border-collapse:collapse;width:100%;font-size:15px">
${rows.map(([label, amount]) => row(label, amount)).join('\n')}
${row('Total', order.formattedTotal, true)}
</table>
<p>${escapeHtml(words.next)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#0b2559;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">See your order</a></p>
<p>Vitalia</p>
</body></html>`;
  return { to: order.contact.email, subject: words.subject, text, html };
}

/** Tells the customer of a step of their order, inside the transaction that took it. */
export type OrderNotice = (tx: Database, order: StoredOrder, step: OrderStatus) => Promise<void>;

/**
 * The order's mail is stored on the queue in the same transaction as the step it tells of: sent if
 * and only if the step is taken, and never failing it (sending happens later, with its retries).
 */
export function orderNotices(options: {
  mailer: Mailer;
  money: StoreMoney;
  publicUrl: string;
  pickup: PickupPlace;
}): OrderNotice {
  const { mailer, money } = options;
  return (tx, stored, step) =>
    mailer.sendWithin(
      tx,
      orderMail(toOrder(stored, money), step, options),
      `order ${step.replaceAll('_', ' ')}`,
    );
}
