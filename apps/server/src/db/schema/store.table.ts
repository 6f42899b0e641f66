import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './identity.table.ts';

/** A product of the store. Money is integer minor units of the store's currency (kobo for NGN). */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    priceMinor: integer('price_minor').notNull(),
    /** A path the browser can load: a shipped image or an uploaded one. */
    image: text('image'),
    stock: integer('stock').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('products_slug_key').on(table.slug),
    index('products_active_name_idx').on(table.active, table.name, table.id),
    check('products_price_not_negative', sql`${table.priceMinor} >= 0`),
    check('products_stock_not_negative', sql`${table.stock} >= 0`),
  ],
);

/** How a product can reach a person, at what cost and in how many days. */
export const shippingOptions = pgTable(
  'shipping_options',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    costMinor: integer('cost_minor').notNull(),
    deliveryTimeDays: integer('delivery_time_days').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (table) => [
    index('shipping_options_product_id_idx').on(table.productId),
    check('shipping_options_cost_not_negative', sql`${table.costMinor} >= 0`),
  ],
);

/**
 * An order as placed: the prices it charged are copied in, never looked up again. A deleted
 * account's orders stay for the accounts, without an owner and with the person's name, phone,
 * email and address replaced (docs/decisions/0032-account-deletion.md).
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    idempotencyKey: text('idempotency_key').notNull(),
    /**
     * A hash of the request that made the order: the same key with another body is refused.
     * HMAC-SHA256 under a key derived from the signing secret, written `hmac:<hex>`; orders placed
     * before it hold the plain SHA-256 hex (checkout.service.ts compares each form as written).
     */
    requestHash: text('request_hash').notNull(),
    fulfilment: text('fulfilment', { enum: ['delivery', 'pickup'] }).notNull(),
    status: text('status', {
      enum: ['placed', 'shipped', 'ready_for_pickup', 'delivered', 'collected', 'cancelled'],
    })
      .notNull()
      .default('placed'),
    currency: text('currency').notNull(),
    vatRateBasisPoints: integer('vat_rate_basis_points').notNull(),
    // Sums of up to 20 lines of prices up to 10^9 minor units pass 2^31: bigint, read as numbers
    // (exact to 2^53).
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    vatMinor: bigint('vat_minor', { mode: 'number' }).notNull(),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    paymentMethod: text('payment_method', { enum: ['on_delivery', 'at_pickup'] }).notNull(),
    paymentStatus: text('payment_status', { enum: ['unpaid', 'paid', 'refunded'] })
      .notNull()
      .default('unpaid'),
    // Who recorded the payment received, and when; when a paid order was cancelled, the refund.
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paidRecordedBy: uuid('paid_recorded_by'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    // When and by whom an administrator confirmed an unpaid order: it then keeps its stock past
    // the hold (docs/decisions/0023-order-mail.md, amendment of 2026-11-29).
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    confirmedBy: uuid('confirmed_by'),
    firstName: text('first_name').notNull(),
    surname: text('surname').notNull(),
    phone: text('phone').notNull(),
    /** Another number to call, when the person gave one. */
    secondPhone: text('second_phone'),
    email: text('email').notNull(),
    address: text('address'),
    city: text('city'),
    /** One of Nigeria's states as the contract's list spells it (older orders: as typed). */
    state: text('state'),
    /** Something near the door a courier can ask for, when the person gave one. */
    landmark: text('landmark'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('orders_user_idempotency_key').on(table.userId, table.idempotencyKey),
    index('orders_user_created_idx').on(table.userId, sql`${table.createdAt} desc`),
    index('orders_status_created_idx').on(table.status, sql`${table.createdAt} desc`),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    productName: text('product_name').notNull(),
    unitPriceMinor: integer('unit_price_minor').notNull(),
    count: integer('count').notNull(),
    shippingOptionId: uuid('shipping_option_id'),
    shippingMethod: text('shipping_method'),
    /** The chosen option's cost; what the order paid for delivery is in order_deliveries. */
    shippingCostMinor: integer('shipping_cost_minor').notNull().default(0),
    /** Price x count: the goods alone. */
    lineAmountMinor: bigint('line_amount_minor', { mode: 'number' }).notNull(),
  },
  (table) => [index('order_lines_order_id_idx').on(table.orderId)],
);

/**
 * What an order paid to be delivered: one row per shipping method chosen, at the highest cost among
 * the lines that travel by it (docs/decisions/0024-one-delivery-per-method.md). Orders placed
 * before that rule have one row per line that paid its own.
 */
export const orderDeliveries = pgTable(
  'order_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    shippingMethod: text('shipping_method').notNull(),
    costMinor: integer('cost_minor').notNull(),
    deliveryTimeDays: integer('delivery_time_days').notNull(),
    /** The order's products that travel by it. */
    productIds: uuid('product_ids').array().notNull(),
  },
  (table) => [index('order_deliveries_order_id_idx').on(table.orderId)],
);

/** Every status an order has been in, who moved it and when. */
export const orderStatusChanges = pgTable(
  'order_status_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Made by the server itself, not a person: an unconfirmed, unpaid order released when its hold
     * ran out. changed_by is then null, as it also becomes when a person's account is purged.
     */
    bySystem: boolean('by_system').notNull().default(false),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('order_status_changes_order_id_idx').on(table.orderId)],
);
