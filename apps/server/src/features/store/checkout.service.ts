// Pricing a cart and placing orders (docs/decisions/0013-store-web.md, 0024). amount = sum of
// price x count, plus one delivery per shipping method chosen when delivering (deliveries.ts);
// VAT = amount x rate, half up; total = amount + VAT. An
// order is placed in one transaction that locks its products in id order, checks stock, takes it,
// and stores the prices it charged. The same Idempotency-Key answers the same order. Only an
// account whose address is confirmed places orders, and an order that is neither paid nor
// confirmed by an administrator is released when its hold runs out (docs/decisions/0023-order-mail.md,
// amendment of 2026-11-29).
import crypto from 'node:crypto';
import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import {
  orderTransitions,
  type Fulfilment,
  type OrderStatus,
  type PlaceOrderRequest,
  type QuoteRequest,
} from '@vitalia/api/store.contract';
import type { Database } from '../../db/database.ts';
import { users } from '../../db/schema/identity.table.ts';
import {
  orderDeliveries,
  orderLines,
  orders,
  orderStatusChanges,
  products,
} from '../../db/schema/store.table.ts';
import { AppError, fieldProblem, type Problem } from '../../plugins/errors.ts';
import { deliveriesFor, type DeliveryCharge } from './deliveries.ts';
import type { StoreMoney } from './money.ts';
import type { OrderNotice } from './order-mail.ts';
import { StoreRepository, type ProductWithShipping, type StoredOrder } from './store.repository.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';

export interface PricedLine {
  product: ProductWithShipping;
  count: number;
  shippingOptionId: string | null;
  shippingMethod: string | null;
  shippingCostMinor: number;
  shippingDays: number;
  /** Price x count: the goods alone. */
  lineAmountMinor: number;
}

export interface PricedCart {
  fulfilment: Fulfilment;
  lines: PricedLine[];
  productsMinor: number;
  deliveries: DeliveryCharge[];
  shippingMinor: number;
  amountMinor: number;
  vatMinor: number;
  totalMinor: number;
}

/** Problems with a cart, one message per line; 409 when stock alone is the problem. */
class CartProblems {
  readonly invalid: Problem[] = [];
  readonly stock: Problem[] = [];

  throwIfAny(): void {
    if (this.invalid.length > 0) {
      throw new AppError(400, 'CART_INVALID', [...this.invalid, ...this.stock]);
    }
    if (this.stock.length > 0) throw new AppError(409, 'OUT_OF_STOCK', this.stock);
  }
}

/** How a new order's request is written down, so that a replay can be told from a new order. */
export class RequestHasher {
  private readonly key: Buffer;

  /**
   * The key is derived from the server's signing secret (JWT_SECRET, or the one kept in DATA_DIR),
   * for this use alone: a request holds a name, a phone and an address, and a plain hash of it
   * could be confirmed by guessing them.
   */
  constructor(signingSecret: string) {
    this.key = Buffer.from(
      crypto.hkdfSync('sha256', signingSecret, 'vitalia', 'order request', 32),
    );
  }

  hash(request: PlaceOrderRequest): string {
    const body = JSON.stringify(request);
    return `hmac:${crypto.createHmac('sha256', this.key).update(body).digest('hex')}`;
  }

  /**
   * Whether a stored hash is of this request. Orders placed before the keyed hash hold the plain
   * SHA-256 hex (no prefix) and are compared in that form, so their replays still answer.
   */
  matches(stored: string, request: PlaceOrderRequest): boolean {
    const expected = stored.startsWith('hmac:')
      ? this.hash(request)
      : crypto.createHash('sha256').update(JSON.stringify(request)).digest('hex');
    const [a, b] = [Buffer.from(stored), Buffer.from(expected)];
    return a.length === b.length && crypto.timingSafeEqual(a, b);
  }
}

/** How long an unpaid order keeps its stock unless an administrator confirms it. */
export const defaultUnconfirmedOrderHours = 48;

