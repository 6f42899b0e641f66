// The parts of the archive that are not readings: the profile, the orders, the assessment and the
// care-sharing access log, read straight from the tables (features do not import each other). Only
// what describes the person is written: no password or token hashes, no two-factor keys, no staff
// ids, no idempotency keys.
import { and, asc, desc, eq, inArray, lt } from 'drizzle-orm';
import type { Database } from '../../../db/database.ts';
import { assessments } from '../../../db/schema/assessment.table.ts';
import { socialIdentities, users } from '../../../db/schema/identity.table.ts';
import { accessLog } from '../../../db/schema/sharing.table.ts';
import {
  orderDeliveries,
  orderLines,
  orders,
  orderStatusChanges,
} from '../../../db/schema/store.table.ts';

export type UserRow = typeof users.$inferSelect;
export type AssessmentRow = typeof assessments.$inferSelect;

export async function personOf(db: Database, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

export async function assessmentOf(
  db: Database,
  userId: string,
): Promise<AssessmentRow | undefined> {
  const [row] = await db.select().from(assessments).where(eq(assessments.userId, userId));
  return row;
}

/** profile.json: what the person told Vitalia about themselves, and how they sign in. */
export async function profileDocument(db: Database, person: UserRow) {
  const providers = await db
    .select({ provider: socialIdentities.provider, linkedAt: socialIdentities.createdAt })
    .from(socialIdentities)
    .where(eq(socialIdentities.userId, person.id))
    .orderBy(asc(socialIdentities.createdAt));
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
        email: order.email,
      },
      deliveryAddress:
        order.fulfilment === 'delivery'
          ? { address: order.address, city: order.city, state: order.state }
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

export const ACCESS_LOG_COLUMNS = ['time', 'who', 'action', 'what', 'client', 'address'] as const;

/** The person's care-sharing access log, newest first like its own CSV file, a page at a time. */
export async function* accessLogNewestFirst(
  db: Database,
  userId: string,
  pageSize = 500,
): AsyncGenerator<typeof accessLog.$inferSelect> {
  let before: number | undefined;
  for (;;) {
    const rows = await db
      .select()
      .from(accessLog)
      .where(
        and(
          eq(accessLog.patientId, userId),
          before === undefined ? undefined : lt(accessLog.id, before),
        ),
      )
      .orderBy(desc(accessLog.id))
      .limit(pageSize);
    yield* rows;
    const last = rows.at(-1);
    if (last === undefined || rows.length < pageSize) return;
    before = last.id;
  }
}
