// The parts of the archive that are not readings: the profile and the orders, read straight from
// the tables (features do not import each other; the assessment and the access log are read through
// db/assessment-answers.ts and db/access-log-pages.ts, which their own features use too). Only
// what describes the person is written: no password or token hashes, no two-factor keys, no staff
// ids, no idempotency keys.
import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../db/database.ts';
import { chosenMeasuresOf } from '../../../readings/chosen-measures.ts';
import { socialIdentities, users } from '../../../db/schema/identity.table.ts';
import {
  orderDeliveries,
  orderLines,
  orders,
  orderStatusChanges,
} from '../../../db/schema/store.table.ts';

export type UserRow = typeof users.$inferSelect;

export async function personOf(db: Database, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

/** profile.json: what the person told Vitalia about themselves, and how they sign in. */
export async function profileDocument(db: Database, person: UserRow) {
  const providers = await db
    .select({ provider: socialIdentities.provider, linkedAt: socialIdentities.createdAt })
    .from(socialIdentities)
    .where(eq(socialIdentities.userId, person.id))
    .orderBy(asc(socialIdentities.createdAt));
  const followedMeasures = await chosenMeasuresOf(db, person.id);
  return {
    id: person.id,
    email: person.username,
    contactEmail: person.emailAddress,
    emailConfirmed: person.emailVerifiedAt !== null,
    firstName: person.firstName,
    lastName: person.lastName,
    displayName: person.displayName,
    phone: person.phoneNo,
    gender: person.gender,
    dateOfBirth: person.dob,
    heightMm: person.heightMm,
    country: person.country,
    hasPicture: person.picture !== null,
    /** The measures chosen on My Health to count in the score (docs/decisions/0047-chosen-measures.md). */
    followedMeasures,
    role: person.role,
    createdAt: person.createdAt.toISOString(),
    updatedAt: person.updatedAt.toISOString(),
    signIn: {
      password: person.passwordHash !== null,
      twoFactor: person.totpEnabledAt !== null,
      twoFactorSince: person.totpEnabledAt?.toISOString() ?? null,
      linkedProviders: providers.map((linked) => ({
        provider: linked.provider,
        linkedAt: linked.linkedAt.toISOString(),
      })),
    },
  };
}

/** orders.json: every order the person placed, oldest first, with its lines and its history. */
export async function ordersDocument(db: Database, userId: string) {
  const placed = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(asc(orders.createdAt), asc(orders.id));
  const ids = placed.map((order) => order.id);
  const [lines, deliveries, changes] =
    ids.length === 0
      ? [[], [], []]
      : await Promise.all([
          db.select().from(orderLines).where(inArray(orderLines.orderId, ids)),
          db.select().from(orderDeliveries).where(inArray(orderDeliveries.orderId, ids)),
          db
            .select()
            .from(orderStatusChanges)
            .where(inArray(orderStatusChanges.orderId, ids))
            .orderBy(asc(orderStatusChanges.changedAt)),
        ]);
  return {
    moneyIsIn:
      "minor units of the order's currency (kobo for NGN): 150000 is 1,500.00; see README.txt",
    orders: placed.map((order) => ({
      id: order.id,
      placedAt: order.createdAt.toISOString(),
      status: order.status,
      fulfilment: order.fulfilment,
      currency: order.currency,
      vatRatePercent: order.vatRateBasisPoints / 100,
      goodsMinor: order.amountMinor,
      vatMinor: order.vatMinor,
      totalMinor: order.totalMinor,
      payment: {
        method: order.paymentMethod,
        status: order.paymentStatus,
        paidAt: order.paidAt?.toISOString() ?? null,
        refundedAt: order.refundedAt?.toISOString() ?? null,
      },
      contact: {
        firstName: order.firstName,
        surname: order.surname,
        phone: order.phone,
        secondPhone: order.secondPhone,
        email: order.email,
      },
      deliveryAddress:
        order.fulfilment === 'delivery'
          ? {
              address: order.address,
              landmark: order.landmark,
              city: order.city,
              state: order.state,
            }
          : null,
      lines: lines
        .filter((line) => line.orderId === order.id)
        .map((line) => ({
          product: line.productName,
          productId: line.productId,
          count: line.count,
          unitPriceMinor: line.unitPriceMinor,
          amountMinor: line.lineAmountMinor,
          shippingMethod: line.shippingMethod,
        })),
      deliveries: deliveries
        .filter((delivery) => delivery.orderId === order.id)
        .map((delivery) => ({
          method: delivery.shippingMethod,
          costMinor: delivery.costMinor,
          deliveryTimeDays: delivery.deliveryTimeDays,
        })),
      statusHistory: changes
        .filter((change) => change.orderId === order.id)
        .map((change) => ({
          status: change.status,
          at: change.changedAt.toISOString(),
          by: change.changedBy === userId ? 'you' : 'the store',
        })),
    })),
  };
}