/** An order the hold applies to: placed, unpaid, and not confirmed by an administrator. */
const releasable = and(
  eq(orders.status, 'placed'),
  eq(orders.paymentStatus, 'unpaid'),
  isNull(orders.confirmedAt),
);

export class CheckoutService {
  private readonly store: StoreRepository;

  constructor(
    private readonly db: Database,
    private readonly money: StoreMoney,
    /** Mails the customer at each step, in the step's transaction (order-mail.ts). */
    private readonly notify: OrderNotice,
    private readonly hasher: RequestHasher,
  ) {
    this.store = new StoreRepository(db);
  }

  /**
   * An order needs a confirmed address: an account anyone can make in a second must not empty the
   * store. The answer says how to confirm it; a replay of an order already placed never asks.
   */
  async assertMayOrder(userId: string): Promise<void> {
    const [account] = await this.db
      .select({ address: users.username, confirmedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, userId));
    if (account && account.confirmedAt === null) {
      throw new AppError(
        403,
        'EMAIL_NOT_CONFIRMED',
        `An order needs a confirmed email address. Open the link in the mail Vitalia sent to ${account.address}, or have a new one sent (Send me a link), then place the order again: your cart is kept.`,
      );
    }
  }

  /** The order as it now stands inside `tx`, told to its customer. */
  private async tell(tx: Database, orderId: string, step: OrderStatus): Promise<void> {
    const stored = await new StoreRepository(tx).orderById(orderId);
    if (!stored) throw new Error('an order just written is not there');
    await this.notify(tx, stored, step);
  }

  /** Prices a cart from the database; throws the problems of every bad line at once. */
  async price(db: Database, request: QuoteRequest, lock: boolean): Promise<PricedCart> {
    const problems = new CartProblems();
    const seen = new Set<string>();
    request.items.forEach((item, index) => {
      if (seen.has(item.productID)) {
        problems.invalid.push(
          fieldProblem(
            `items.${index}`,
            'this product is already in the cart; send one line per product with a count.',
            { code: 'DUPLICATE_LINE' },
          ),
        );
      }
      seen.add(item.productID);
    });
    problems.throwIfAny();

    const found = await this.store.cartProducts(db, [...seen], lock);
    const byId = new Map(found.map((product) => [product.id, product]));
    const lines: PricedLine[] = [];
    request.items.forEach((item, index) => {
      const at = `items.${index}`;
      const product = byId.get(item.productID);
      if (!product) {
        problems.invalid.push(
          fieldProblem(at, 'there is no such product in the store.', { code: 'NO_SUCH_PRODUCT' }),
        );
        return;
      }
      if (!product.active) {
        problems.invalid.push(
          fieldProblem(at, `"${product.name}" is no longer sold.`, { code: 'NOT_SOLD' }),
        );
        return;
      }
      let shipping: ProductWithShipping['shippings'][number] | undefined;
      if (request.fulfilment === 'delivery') {
        if (!item.shippingCostID) {
          problems.invalid.push(
            fieldProblem(at, `choose how "${product.name}" is shipped (shippingCostID).`, {
              code: 'SHIPPING_REQUIRED',
            }),
          );
          return;
        }
        shipping = product.shippings.find((option) => option.id === item.shippingCostID);
        if (!shipping) {
          problems.invalid.push(
            fieldProblem(at, `that shipping option is not one of "${product.name}"'s.`, {
              code: 'NO_SUCH_SHIPPING',
            }),
          );
          return;
        }
      }
      if (item.count > product.stock) {
        problems.stock.push(
          product.stock === 0
            ? fieldProblem(at, `"${product.name}" is out of stock.`, { code: 'OUT_OF_STOCK' })
            : fieldProblem(
                at,
                `only ${product.stock} of "${product.name}" left; lower the count.`,
                {
                  code: 'NOT_ENOUGH_STOCK',
                },
              ),
        );
        return;
      }
      lines.push({
        product,
        count: item.count,
        shippingOptionId: shipping?.id ?? null,
        shippingMethod: shipping?.method ?? null,
        shippingCostMinor: shipping?.costMinor ?? 0,
        shippingDays: shipping?.deliveryTimeDays ?? 0,
        lineAmountMinor: product.priceMinor * item.count,
      });
    });
    problems.throwIfAny();

    const deliveries = deliveriesFor(
      lines.flatMap((line) =>
        line.shippingMethod === null
          ? []
          : [
              {
                productId: line.product.id,
                shippingMethod: line.shippingMethod,
                costMinor: line.shippingCostMinor,
                deliveryTimeDays: line.shippingDays,
              },
            ],
      ),
    );
    const productsMinor = lines.reduce((sum, line) => sum + line.lineAmountMinor, 0);
    const shippingMinor = deliveries.reduce((sum, delivery) => sum + delivery.costMinor, 0);
    const amountMinor = productsMinor + shippingMinor;
    const vatMinor = this.money.vatOn(amountMinor);
    return {
      fulfilment: request.fulfilment,
      lines,
      productsMinor,
      deliveries,
      shippingMinor,
      amountMinor,
      vatMinor,
      totalMinor: amountMinor + vatMinor,
    };
  }

