// The customer is mailed at each step of an order (docs/decisions/0023-order-mail.md); the words
// are in mail/templates/order-update.ts. The mail is stored on the queue in the same transaction
// as the step it tells of: sent if and only if the step is taken, and never failing it (sending
// happens later, with its retries).
import type { OrderStatus } from '@vitalia/api/store.contract';
import type { Database } from '../../db/database.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { PickupPlace } from '../../mail/templates/order-update.ts';
import type { StoreMoney } from './money.ts';
import type { StoredOrder } from './store.repository.ts';
import { toOrder } from './store.views.ts';

export type { PickupPlace };

/** Tells the customer of a step of their order, inside the transaction that took it. */
export type OrderNotice = (tx: Database, order: StoredOrder, step: OrderStatus) => Promise<void>;

export function orderNotices(options: {
  mailer: Mailer;
  money: StoreMoney;
  pickup: PickupPlace;
}): OrderNotice {
  const { mailer, money, pickup } = options;
  return (tx, stored, step) =>
    mailer.sendWithin(tx, {
      to: stored.order.email,
      template: 'order-update',
      values: { order: toOrder(stored, money), step, pickup },
    });
}
