import type { Fulfilment, Order, OrderStatus } from '@vitalia/api/store.contract';

export const orderStatusLabels: Record<OrderStatus, string> = {
  placed: 'Placed',
  shipped: 'Shipped',
  ready_for_pickup: 'Ready for pickup',
  delivered: 'Delivered',
  collected: 'Collected',
  cancelled: 'Cancelled',
};

/** What the button that moves an order to this status says. */
export const moveLabels: Record<OrderStatus, string> = {
  placed: 'Mark placed',
  shipped: 'Mark shipped',
  ready_for_pickup: 'Mark ready for pickup',
  delivered: 'Mark delivered',
  collected: 'Mark collected',
  cancelled: 'Cancel order',
};

/** The road an order travels when nothing goes wrong. */
export const orderPath: Record<Fulfilment, OrderStatus[]> = {
  delivery: ['placed', 'shipped', 'delivered'],
  pickup: ['placed', 'ready_for_pickup', 'collected'],
};

/**
 * The number people quote for an order: the first eight characters of its id, in capitals. Long
 * enough to tell a person's orders apart, short enough to read out on the phone.
 */
export function orderReference(orderID: string): string {
  return orderID.replaceAll('-', '').slice(0, 8).toUpperCase();
}

const absolute = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const dayOnly = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' });

/** '3 May 2026, 08:30' in the browser's time zone. */
export function formatOrderTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : absolute.format(date);
}

const arrivalDay = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
});

/** 'Thu 3 Dec': the day a delivery is expected, in the browser's time zone. */
export function formatArrivalDay(date: Date): string {
  return arrivalDay.format(date);
}

/**
 * The day `days` calendar days after `from`, on the browser's calendar (a shipping option's
 * deliveryTimeDays counts days, not working days, as the store's administrators enter them).
 */
export function daysAfter(from: Date, days: number): Date {
  const day = new Date(from.getTime());
  day.setDate(day.getDate() + days);
  return day;
}

/**
 * 'Expected by Thu 3 Dec' for a delivery order still on its way, counted from the day it was
 * placed with its slowest delivery; null once it is delivered or cancelled, and for pickup (the
 * store gives no time to get a pickup ready).
 */
export function expectedByText(
  order: Pick<Order, 'fulfilment' | 'status' | 'createdAt' | 'deliveries'>,
  days = Math.max(0, ...order.deliveries.map((delivery) => delivery.deliveryTimeDays)),
): string | null {
  if (order.fulfilment !== 'delivery' || order.deliveries.length === 0) return null;
  if (order.status !== 'placed' && order.status !== 'shipped') return null;
  const placed = new Date(order.createdAt);
  if (Number.isNaN(placed.getTime())) return null;
  return `Expected by ${formatArrivalDay(daysAfter(placed, days))}`;
}

/** '3 May 2026'. */
export function formatOrderDay(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dayOnly.format(date);
}

/** 'Fingertip pulse oximeter × 2, Peak flow meter'. */
export function orderItemsSummary(order: Pick<Order, 'lines'>): string {
  return order.lines
    .map((line) => (line.count > 1 ? `${line.productName} × ${line.count}` : line.productName))
    .join(', ');
}

/** How many units an order holds. */
export function orderUnitCount(order: Pick<Order, 'lines'>): number {
  return order.lines.reduce((sum, line) => sum + line.count, 0);
}

export function unitsText(count: number): string {
  return count === 1 ? '1 item' : `${count} items`;
}

/** What the person does next, in a sentence, for an order that is still moving. */
export function nextStepText(order: Order): string {
  const total = order.formattedTotal;
  const paid = order.payment.status === 'paid';
  switch (order.status) {
    case 'placed':
      return order.fulfilment === 'delivery'
        ? `We are packing your order. It will be delivered to the address below${paid ? '; it is paid.' : `, and you pay ${total} when it arrives.`}`
        : `We are getting your order ready. We will let you know at ${order.contact.email} when you can collect it${paid ? '; it is paid.' : `, and you pay ${total} when you collect it.`}`;
    case 'shipped':
      return `Your order is on its way. ${paid ? 'It is paid.' : `You pay ${total} when it arrives.`}`;
    case 'ready_for_pickup':
      return `Your order is ready to collect. ${paid ? 'It is paid.' : `You pay ${total} when you collect it.`}`;
    case 'delivered':
      return 'Your order was delivered. We hope it serves you well.';
    case 'collected':
      return 'You collected your order. We hope it serves you well.';
    case 'cancelled':
      if (order.releasedAt) {
        return 'This order was released: it was neither paid nor confirmed in time, so its items went back on sale. Nothing is owed.';
      }
      return order.payment.status === 'refunded'
        ? `This order was cancelled. You paid ${total}: it is refunded.`
        : 'This order was cancelled. Nothing is owed.';
  }
}

/** 'Paid 24 Nov 2026, 10:30', 'Refunded …', or how it is paid: 'Pay at pickup, not paid yet'. */
export function paymentText(order: Pick<Order, 'payment' | 'status'>): string {
  const { payment } = order;
  if (order.status === 'cancelled' && payment.status === 'unpaid') return 'Nothing owed';
  if (payment.status === 'paid') {
    return payment.paidAt ? `Paid ${formatOrderTime(payment.paidAt)}` : 'Paid';
  }
  if (payment.status === 'refunded') {
    return payment.refundedAt ? `Refunded ${formatOrderTime(payment.refundedAt)}` : 'Refunded';
  }
  return `${payment.method === 'on_delivery' ? 'Pay on delivery' : 'Pay at pickup'}, not paid yet`;
}

/**
 * How long an unpaid order is held, for its buyer or for the store; null when it is not held
 * (paid, confirmed, moved on or cancelled) and, for the store, not confirmed either.
 */
export function holdText(
  order: Pick<Order, 'releaseAt' | 'releasedAt' | 'confirmedAt' | 'status'>,
  reader: 'buyer' | 'store',
): string | null {
  if (order.releaseAt) {
    const until = formatOrderTime(order.releaseAt);
    return reader === 'buyer'
      ? `We hold your order until ${until}. If by then it is neither paid nor confirmed by the store, it is cancelled and its items go back on sale.`
      : `Unpaid: released ${until} unless confirmed`;
  }
  if (reader === 'store' && order.confirmedAt && order.status === 'placed') {
    return `Confirmed ${formatOrderTime(order.confirmedAt)}`;
  }
  return null;
}