  quote(request: QuoteRequest): Promise<PricedCart> {
    return this.price(this.db, request, false);
  }

  /** Places the order, or answers the one this key already placed (`replayed`). */
  async place(
    userId: string,
    key: string,
    request: PlaceOrderRequest,
  ): Promise<{ order: StoredOrder; replayed: boolean }> {
    if (request.fulfilment === 'delivery' && !request.delivery) {
      throw new AppError(400, 'DELIVERY_DETAILS', [
        fieldProblem('delivery', 'is required when the order is delivered (address, city, state).'),
      ]);
    }
    if (request.fulfilment === 'pickup' && request.delivery) {
      throw new AppError(400, 'DELIVERY_DETAILS', [
        fieldProblem('delivery', 'leave it out when you pick the order up.'),
      ]);
    }
    const replay = await this.replay(userId, key, request);
    if (replay) return { order: replay, replayed: true };
    await this.assertMayOrder(userId);
    const requestHash = this.hasher.hash(request);

    try {
      const orderId = await this.db.transaction(async (tx) => {
        const db = tx as unknown as Database;
        const cart = await this.price(db, request, true);
        for (const line of cart.lines) {
          await StoreRepository.takeStock(db, line.product.id, line.count);
        }
        const [placed] = await db
          .insert(orders)
          .values({
            userId,
            idempotencyKey: key,
            requestHash,
            fulfilment: cart.fulfilment,
            currency: this.money.currency,
            vatRateBasisPoints: this.money.vatBasisPoints,
            amountMinor: cart.amountMinor,
            vatMinor: cart.vatMinor,
            totalMinor: cart.totalMinor,
            paymentMethod: cart.fulfilment === 'delivery' ? 'on_delivery' : 'at_pickup',
            firstName: request.contact.firstName,
            surname: request.contact.surname,
            phone: request.contact.phone,
            // Optional, and an empty one is none.
            secondPhone: request.contact.secondPhone || null,
            email: request.contact.email.toLowerCase(),
            address: request.delivery?.address ?? null,
            city: request.delivery?.city ?? null,
            state: request.delivery?.state ?? null,
            landmark: request.delivery?.landmark || null,
          })
          .returning({ id: orders.id });
        if (!placed) throw new Error('order insert returned nothing');
        await db.insert(orderLines).values(
          cart.lines.map((line) => ({
            orderId: placed.id,
            productId: line.product.id,
            productName: line.product.name,
            unitPriceMinor: line.product.priceMinor,
            count: line.count,
            shippingOptionId: line.shippingOptionId,
            shippingMethod: line.shippingMethod,
            shippingCostMinor: line.shippingCostMinor,
            lineAmountMinor: line.lineAmountMinor,
          })),
        );
        if (cart.deliveries.length > 0) {
          await db.insert(orderDeliveries).values(
            cart.deliveries.map((delivery) => ({
              orderId: placed.id,
              shippingMethod: delivery.shippingMethod,
              costMinor: delivery.costMinor,
              deliveryTimeDays: delivery.deliveryTimeDays,
              productIds: delivery.productIds,
            })),
          );
        }
        await db
          .insert(orderStatusChanges)
          .values({ orderId: placed.id, status: 'placed', changedBy: userId });
        await this.tell(db, placed.id, 'placed');
        return placed.id;
      });
      const stored = await this.store.orderById(orderId, userId);
      if (!stored) throw new Error('placed order not found');
      return { order: stored, replayed: false };
    } catch (error) {
      // The same key sent twice at once: the other request placed the order.
      if (isUniqueViolation(error)) {
        const raced = await this.replay(userId, key, request);
        if (raced) return { order: raced, replayed: true };
      }
      throw error;
    }
  }

