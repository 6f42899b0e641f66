// An unpaid order holds its stock for the store's hold (STORE_UNCONFIRMED_ORDER_HOURS) and no
// longer: unless it is paid, confirmed by an administrator, or moved on, the server releases it,
// returns its stock, records that the system cancelled it and mails the buyer
// (docs/decisions/0023-order-mail.md, amendment of 2026-11-29). Its own server: the release runs
// over every order in the database.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoContent } from '../../db/demo-content.ts';
import { users } from '../../db/schema/identity.table.ts';
import { orderStatusChanges, products } from '../../db/schema/store.table.ts';
import { queueNames } from '../../jobs/queue.ts';
import { queueRules } from '../../jobs/background-work.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  call,
  confirmedAccount,
  emailOf,
  mailTo,
  signedInAccount,
  type SignedInAccount,
} from '../../test/test-calls.ts';
import { storeCatalogueStep } from './demo-catalogue.ts';

interface Listed {
  productID: string;
  slug: string;
  shippings: Array<{ shippingCostID: string }>;
}

interface OrderBody {
  orderID: string;
  status: string;
  createdAt: string;
  confirmedAt?: string | null;
  releaseAt?: string | null;
  releasedAt?: string | null;
  history: Array<{ status: string }>;
  errors?: string[];
}

const holdHours = 6;
const hour = 3_600_000;
let server: TestApp;
let admin: SignedInAccount;
let catalogue: Map<string, Listed>;

beforeAll(async () => {
  server = await createTestApp({
    trustProxy: true,
    store: {
      currency: 'NGN',
      vatRatePercent: 7.5,
      locale: 'en-NG',
      pickup: { address: '14 Admiralty Way, Lekki Phase 1, Lagos', hours: 'Monday to Saturday' },
      unconfirmedOrderHours: holdHours,
    },
  });
  await loadDemoContent(server.app.database.db, [storeCatalogueStep]);
  const list = await call<{ items: Listed[] }>(server, 'GET', '/api/v1/store/products?limit=100');
  catalogue = new Map(list.body.items.map((item) => [item.slug, item]));
  admin = await signedInAccount(server);
  await server.app.database.db
    .update(users)
    .set({ role: 'ADMIN' })
    .where(eq(users.id, admin.userId));
});
afterAll(() => server.close());

const slug = 'digital-thermometer';

async function stock(): Promise<number> {
  const [row] = await server.app.database.db
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.slug, slug));
  return row!.stock;
}

