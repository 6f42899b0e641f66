// The customer is mailed at each step of an order (docs/decisions/0023-order-mail.md); the words
// are in mail/templates/order-update.ts. The mail is stored on the queue in the same transaction
// as the step it tells of: sent if and only if the step is taken, and never failing it (sending
// happens later, with its retries). It goes to the account's own sign-in address, never to the
// contact address typed on the order: anyone can type anyone's address there, and a shop must not
// mail a stranger because someone named them (docs/decisions/0023-order-mail.md).
import { eq } from 'drizzle-orm';
import type { OrderStatus } from '@vitalia/api/store.contract';
import { users } from '../../db/schema/identity.table.ts';
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
  /** How long an unpaid, unconfirmed order keeps its stock (STORE_UNCONFIRMED_ORDER_HOURS). */
  holdHours: number;
}): OrderNotice {
  const { mailer, money, pickup, holdHours } = options;
  return async (tx, stored, step) => {
    // An order whose account is gone (anonymised at a purge) has nobody to tell.
    if (!stored.order.userId) return;
    const [account] = await tx
      .select({ address: users.username })
      .from(users)
      .where(eq(users.id, stored.order.userId));
    if (!account) return;
    await mailer.sendWithin(tx, {
      to: account.address,
      template: 'order-update',
      values: { order: toOrder(stored, money, holdHours), step, pickup },
    });
  };
}