  /** True when this key already placed an order of this person (a retry, not a new order). */
  async isReplay(userId: string, key: string): Promise<boolean> {
    return (await this.store.orderByKey(userId, key)) !== undefined;
  }

  private async replay(
    userId: string,
    key: string,
    request: PlaceOrderRequest,
  ): Promise<StoredOrder | undefined> {
    const existing = await this.store.orderByKey(userId, key);
    if (!existing) return undefined;
    if (!this.hasher.matches(existing.requestHash, request)) {
      throw new AppError(
        422,
        'IDEMPOTENCY_KEY_REUSED',
        'This Idempotency-Key was already used for a different order; send a new key for a new order.',
      );
    }
    return this.store.orderById(existing.id, userId);
  }

  /**
   * Records the payment received for an order (on delivery, at pickup, or earlier at the counter),
   * by whom and when. Not for a cancelled order, nor twice.
   */
  async recordPayment(orderId: string, by: string): Promise<StoredOrder> {
    await this.db.transaction(async (tx) => {
      const db = tx as unknown as Database;
      const [current] = await db.select().from(orders).where(eq(orders.id, orderId)).for('update');
      if (!current) throw new AppError(404, 'NOT_FOUND', 'There is no such order.');
      if (current.status === 'cancelled') {
        throw new AppError(409, 'PAYMENT_NOT_ALLOWED', 'This order is cancelled: nothing is owed.');
      }
      if (current.paymentStatus !== 'unpaid') {
        throw new AppError(
          409,
          'PAYMENT_NOT_ALLOWED',
          'The payment of this order is already recorded.',
        );
      }
      await db
        .update(orders)
        .set({
          paymentStatus: 'paid',
          paidAt: new Date(),
          paidRecordedBy: by,
          updatedAt: new Date(),
        })
        .where(eq(orders.id, orderId));
    });
    const stored = await this.store.orderById(orderId);
    if (!stored) throw new Error('paid order not found');
    return stored;
  }

  /**
   * An administrator confirms an unpaid order (by phone, say): it then keeps its stock past the
   * hold. Only while it is placed, and once.
   */
  async confirm(orderId: string, by: string): Promise<StoredOrder> {
    await this.db.transaction(async (tx) => {
      const db = tx as unknown as Database;
      const [current] = await db.select().from(orders).where(eq(orders.id, orderId)).for('update');
      if (!current) throw new AppError(404, 'NOT_FOUND', 'There is no such order.');
      if (current.confirmedAt) {
        throw new AppError(409, 'CONFIRM_NOT_ALLOWED', 'This order is already confirmed.');
      }
      if (current.status !== 'placed') {
        throw new AppError(
          409,
          'CONFIRM_NOT_ALLOWED',
          current.status === 'cancelled'
            ? 'This order is cancelled: place a new one if it is still wanted.'
            : `This order is ${current.status.replaceAll('_', ' ')}: it is no longer waiting to be confirmed.`,
        );
      }
      await db
        .update(orders)
        .set({ confirmedAt: new Date(), confirmedBy: by, updatedAt: new Date() })
        .where(eq(orders.id, orderId));
    });
    const stored = await this.store.orderById(orderId);
    if (!stored) throw new Error('confirmed order not found');
    return stored;
  }