async function place(buyer: SignedInAccount, fulfilment: 'pickup' | 'delivery' = 'pickup') {
  const item = catalogue.get(slug)!;
  const answer = await call<OrderBody>(server, 'POST', '/api/v1/store/orders', {
    token: buyer.token,
    headers: { 'idempotency-key': crypto.randomUUID() },
    body: {
      items: [
        {
          productID: item.productID,
          count: 1,
          ...(fulfilment === 'delivery'
            ? { shippingCostID: item.shippings[0]!.shippingCostID }
            : {}),
        },
      ],
      fulfilment,
      contact: {
        firstName: 'Ngozi',
        surname: 'Adeyemi',
        phone: '+234 803 555 0101',
        email: 'someone.else@example.com',
      },
      ...(fulfilment === 'delivery'
        ? { delivery: { address: '12 Admiralty Way', city: 'Lekki', state: 'Lagos' } }
        : {}),
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

const adminCall = (id: string, what: 'confirm' | 'payment' | 'status', body?: unknown) =>
  call<OrderBody>(server, 'POST', `/api/v1/store/admin/orders/${id}/${what}`, {
    token: admin.token,
    body,
  });

const read = async (buyer: SignedInAccount, id: string) =>
  (await call<OrderBody>(server, 'GET', `/api/v1/store/orders/${id}`, { token: buyer.token })).body;

describe('confirming an unpaid order', () => {
  it('is an administrator’s call, once, while the order is placed', async () => {
    const buyer = await confirmedAccount(server);
    const order = await place(buyer);
    expect(order.confirmedAt).toBeNull();
    expect(new Date(order.releaseAt!).getTime()).toBe(
      new Date(order.createdAt).getTime() + holdHours * hour,
    );

    const byBuyer = await call(
      server,
      'POST',
      `/api/v1/store/admin/orders/${order.orderID}/confirm`,
      {
        token: buyer.token,
      },
    );
    expect(byBuyer.status).toBe(403);

    const confirmed = await adminCall(order.orderID, 'confirm');
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.confirmedAt).toEqual(expect.any(String));
    expect(confirmed.body.releaseAt).toBeNull();
    expect((await read(buyer, order.orderID)).releaseAt).toBeNull();
    expect(
      server.logs.some(
        (line) => (line.audit as { event?: string } | undefined)?.event === 'order.confirmed',
      ),
    ).toBe(true);

    const twice = await adminCall(order.orderID, 'confirm');
    expect(twice.status).toBe(409);
    expect(twice.body.errors).toEqual(['This order is already confirmed.']);

    const other = await place(buyer);
    await adminCall(other.orderID, 'status', { status: 'cancelled' });
    const cancelled = await adminCall(other.orderID, 'confirm');
    expect(cancelled.status).toBe(409);
    expect(cancelled.body.errors).toEqual([
      'This order is cancelled: place a new one if it is still wanted.',
    ]);
    expect((await adminCall(crypto.randomUUID(), 'confirm')).status).toBe(404);
    expect((await adminCall('not-an-id', 'confirm')).status).toBe(400);
  });
});

describe('releasing orders whose hold has run out', () => {
  it(`cancels placed, unpaid, unconfirmed orders after ${holdHours} hours, returns their stock, records the system and mails the buyer; never the others`, async () => {
    const release = (at: Date) => server.app.background.orderRelease.releaseDue(at);
    // Orders of earlier tests in this file are not this test's business: release them first.
    await release(new Date(Date.now() + 2 * holdHours * hour));

    const buyer = await confirmedAccount(server);
    const start = await stock();
    const pickup = await place(buyer, 'pickup');
    const delivery = await place(buyer, 'delivery');
    const confirmed = await place(buyer);
    const paid = await place(buyer);
    const ready = await place(buyer);
    const shipped = await place(buyer, 'delivery');
    const cancelled = await place(buyer);
    expect((await adminCall(confirmed.orderID, 'confirm')).status).toBe(200);
    expect((await adminCall(paid.orderID, 'payment')).status).toBe(200);
    await adminCall(ready.orderID, 'status', { status: 'ready_for_pickup' });
    await adminCall(shipped.orderID, 'status', { status: 'shipped' });
    await adminCall(cancelled.orderID, 'status', { status: 'cancelled' });
    expect(await stock()).toBe(start - 6);
    expect((await read(buyer, ready.orderID)).releaseAt).toBeNull();
    expect((await read(buyer, paid.orderID)).releaseAt).toBeNull();

    // Within the hold nothing is released.
    expect(await release(new Date(Date.now() + (holdHours - 1) * hour))).toBe(0);
    expect((await read(buyer, pickup.orderID)).status).toBe('placed');

    const after = new Date(Date.now() + (holdHours + 1) * hour);
    expect(await release(after)).toBe(2);
    expect(await stock()).toBe(start - 4);
    for (const id of [pickup.orderID, delivery.orderID]) {
      const released = await read(buyer, id);
      expect(released.status).toBe('cancelled');
      expect(released.releaseAt).toBeNull();
      expect(released.releasedAt).toEqual(expect.any(String));
      expect(released.history.map((change) => change.status)).toEqual(['placed', 'cancelled']);
      const changes = await server.app.database.db
        .select()
        .from(orderStatusChanges)
        .where(eq(orderStatusChanges.orderId, id));
      expect(changes.find((change) => change.status === 'cancelled')).toMatchObject({
        changedBy: null,
        bySystem: true,
      });
    }
    for (const [order, status] of [
      [confirmed, 'placed'],
      [paid, 'placed'],
      [ready, 'ready_for_pickup'],
      [shipped, 'shipped'],
      [cancelled, 'cancelled'],
    ] as const) {
      const kept = await read(buyer, order.orderID);
      expect(kept.status, order.orderID).toBe(status);
      expect(kept.releasedAt).toBeNull();
    }
    // The buyer cancelled this one themselves: not a release.
    expect((await read(buyer, cancelled.orderID)).releasedAt).toBeNull();

    // The buyer hears of it at the account's own address, not the one typed on the order.
    const address = await emailOf(server, buyer);
    const number = pickup.orderID.replaceAll('-', '').slice(0, 8).toUpperCase();
    const mail = await mailTo(server, address, `Your Vitalia order ${number} was released`);
    expect(mail).toContain('neither paid nor confirmed in time');
    expect(mail).toContain('You owe nothing.');

    // Released once: the next run finds nothing more, and the stock is not returned twice.
    expect(await release(after)).toBe(0);
    expect(await stock()).toBe(start - 4);
  });

  it('runs on the job queue with the rest of the background work', () => {
    expect(queueNames).toContain('order-release');
    expect(queueRules()['order-release']).toMatchObject({ retryLimit: 1 });
  });
});
