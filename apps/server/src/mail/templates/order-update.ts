// The store's mail to its customer (docs/decisions/0023-order-mail.md): one at each step of an
// order, placed (what is owed and how, with VAT), ready for pickup (with the place and hours),
// shipped, delivered or collected, and cancelled (or released, when the hold ran out). Each names
// the order, its lines and total, where it goes and the numbers to call, and links to its page.
// A mail is called a receipt only when the order is paid: an order paid on delivery or at pickup
// is placed with nothing paid (docs/decisions/0013-store-web.md, amendment of 2026-11-29).
import type { Order, OrderStatus } from '@vitalia/api/store.contract';
import type { MailContent, MailTableRow } from '../layout.ts';
import type { MailSite } from '../site.ts';

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
  const where = order.delivery ? addressText(order.delivery) : '';
  const paid = order.payment.status === 'paid';
  const owed = paid ? 'It is paid.' : `You pay ${order.formattedTotal}`;
  const payWhen = order.fulfilment === 'pickup' ? 'at pickup' : 'on delivery';
  switch (step) {
    case 'placed': {
      const placed = paid
        ? {
            subject: `Your Vitalia order ${number}: your receipt`,
            lead: 'Thank you for your order. It is paid: here is your receipt.',
          }
        : {
            subject: `Your Vitalia order ${number} is placed: pay ${order.formattedTotal} ${payWhen}`,
            lead: 'Thank you for your order. Nothing is paid yet.',
          };
      return order.fulfilment === 'pickup'
        ? {
            ...placed,
            next: `We mail you again when it is ready to collect at ${pickup.address} (${pickup.hours}). ${paid ? owed : `${owed} when you collect it.`}`,
          }
        : {
            ...placed,
            next: `We deliver it to ${where} and mail you when it is on its way. ${paid ? owed : `${owed} on delivery.`}`,
          };
    }
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
      // Released by the server: neither paid nor confirmed within the store's hold
      // (features/store/checkout.service.ts, docs/decisions/0023-order-mail.md).
      if (order.releasedAt) {
        return {
          subject: `Your Vitalia order ${number} was released`,
          lead: 'We held your order for you, but it was neither paid nor confirmed in time, so we released it: what you ordered went back on the shelf.',
          next: 'You owe nothing. If you still want it, place the order again.',
        };
      }
      return {
        subject: `Your Vitalia order ${number} is cancelled`,
        lead: 'Your order is cancelled. What you ordered went back on the shelf.',
        // Cancelling a paid order records its refund (features/store/checkout.service.ts).
        next:
          order.payment.status === 'refunded'
            ? `You paid ${order.formattedTotal}: we refund it, and mail you when it is done.`
            : 'You owe nothing.',
      };
  }
}

/** '12 Marina Road (opposite the First Bank), Ikeja, Lagos'. */
function addressText(delivery: NonNullable<Order['delivery']>): string {
  const landmark = delivery.landmark ? ` (${delivery.landmark})` : '';
  return `${delivery.address}${landmark}, ${delivery.city}, ${delivery.state}`;
}

/** Where the order goes (or that it is collected) and the numbers the store may call. */
function detailRows(order: Order): MailTableRow[] {
  const rows: MailTableRow[] = [];
  if (order.delivery) {
    rows.push({
      label: 'Deliver to',
      value: `${order.delivery.address}, ${order.delivery.city}, ${order.delivery.state}`,
    });
    if (order.delivery.landmark) rows.push({ label: 'Landmark', value: order.delivery.landmark });
  }
  rows.push({ label: 'Phone', value: order.contact.phone });
  if (order.contact.secondPhone) {
    rows.push({ label: 'Second phone', value: order.contact.secondPhone });
  }
  return rows;
}

/** Goods, each delivery and VAT on lines of their own, as the order page shows them. */
function receiptRows(order: Order): MailTableRow[] {
  const units = order.lines.reduce((sum, line) => sum + line.count, 0);
  const row = (label: string, value: string): MailTableRow => ({ label, value, alignEnd: true });
  const rows = order.lines.map((line) =>
    row(`${line.productName} x ${line.count}`, line.formattedAmount),
  );
  rows.push(
    row(`Products (${units === 1 ? '1 item' : `${units} items`})`, order.formattedProductsAmount),
  );
  if (order.fulfilment === 'pickup') rows.push(row('Pickup', 'Free'));
  for (const delivery of order.deliveries) {
    const days = delivery.deliveryTimeDays;
    const time = days === 0 ? 'same day' : days === 1 ? '1 day' : `${days} days`;
    const together =
      delivery.productIDs.length > 1 ? `${delivery.productIDs.length} products together, ` : '';
    rows.push(row(`${delivery.shippingMethod} (${together}${time})`, delivery.costFormatted));
  }
  rows.push(row(`VAT (${order.vatRate}%)`, order.formattedVat));
  rows.push({ ...row('Total', order.formattedTotal), strong: true });
  return rows;
}

export function orderUpdate(
  values: { order: Order; step: OrderStatus; pickup: PickupPlace },
  site: MailSite,
): MailContent {
  const { order, step, pickup } = values;
  const words = wordsFor(order, step, pickup);
  return {
    subject: words.subject,
    blocks: [
      { kind: 'paragraph', text: words.lead },
      { kind: 'paragraph', text: `Order ${orderNumber(order.orderID)}`, strong: true },
      { kind: 'table', rows: receiptRows(order) },
      { kind: 'table', rows: detailRows(order) },
      { kind: 'paragraph', text: words.next },
      {
        kind: 'button',
        label: 'See your order',
        link: `${site.publicUrl}/store/orders/${encodeURIComponent(order.orderID)}`,
        spellOut: false,
      },
    ],
  };
}