  /**
   * Moves an order along its path; cancelling returns its stock in the same transaction.
   * `onlyFrom` narrows where it may come from (a customer cancels only a placed order), checked
   * under the row's lock, so a cancel racing an administrator's move has one outcome.
   */
  async move(
    orderId: string,
    to: OrderStatus,
    by: string,
    { onlyFrom }: { onlyFrom?: OrderStatus[] } = {},
  ): Promise<StoredOrder> {
    await this.db.transaction(async (tx) => {
      const db = tx as unknown as Database;
      const [current] = await db.select().from(orders).where(eq(orders.id, orderId)).for('update');
      if (!current) throw new AppError(404, 'NOT_FOUND', 'There is no such order.');
      if (onlyFrom && !onlyFrom.includes(current.status)) {
        throw new AppError(
          409,
          'STATUS_NOT_ALLOWED',
          current.status === 'cancelled'
            ? 'This order is already cancelled.'
            : `This order is ${current.status.replaceAll('_', ' ')}, so it can no longer be cancelled here. Contact the store if you need to.`,
        );
      }
      const allowed = orderTransitions[current.fulfilment][current.status] ?? [];
      if (!allowed.includes(to)) {
        throw new AppError(
          409,
          'STATUS_NOT_ALLOWED',
          allowed.length > 0
            ? `A ${current.fulfilment} order that is ${current.status.replaceAll('_', ' ')} can go to ${allowed.map((s) => s.replaceAll('_', ' ')).join(' or ')}, not ${to.replaceAll('_', ' ')}.`
            : `This order is ${current.status.replaceAll('_', ' ')} and cannot change any more.`,
        );
      }
      await this.apply(db, current, to, { changedBy: by });
    });
    const stored = await this.store.orderById(orderId);
    if (!stored) throw new Error('moved order not found');
    return stored;
  }

  /**
   * Releases the orders whose hold has run out at `now`: placed, unpaid, not confirmed by an
   * administrator, and placed more than `holdHours` ago. Each is cancelled by the system in a
   * transaction of its own, its stock returned and its buyer mailed; the rule is checked again
   * under the row's lock, so a payment or a confirmation that lands first keeps the order.
   * Answers how many were released.
   */
  async releaseUnconfirmed(now: Date, holdHours: number): Promise<number> {
    const cutoff = new Date(now.getTime() - holdHours * 3_600_000);
    const due = await this.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(releasable, lt(orders.createdAt, cutoff)))
      .orderBy(asc(orders.createdAt))
      .limit(500);
    let released = 0;
    for (const { id } of due) {
      const done = await this.db.transaction(async (tx) => {
        const db = tx as unknown as Database;
        const [current] = await db
          .select()
          .from(orders)
          .where(and(eq(orders.id, id), releasable, lt(orders.createdAt, cutoff)))
          .for('update');
        if (!current) return false;
        await this.apply(db, current, 'cancelled', { changedBy: null, bySystem: true });
        return true;
      });
      if (done) released += 1;
    }
    return released;
  }

  /** Writes a move already checked, under the row's lock: stock, status, history, mail. */
  private async apply(
    db: Database,
    current: typeof orders.$inferSelect,
    to: OrderStatus,
    who: { changedBy: string | null; bySystem?: boolean },
  ): Promise<void> {
    const orderId = current.id;
    if (to === 'cancelled') {
      const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
      for (const line of lines) {
        await db
          .update(products)
          .set({ stock: sql`${products.stock} + ${line.count}`, updatedAt: new Date() })
          .where(eq(products.id, line.productId));
      }
    }
    // A paid order that is cancelled is refunded: the refund is recorded with it.
    const refund =
      to === 'cancelled' && current.paymentStatus === 'paid'
        ? { paymentStatus: 'refunded' as const, refundedAt: new Date() }
        : {};
    await db
      .update(orders)
      .set({ status: to, updatedAt: new Date(), ...refund })
      .where(and(eq(orders.id, orderId), inArray(orders.status, [current.status])));
    await db.insert(orderStatusChanges).values({
      orderId,
      status: to,
      changedBy: who.changedBy,
      bySystem: who.bySystem ?? false,
    });
    await this.tell(db, orderId, to);
  }
}
