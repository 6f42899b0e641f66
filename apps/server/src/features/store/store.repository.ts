// The catalogue and orders in the database. Prices always come from here, never from a request.
import { and, asc, count, desc, eq, gt, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import {
  orderDeliveries,
  orderLines,
  orders,
  orderStatusChanges,
  products,
  shippingOptions,
} from '../../db/schema/store.table.ts';

export type ProductRow = typeof products.$inferSelect;
export type ShippingRow = typeof shippingOptions.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type StatusChangeRow = typeof orderStatusChanges.$inferSelect;
export type DeliveryRow = typeof orderDeliveries.$inferSelect;

export interface ProductWithShipping extends ProductRow {
  shippings: ShippingRow[];
}

/**
 * A line as charged, with the product's image as it is now: the picture is not part of what was
 * charged, and a replaced image's file is removed, so only the current one can still be shown.
 */
export interface StoredOrderLine extends OrderLineRow {
  productImage: string | null;
}

export interface StoredOrder {
  order: OrderRow;
  lines: StoredOrderLine[];
  deliveries: DeliveryRow[];
  history: StatusChangeRow[];
}

/** Where a page of products starts: after this name and id. */
export interface ProductPosition {
  name: string;
  id: string;
}

export interface OrderFilter {
  userId?: string;
  status?: OrderRow['status'] | undefined;
  payment?: OrderRow['paymentStatus'] | undefined;
  /** An order number's first characters, or part of the customer's email. */
  search?: string | undefined;
  needsAction?: boolean;
}

/** Waiting for the store: placed (to prepare), or handed over and not yet recorded as paid. */
const needsAction = or(
  eq(orders.status, 'placed'),
  and(inArray(orders.status, ['delivered', 'collected']), eq(orders.paymentStatus, 'unpaid')),
);

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export class StoreRepository {
  constructor(private readonly db: Database) {}

  private async withShipping(rows: ProductRow[]): Promise<ProductWithShipping[]> {
    if (rows.length === 0) return [];
    const options = await this.db
      .select()
      .from(shippingOptions)
      .where(
        and(
          inArray(
            shippingOptions.productId,
            rows.map((row) => row.id),
          ),
          eq(shippingOptions.active, true),
        ),
      )
      .orderBy(asc(shippingOptions.costMinor), asc(shippingOptions.id));
    return rows.map((row) => ({
      ...row,
      shippings: options.filter((option) => option.productId === row.id),
    }));
  }

  /** A page of products by name; only active ones unless an administrator asks. */
  async listProducts(options: {
    q?: string | undefined;
    limit: number;
    after?: ProductPosition | undefined;
    includeInactive?: boolean;
  }): Promise<{ rows: ProductWithShipping[]; next: ProductPosition | null }> {
    const conditions = [];
    if (!options.includeInactive) conditions.push(eq(products.active, true));
    if (options.q) conditions.push(ilike(products.name, likePattern(options.q)));
    if (options.after) {
      const { name, id } = options.after;
      conditions.push(
        or(gt(products.name, name), and(eq(products.name, name), gt(products.id, id))),
      );
    }
    const rows = await this.db
      .select()
      .from(products)
      .where(and(...conditions))
      .orderBy(asc(products.name), asc(products.id))
      .limit(options.limit + 1);
    const page = rows.slice(0, options.limit);
    const last = page.at(-1);
    return {
      rows: await this.withShipping(page),
      next: rows.length > options.limit && last ? { name: last.name, id: last.id } : null,
    };
  }

  async productById(id: string, includeInactive = false): Promise<ProductWithShipping | undefined> {
    const [row] = await this.db
      .select()
      .from(products)
      .where(
        includeInactive ? eq(products.id, id) : and(eq(products.id, id), eq(products.active, true)),
      );
    if (!row) return undefined;
    const [withShipping] = await this.withShipping([row]);
    return withShipping;
  }

  /**
   * The products of a cart with their active shipping options. With `lock`, the rows are locked
   * for update in id order, so two checkouts never wait on each other in a cycle.
   */
  async cartProducts(db: Database, ids: string[], lock: boolean): Promise<ProductWithShipping[]> {
    if (ids.length === 0) return [];
    const query = db
      .select()
      .from(products)
      .where(inArray(products.id, ids))
      .orderBy(asc(products.id));
    const rows = lock ? await query.for('update') : await query;
    const options = await db
      .select()
      .from(shippingOptions)
      .where(and(inArray(shippingOptions.productId, ids), eq(shippingOptions.active, true)));
    return rows.map((row) => ({
      ...row,
      shippings: options.filter((option) => option.productId === row.id),
    }));
  }

  async orderByKey(userId: string, key: string): Promise<OrderRow | undefined> {
    const [row] = await this.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
    return row;
  }

  /** An order with its lines and history; only the owner's unless `userId` is left out (admin). */
  async orderById(id: string, userId?: string): Promise<StoredOrder | undefined> {
    const [row] = await this.db
      .select()
      .from(orders)
      .where(userId ? and(eq(orders.id, id), eq(orders.userId, userId)) : eq(orders.id, id));
    if (!row) return undefined;
    const [stored] = await this.complete([row]);
    return stored;
  }

  async ordersOf(filter: OrderFilter, limit = 100): Promise<StoredOrder[]> {
    const conditions = [];
    if (filter.userId) conditions.push(eq(orders.userId, filter.userId));
    if (filter.status) conditions.push(eq(orders.status, filter.status));
    if (filter.payment) conditions.push(eq(orders.paymentStatus, filter.payment));
    if (filter.needsAction) conditions.push(needsAction);
    if (filter.search) {
      // An order number is the id's first hex digits (mail/templates/order-update.ts), shown upper case, maybe
      // with #; the whole id, as in an order page's address, finds it too.
      const digits = filter.search.replace(/^#/, '').replaceAll('-', '').toLowerCase();
      const byEmail = ilike(orders.email, likePattern(filter.search));
      conditions.push(
        /^[0-9a-f]{1,32}$/.test(digits)
          ? or(byEmail, sql`replace(${orders.id}::text, '-', '') like ${`${digits}%`}`)
          : byEmail,
      );
    }
    const rows = await this.db
      .select()
      .from(orders)
      .where(and(...conditions))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(limit);
    return this.complete(rows);
  }

  /** How many orders of all are waiting for the store. */
  async countNeedingAction(): Promise<number> {
    const [row] = await this.db.select({ count: count() }).from(orders).where(needsAction);
    return row?.count ?? 0;
  }

  private async complete(rows: OrderRow[]): Promise<StoredOrder[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const lines = (
      await this.db
        .select({ line: orderLines, productImage: products.image })
        .from(orderLines)
        .leftJoin(products, eq(products.id, orderLines.productId))
        .where(inArray(orderLines.orderId, ids))
        .orderBy(asc(orderLines.productName), asc(orderLines.id))
    ).map(({ line, productImage }) => ({ ...line, productImage }));
    const deliveries = await this.db
      .select()
      .from(orderDeliveries)
      .where(inArray(orderDeliveries.orderId, ids))
      .orderBy(asc(orderDeliveries.shippingMethod), asc(orderDeliveries.id));
    const history = await this.db
      .select()
      .from(orderStatusChanges)
      .where(inArray(orderStatusChanges.orderId, ids))
      .orderBy(asc(orderStatusChanges.changedAt), asc(orderStatusChanges.id));
    return rows.map((order) => ({
      order,
      lines: lines.filter((line) => line.orderId === order.id),
      deliveries: deliveries.filter((delivery) => delivery.orderId === order.id),
      history: history.filter((change) => change.orderId === order.id),
    }));
  }

  /**
   * Points the product at a new image and answers the one it replaces, or undefined when there is
   * no such product. The row is locked so that, of two uploads at once, each learns exactly the
   * image it replaced and no file is left behind unreferenced.
   */
  async setImage(id: string, image: string): Promise<{ previous: string | null } | undefined> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ image: products.image })
        .from(products)
        .where(eq(products.id, id))
        .for('update');
      if (!row) return undefined;
      await tx.update(products).set({ image, updatedAt: new Date() }).where(eq(products.id, id));
      return { previous: row.image };
    });
  }

  /** Takes stock for each line: only ever called inside the checkout's transaction. */
  static async takeStock(db: Database, productId: string, count: number): Promise<void> {
    await db
      .update(products)
      .set({ stock: sql`${products.stock} - ${count}`, updatedAt: new Date() })
      .where(eq(products.id, productId));
  }
}
