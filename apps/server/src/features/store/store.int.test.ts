import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDERS_PER_HOUR_PER_ACCOUNT } from '@vitalia/api/store.contract';
import { loadDemoContent } from '../../db/demo-content.ts';
import { users } from '../../db/schema/identity.table.ts';
import { orders, products } from '../../db/schema/store.table.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  call,
  confirmedAccount,
  signedInAccount,
  unconfirmedAccount,
  type SignedInAccount,
} from '../../test/test-calls.ts';
import { storeCatalogueStep } from './demo-catalogue.ts';

interface ProductBody {
  productID: string;
  slug: string;
  productName: string;
  price: number;
  formattedPrice: string;
  stock: { state: string; available: number };
  shippings: Array<{
    shippingMethod: string;
    shippingCostID: string;
    cost: number;
    costFormatted: string;
  }>;
}

let server: TestApp;
let catalogue: Map<string, ProductBody>;
let admin: SignedInAccount;

const product = (slug: string) => {
  const found = catalogue.get(slug);
  if (!found) throw new Error(`no demo product ${slug}`);
  return found;
};
const shippingOf = (slug: string, method: string) =>
  product(slug).shippings.find((option) => option.shippingMethod === method)!.shippingCostID;

async function stockOf(slug: string): Promise<number> {
  const [row] = await server.app.database.db
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.slug, slug));
  return row!.stock;
}

beforeAll(async () => {
  server = await createTestApp({ trustProxy: true });
  await loadDemoContent(server.app.database.db, [storeCatalogueStep]);
  const list = await call<{ items: ProductBody[] }>(
    server,
    'GET',
    '/api/v1/store/products?limit=100',
  );
  catalogue = new Map(list.body.items.map((item) => [item.slug, item]));
  admin = await signedInAccount(server);
  await server.app.database.db
    .update(users)
    .set({ role: 'ADMIN' })
    .where(eq(users.id, admin.userId));
});
afterAll(() => server.close());

const contact = {
  firstName: 'Ngozi',
  surname: 'Adeyemi',
  phone: '+234 803 555 0101',
  email: 'ngozi@example.com',
};
const delivery = { address: '12 Admiralty Way', city: 'Lekki', state: 'Lagos' };

function placeOrder(token: string, body: unknown, key: string | null = crypto.randomUUID()) {
  return call<Record<string, unknown> & { orderID: string; errors?: string[] }>(
    server,
    'POST',
    '/api/v1/store/orders',
    {
      token,
      body,
      headers: key ? { 'idempotency-key': key } : {},
    },
  );
}

describe('the catalogue', () => {
  it('lists the demo products by name with prices, stock and shipping options, formatted in naira', () => {
    expect(catalogue.size).toBe(12);
    const oximeter = product('fingertip-pulse-oximeter');
    expect(oximeter).toMatchObject({
      productName: 'Fingertip pulse oximeter',
      price: 1_850_000,
      formattedPrice: '₦18,500.00',
      stock: { state: 'in_stock', available: 40 },
    });
    expect(
      oximeter.shippings.map((option) => [option.shippingMethod, option.costFormatted]),
    ).toEqual([
      ['Standard delivery', '₦2,500.00'],
      ['Express delivery', '₦5,000.00'],
      ['Same-day courier (Lagos)', '₦7,500.00'],
    ]);
    expect(product('home-cholesterol-test-kit').stock).toEqual({
      state: 'out_of_stock',
      available: 0,
    });
    expect(product('infrared-forehead-thermometer').stock.state).toBe('low_stock');
  });

  it('searches by name and pages with a cursor, without gaps or repeats', async () => {
    const found = await call<{ items: ProductBody[] }>(
      server,
      'GET',
      '/api/v1/store/products?q=THERMO',
    );
    expect(found.body.items.map((item) => item.slug)).toEqual([
      'digital-thermometer',
      'infrared-forehead-thermometer',
    ]);
    const names: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: { items: ProductBody[]; nextCursor: string | null } } = await call(
        server,
        'GET',
        `/api/v1/store/products?limit=5${cursor ? `&cursor=${cursor}` : ''}`,
      );
      names.push(...page.body.items.map((item) => item.productName));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(names).toHaveLength(12);
    expect(names).toEqual([...names].sort());
  });

  it('answers one product, 404 for an unknown one and 400 for a malformed id or cursor', async () => {
    const one = await call(
      server,
      'GET',
      `/api/v1/store/products/${product('peak-flow-meter').productID}`,
    );
    expect(one.body).toMatchObject({ slug: 'peak-flow-meter' });
    expect(
      (await call(server, 'GET', `/api/v1/store/products/${crypto.randomUUID()}`)).status,
    ).toBe(404);
    const malformed = await call(server, 'GET', '/api/v1/store/products/not-an-id');
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors).toEqual(['path id: must be an id as the store gives it']);
    expect((await call(server, 'GET', '/api/v1/store/products?cursor=nonsense')).status).toBe(400);
  });
});

describe('quoting a cart', () => {
  it('prices delivery: lines with their shipping, amount, VAT at 7.5 % rounded half up, total', async () => {
    const buyer = await confirmedAccount(server);
    const { status, body } = await call(server, 'POST', '/api/v1/store/cart/quote', {
      token: buyer.token,
      body: {
        fulfilment: 'delivery',
        items: [
          {
            productID: product('fingertip-pulse-oximeter').productID,
            count: 2,
            shippingCostID: shippingOf('fingertip-pulse-oximeter', 'Express delivery'),
            // What the spec's client keeps on a line: accepted and ignored.
            price: 1,
            itemAmount: 2,
            formattedPrice: '₦0.01',
          },
          {
            productID: product('sterile-lancets-100').productID,
            count: 1,
            shippingCostID: shippingOf('sterile-lancets-100', 'Standard delivery'),
          },
        ],
      },
    });
    expect(status).toBe(200);
    // Goods 2 × 18,500 + 4,500 = 41,500; express 5,000 + standard 2,500 = 7,500; amount 49,000;
    // VAT 3,675; total 52,675.
    expect(body).toMatchObject({
      productsAmount: 4_150_000,
      formattedProductsAmount: '₦41,500.00',
      deliveries: [
        {
          shippingMethod: 'Express delivery',
          cost: 500_000,
          costFormatted: '₦5,000.00',
          deliveryTimeDays: 2,
          productIDs: [product('fingertip-pulse-oximeter').productID],
        },
        {
          shippingMethod: 'Standard delivery',
          cost: 250_000,
          costFormatted: '₦2,500.00',
          deliveryTimeDays: 5,
          productIDs: [product('sterile-lancets-100').productID],
        },
      ],
      shippingAmount: 750_000,
      formattedShippingAmount: '₦7,500.00',
      amount: 4_900_000,
      formattedAmount: '₦49,000.00',
      vat: 367_500,
      formattedVat: '₦3,675.00',
      total: 5_267_500,
      formattedTotal: '₦52,675.00',
      vatRate: 7.5,
    });
    expect((body.lines as Array<{ itemAmount: number }>).map((line) => line.itemAmount)).toEqual([
      3_700_000, 450_000,
    ]);
  });

  it('sends three products the same way as one delivery, charged once', async () => {
    const buyer = await confirmedAccount(server);
    const slugs = ['digital-thermometer', 'weekly-pill-organiser', 'sterile-lancets-100'];
    const { status, body } = await call(server, 'POST', '/api/v1/store/cart/quote', {
      token: buyer.token,
      body: {
        fulfilment: 'delivery',
        items: slugs.map((slug) => ({
          productID: product(slug).productID,
          count: 1,
          shippingCostID: shippingOf(slug, 'Standard delivery'),
        })),
      },
    });
    expect(status).toBe(200);
    // 6,500 + 5,500 + 4,500 = 16,500, one standard delivery 2,500: 19,000, VAT 1,425.
    expect(body).toMatchObject({
      productsAmount: 1_650_000,
      deliveries: [
        {
          shippingMethod: 'Standard delivery',
          cost: 250_000,
          productIDs: expect.arrayContaining(slugs.map((slug) => product(slug).productID)),
        },
      ],
      shippingAmount: 250_000,
      amount: 1_900_000,
      vat: 142_500,
      total: 2_042_500,
    });
  });

  it('charges a shared method at the highest cost among its lines, and keeps what it charged on the order', async () => {
    const heavy = await call<ProductBody>(server, 'POST', '/api/v1/store/admin/products', {
      token: admin.token,
      body: {
        slug: 'folding-wheelchair',
        productName: 'Folding wheelchair',
        description: 'Light enough to lift into a car boot.',
        price: 9_500_000,
        stock: 3,
        active: true,
        shippings: [{ shippingMethod: 'Standard delivery', cost: 900_000, deliveryTimeDays: 7 }],
      },
    });
    expect(heavy.status).toBe(201);
    const buyer = await confirmedAccount(server);
    const placed = await placeOrder(buyer.token, {
      fulfilment: 'delivery',
      items: [
        {
          productID: heavy.body.productID,
          count: 1,
          shippingCostID: heavy.body.shippings[0]!.shippingCostID,
        },
        {
          productID: product('digital-thermometer').productID,
          count: 2,
          shippingCostID: shippingOf('digital-thermometer', 'Standard delivery'),
        },
        {
          productID: product('weekly-pill-organiser').productID,
          count: 1,
          shippingCostID: shippingOf('weekly-pill-organiser', 'Express delivery'),
        },
      ],
      contact,
      delivery,
    });
    expect(placed.status).toBe(201);
    // Goods 95,000 + 13,000 + 5,500 = 113,500; standard at the wheelchair's 9,000 (not 2,500 more),
    // express 5,000: 127,500; VAT 9,562.50.
    const charged = {
      productsAmount: 11_350_000,
      deliveries: [
        {
          shippingMethod: 'Express delivery',
          cost: 500_000,
          deliveryTimeDays: 2,
          productIDs: [product('weekly-pill-organiser').productID],
        },
        {
          shippingMethod: 'Standard delivery',
          cost: 900_000,
          deliveryTimeDays: 7,
          productIDs: expect.arrayContaining([
            heavy.body.productID,
            product('digital-thermometer').productID,
          ]),
        },
      ],
      shippingAmount: 1_400_000,
      amount: 12_750_000,
      vat: 956_250,
      total: 13_706_250,
    };
    expect(placed.body).toMatchObject(charged);
    // The order keeps what it charged even when the product's shipping changes later.
    await call(server, 'PUT', `/api/v1/store/admin/products/${heavy.body.productID}`, {
      token: admin.token,
      body: {
        shippings: [{ shippingMethod: 'Standard delivery', cost: 100_000, deliveryTimeDays: 3 }],
      },
    });
    const read = await call(server, 'GET', `/api/v1/store/orders/${placed.body.orderID}`, {
      token: buyer.token,
    });
    expect(read.body).toMatchObject(charged);
  });

  it('charges no shipping for pickup', async () => {
    const buyer = await confirmedAccount(server);
    const { body } = await call(server, 'POST', '/api/v1/store/cart/quote', {
      token: buyer.token,
      body: {
        fulfilment: 'pickup',
        items: [{ productID: product('digital-thermometer').productID, count: 3 }],
      },
    });
    // 3 × 6,500 = 19,500 kobo-exact; VAT 1,462.50 → 146,250 kobo.
    expect(body).toMatchObject({
      productsAmount: 1_950_000,
      deliveries: [],
      shippingAmount: 0,
      amount: 1_950_000,
      vat: 146_250,
      total: 2_096_250,
    });
  });

  it('names every bad line: unknown product, another product’s shipping, missing shipping, repeated product', async () => {
    const buyer = await confirmedAccount(server);
    const { status, body } = await call(server, 'POST', '/api/v1/store/cart/quote', {
      token: buyer.token,
      body: {
        fulfilment: 'delivery',
        items: [
          {
            productID: crypto.randomUUID(),
            count: 1,
            shippingCostID: shippingOf('peak-flow-meter', 'Standard delivery'),
          },
          {
            productID: product('digital-bathroom-scale').productID,
            count: 1,
            shippingCostID: shippingOf('peak-flow-meter', 'Express delivery'),
          },
          { productID: product('peak-flow-meter').productID, count: 1 },
        ],
      },
    });
    expect(status).toBe(400);
    expect(body.errors).toEqual([
      'items.0: there is no such product in the store.',
      'items.1: that shipping option is not one of "Digital bathroom scale"\'s.',
      'items.2: choose how "Peak flow meter" is shipped (shippingCostID).',
    ]);
    const repeated = await call(server, 'POST', '/api/v1/store/cart/quote', {
      token: buyer.token,
      body: {
        fulfilment: 'pickup',
        items: [
          { productID: product('peak-flow-meter').productID, count: 1 },
          { productID: product('peak-flow-meter').productID, count: 2 },
        ],
      },
    });
    expect(repeated.body.errors).toEqual([
      'items.1: this product is already in the cart; send one line per product with a count.',
    ]);
  });

  it('answers 409 when only stock is short', async () => {
    const buyer = await confirmedAccount(server);
    const { status, body } = await call(server, 'POST', '/api/v1/store/cart/quote', {
      token: buyer.token,
      body: {
        fulfilment: 'pickup',
        items: [
          { productID: product('home-cholesterol-test-kit').productID, count: 1 },
          { productID: product('infrared-forehead-thermometer').productID, count: 5 },
        ],
      },
    });
    expect(status).toBe(409);
    expect(body.errors).toEqual([
      'items.0: "Home cholesterol test kit" is out of stock.',
      'items.1: only 4 of "Infrared forehead thermometer" left; lower the count.',
    ]);
  });

  it.each([
    [{ fulfilment: 'drone', items: [] }, 'fulfilment: must be one of: "delivery", "pickup"'],
    [{ fulfilment: 'pickup', items: [] }, 'items: must hold at least one product'],
    [
      { fulfilment: 'pickup', items: [{ productID: 'x', count: 1 }] },
      'items.0.productID: must be an id as the store gives it',
    ],
    [
      { fulfilment: 'pickup', items: [{ productID: crypto.randomUUID(), count: 0 }] },
      'items.0.count: must be at least 1',
    ],
    [
      { fulfilment: 'pickup', items: [], total: 5 },
      'Request body: "total" is not a field this call accepts',
    ],
  ])('refuses %j', async (body, message) => {
    const buyer = await confirmedAccount(server);
    const answer = await call(server, 'POST', '/api/v1/store/cart/quote', {
      token: buyer.token,
      body,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toContain(message);
  });
});

describe('placing orders', () => {
  const pickupOf = (slug: string, count = 1) => ({
    fulfilment: 'pickup',
    items: [{ productID: product(slug).productID, count }],
    contact,
  });

  it('takes an order whose total passes 2^31 minor units, as the contract allows', async () => {
    const made = await call<ProductBody>(server, 'POST', '/api/v1/store/admin/products', {
      token: admin.token,
      body: {
        slug: 'costly-scanner',
        productName: 'Costly scanner',
        description: 'A scanner at the highest price the store takes.',
        price: 1_000_000_000,
        stock: 100,
        active: true,
        shippings: [{ shippingMethod: 'Courier', cost: 0, deliveryTimeDays: 1 }],
      },
    });
    expect(made.status).toBe(201);
    const buyer = await confirmedAccount(server);
    const placed = await placeOrder(buyer.token, {
      fulfilment: 'pickup',
      items: [{ productID: made.body.productID, count: 3 }],
      contact,
    });
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({ amount: 3_000_000_000, vat: 225_000_000 });
    expect(placed.body.total).toBe(3_225_000_000);
    const read = await call<{ total: number }>(
      server,
      'GET',
      `/api/v1/store/orders/${placed.body.orderID}`,
      {
        token: buyer.token,
      },
    );
    expect(read.body.total).toBe(3_225_000_000);
  });

  it('needs an Idempotency-Key, and the delivery address for delivery', async () => {
    const buyer = await confirmedAccount(server);
    const noKey = await placeOrder(buyer.token, pickupOf('weekly-pill-organiser'), null);
    expect(noKey.status).toBe(400);
    expect(noKey.body.errors?.[0]).toMatch(/^header idempotency-key: is required/);
    const noAddress = await placeOrder(buyer.token, {
      fulfilment: 'delivery',
      items: [
        {
          productID: product('weekly-pill-organiser').productID,
          count: 1,
          shippingCostID: shippingOf('weekly-pill-organiser', 'Standard delivery'),
        },
      ],
      contact,
    });
    expect(noAddress.status).toBe(400);
    expect(noAddress.body.errors).toEqual([
      'delivery: is required when the order is delivered (address, city, state).',
    ]);
  });

  describe('the delivery address on a phone: a state of the list, a landmark, a second phone', () => {
    const deliveredOf = (slug: string) => ({
      fulfilment: 'delivery',
      items: [
        {
          productID: product(slug).productID,
          count: 1,
          shippingCostID: shippingOf(slug, 'Standard delivery'),
        },
      ],
      contact,
      delivery,
    });
    type Problems = { errors?: string[]; details?: Array<{ code: string; field?: string }> };

    it('refuses a state that is not one of the 36 and the FCT, by field, and takes nothing', async () => {
      const buyer = await confirmedAccount(server);
      const before = await stockOf('weekly-pill-organiser');
      const body = deliveredOf('weekly-pill-organiser');
      for (const state of ['Lagoss', 'Greater London', '12']) {
        const refused = await placeOrder(buyer.token, {
          ...body,
          delivery: { ...delivery, state },
        });
        expect(refused.status).toBe(400);
        expect(refused.body.errors).toEqual([
          "delivery.state: must be one of Nigeria's 36 states or the Federal Capital Territory, such as Lagos, Rivers or Federal Capital Territory",
        ]);
        expect((refused.body as Problems).details).toEqual([
          expect.objectContaining({ code: 'UNKNOWN_STATE', field: 'delivery.state' }),
        ]);
      }
      const empty = await placeOrder(buyer.token, {
        ...body,
        delivery: { ...delivery, state: ' ' },
      });
      expect(empty.status).toBe(400);
      expect(empty.body.errors).toEqual(['delivery.state: must not be empty']);
      expect(await stockOf('weekly-pill-organiser')).toBe(before);
    });

    it('takes a state in any case, with "State", and FCT or Abuja, and keeps it as the list spells it', async () => {
      const buyer = await confirmedAccount(server);
      const spelled: Array<[string, string]> = [
        ['lagos state', 'Lagos'],
        ['FCT', 'Federal Capital Territory'],
        ['Abuja', 'Federal Capital Territory'],
        ['  akwa ibom ', 'Akwa Ibom'],
        ['Rivers State', 'Rivers'],
      ];
      for (const [sent, kept] of spelled) {
        const placed = await placeOrder(buyer.token, {
          ...deliveredOf('weekly-pill-organiser'),
          delivery: { ...delivery, state: sent },
        });
        expect(placed.status, JSON.stringify(placed.body)).toBe(201);
        expect(placed.body.delivery).toMatchObject({ state: kept });
        const [row] = await server.app.database.db
          .select({ state: orders.state })
          .from(orders)
          .where(eq(orders.id, placed.body.orderID));
        expect(row?.state).toBe(kept);
      }
    });

    it('stores a landmark and a second phone, and answers them to the buyer and the back office', async () => {
      const buyer = await confirmedAccount(server);
      const placed = await placeOrder(buyer.token, {
        ...deliveredOf('weekly-pill-organiser'),
        contact: { ...contact, secondPhone: ' +234 809 555 0202 ' },
        delivery: { ...delivery, landmark: ' opposite the First Bank ' },
      });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      expect(placed.body.contact).toEqual({ ...contact, secondPhone: '+234 809 555 0202' });
      expect(placed.body.delivery).toEqual({ ...delivery, landmark: 'opposite the First Bank' });
      const [row] = await server.app.database.db
        .select({ secondPhone: orders.secondPhone, landmark: orders.landmark })
        .from(orders)
        .where(eq(orders.id, placed.body.orderID));
      expect(row).toEqual({
        secondPhone: '+234 809 555 0202',
        landmark: 'opposite the First Bank',
      });

      const read = await call<{ contact: unknown; delivery: unknown }>(
        server,
        'GET',
        `/api/v1/store/orders/${placed.body.orderID}`,
        { token: buyer.token },
      );
      expect(read.body.contact).toMatchObject({ secondPhone: '+234 809 555 0202' });
      expect(read.body.delivery).toMatchObject({ landmark: 'opposite the First Bank' });
      const listed = await call<{
        items: Array<{ orderID: string; contact: unknown; delivery: unknown }>;
      }>(server, 'GET', `/api/v1/store/admin/orders?q=${placed.body.orderID.slice(0, 8)}`, {
        token: admin.token,
      });
      const seen = listed.body.items.find((item) => item.orderID === placed.body.orderID);
      expect(seen?.contact).toMatchObject({ secondPhone: '+234 809 555 0202' });
      expect(seen?.delivery).toMatchObject({ landmark: 'opposite the First Bank' });
    });

    it('checks the second phone as the first, bounds the landmark, and takes both left out or empty as none', async () => {
      const buyer = await confirmedAccount(server);
      const body = deliveredOf('weekly-pill-organiser');
      const badPhone = await placeOrder(buyer.token, {
        ...body,
        contact: { ...contact, secondPhone: 'call me' },
      });
      expect(badPhone.status).toBe(400);
      expect(badPhone.body.errors).toEqual([
        'contact.secondPhone: must be a phone number: digits, spaces, brackets, dashes',
      ]);
      const firstPhone = await placeOrder(buyer.token, {
        ...body,
        contact: { ...contact, phone: 'call me' },
      });
      expect(firstPhone.body.errors).toEqual([
        'contact.phone: must be a phone number: digits, spaces, brackets, dashes',
      ]);
      const longLandmark = await placeOrder(buyer.token, {
        ...body,
        delivery: { ...delivery, landmark: 'x'.repeat(101) },
      });
      expect(longLandmark.status).toBe(400);
      expect(longLandmark.body.errors).toEqual([
        'delivery.landmark: must be at most 100 characters long',
      ]);
      expect((longLandmark.body as Problems).details?.[0]?.code).toBe('TOO_BIG');

      const empty = await placeOrder(buyer.token, {
        ...body,
        contact: { ...contact, secondPhone: '' },
        delivery: { ...delivery, landmark: '  ' },
      });
      expect(empty.status, JSON.stringify(empty.body)).toBe(201);
      expect(empty.body.contact).toMatchObject({ secondPhone: null });
      expect(empty.body.delivery).toMatchObject({ landmark: null });
      // A client that knows nothing of either places its order as before.
      const before = await placeOrder(buyer.token, body);
      expect(before.status).toBe(201);
      expect(before.body.contact).toEqual({ ...contact, secondPhone: null });
      expect(before.body.delivery).toEqual({ ...delivery, landmark: null });
    });
  });

  it('places a delivery order at the server’s prices, takes the stock, and answers the same order for the same key', async () => {
    const buyer = await confirmedAccount(server);
    const before = await stockOf('upper-arm-blood-pressure-monitor');
    const key = crypto.randomUUID();
    const body = {
      fulfilment: 'delivery',
      items: [
        {
          productID: product('upper-arm-blood-pressure-monitor').productID,
          count: 2,
          shippingCostID: shippingOf('upper-arm-blood-pressure-monitor', 'Standard delivery'),
          price: 100,
        },
      ],
      contact,
      delivery,
    };
    const first = await placeOrder(buyer.token, body, key);
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBe('false');
    expect(first.body).toMatchObject({
      status: 'placed',
      fulfilment: 'delivery',
      amount: 8_650_000,
      vat: 648_750,
      total: 9_298_750,
      payment: { method: 'on_delivery', status: 'unpaid' },
      delivery,
    });
    expect(await stockOf('upper-arm-blood-pressure-monitor')).toBe(before - 2);

    const again = await placeOrder(buyer.token, body, key);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.orderID).toBe(first.body.orderID);
    expect(await stockOf('upper-arm-blood-pressure-monitor')).toBe(before - 2);

    const different = await placeOrder(
      buyer.token,
      { ...body, delivery: { ...delivery, city: 'Ikeja' } },
      key,
    );
    expect(different.status).toBe(422);
    const mine = await call<{ items: Array<{ orderID: string }> }>(
      server,
      'GET',
      '/api/v1/store/orders',
      { token: buyer.token },
    );
    expect(mine.body.items.map((item) => item.orderID)).toEqual([first.body.orderID]);
  });

  it('makes one order of two sent at once with the same key', async () => {
    const buyer = await confirmedAccount(server);
    const key = crypto.randomUUID();
    const results = await Promise.all([
      placeOrder(buyer.token, pickupOf('digital-bathroom-scale'), key),
      placeOrder(buyer.token, pickupOf('digital-bathroom-scale'), key),
    ]);
    expect(results.map((result) => result.status)).toEqual([201, 201]);
    expect(results[0]!.body.orderID).toBe(results[1]!.body.orderID);
    const mine = await call<{ items: unknown[] }>(server, 'GET', '/api/v1/store/orders', {
      token: buyer.token,
    });
    expect(mine.body.items).toHaveLength(1);
  });

  it(`takes at most ${ORDERS_PER_HOUR_PER_ACCOUNT} new orders an hour from one account; a replay is not a new order`, async () => {
    const buyer = await confirmedAccount(server);
    const keys: string[] = [];
    for (let n = 0; n < ORDERS_PER_HOUR_PER_ACCOUNT; n += 1) {
      keys.push(crypto.randomUUID());
      const placed = await placeOrder(buyer.token, pickupOf('digital-bathroom-scale'), keys[n]!);
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    }
    const over = await placeOrder(buyer.token, pickupOf('digital-bathroom-scale'));
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(over.body.errors?.[0]).toContain('orders in an hour');
    // The answer to a retry of an order already placed is not refused.
    const retried = await placeOrder(buyer.token, pickupOf('digital-bathroom-scale'), keys[0]!);
    expect(retried.status).toBe(201);
    // Another account is not held back by this one.
    const other = await confirmedAccount(server);
    expect((await placeOrder(other.token, pickupOf('digital-bathroom-scale'))).status).toBe(201);
  });

  it('counts only orders placed against the hour: refused attempts hand their count back', async () => {
    const buyer = await confirmedAccount(server);
    const twice = pickupOf('digital-bathroom-scale');
    const refused = { ...twice, items: [...twice.items, ...twice.items] };
    for (let n = 0; n < ORDERS_PER_HOUR_PER_ACCOUNT; n += 1) {
      const attempt = await placeOrder(buyer.token, refused);
      expect(attempt.status, JSON.stringify(attempt.body)).toBe(400);
    }
    const placed = await placeOrder(buyer.token, pickupOf('digital-bathroom-scale'));
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  });

  it('sells the last item once: of two buyers at the same moment, one gets the order and one a 409', async () => {
    await server.app.database.db
      .update(products)
      .set({ stock: 1 })
      .where(eq(products.slug, 'home-first-aid-kit'));
    const [first, second] = [await confirmedAccount(server), await confirmedAccount(server)];
    const results = await Promise.all([
      placeOrder(first.token, pickupOf('home-first-aid-kit')),
      placeOrder(second.token, pickupOf('home-first-aid-kit')),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([201, 409]);
    expect(results.find((result) => result.status === 409)!.body.errors).toEqual([
      'items.0: "Home first aid kit" is out of stock.',
    ]);
    expect(await stockOf('home-first-aid-kit')).toBe(0);
  });

  it('needs a confirmed address: 403 EMAIL_NOT_CONFIRMED saying how, nothing taken or counted; then it is placed', async () => {
    const newcomer = await unconfirmedAccount(server);
    const before = await stockOf('sterile-lancets-100');
    for (let n = 0; n <= ORDERS_PER_HOUR_PER_ACCOUNT; n += 1) {
      const refused = await placeOrder(newcomer.token, pickupOf('sterile-lancets-100', 20));
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({
        details: [{ code: 'EMAIL_NOT_CONFIRMED' }],
      });
      expect(refused.body.errors?.[0]).toMatch(
        /^An order needs a confirmed email address\. Open the link in the mail Vitalia sent to reader.*@example\.com, or have a new one sent/,
      );
    }
    expect(await stockOf('sterile-lancets-100')).toBe(before);
    const mine = await call<{ items: unknown[] }>(server, 'GET', '/api/v1/store/orders', {
      token: newcomer.token,
    });
    expect(mine.body.items).toEqual([]);
    // Confirmed, the same person orders at once: the refusals did not use up the hour.
    await server.app.database.db
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(users.id, newcomer.userId));
    const placed = await placeOrder(newcomer.token, pickupOf('sterile-lancets-100'));
    expect(placed.status).toBe(201);
  });

  it('answers the replay of an order already placed even when the address is no longer confirmed', async () => {
    const buyer = await confirmedAccount(server);
    const key = crypto.randomUUID();
    const placed = await placeOrder(buyer.token, pickupOf('digital-thermometer'), key);
    expect(placed.status).toBe(201);
    // As after a change of address waiting for its confirmation.
    await server.app.database.db
      .update(users)
      .set({ emailVerifiedAt: null })
      .where(eq(users.id, buyer.userId));
    const replayed = await placeOrder(buyer.token, pickupOf('digital-thermometer'), key);
    expect(replayed.status).toBe(201);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(replayed.body.orderID).toBe(placed.body.orderID);
    expect((await placeOrder(buyer.token, pickupOf('digital-thermometer'))).status).toBe(403);
  });

  it('keys the request hash with the server secret, and still answers replays of orders hashed plainly before', async () => {
    const buyer = await confirmedAccount(server);
    const key = crypto.randomUUID();
    const body = pickupOf('weekly-pill-organiser');
    const placed = await placeOrder(buyer.token, body, key);
    expect(placed.status).toBe(201);
    // The request as the server reads it: the contract's fields, in the contract's order.
    const read = JSON.stringify({ items: body.items, fulfilment: body.fulfilment, contact });
    const plain = crypto.createHash('sha256').update(read).digest('hex');
    const [row] = await server.app.database.db
      .select({ requestHash: orders.requestHash })
      .from(orders)
      .where(eq(orders.id, placed.body.orderID));
    expect(row!.requestHash).toMatch(/^hmac:[0-9a-f]{64}$/);
    expect(row!.requestHash).not.toContain(plain);
    // Not a hash anyone can make of a guessed name and phone without the server's secret.
    const unkeyed = crypto.createHmac('sha256', '').update(read).digest('hex');
    expect(row!.requestHash).not.toContain(unkeyed);

    // An order placed before the keyed hash holds the plain SHA-256 of its request.
    await server.app.database.db
      .update(orders)
      .set({ requestHash: plain })
      .where(eq(orders.id, placed.body.orderID));
    const replayed = await placeOrder(buyer.token, body, key);
    expect(replayed.status).toBe(201);
    expect(replayed.body.orderID).toBe(placed.body.orderID);
    const changed = await placeOrder(
      buyer.token,
      { ...body, contact: { ...contact, phone: '+234 803 555 0199' } },
      key,
    );
    expect(changed.status).toBe(422);
    expect(changed.body).toMatchObject({ details: [{ code: 'IDEMPOTENCY_KEY_REUSED' }] });
  });

  it("keeps each person's orders their own", async () => {
    const owner = await confirmedAccount(server);
    const stranger = await confirmedAccount(server);
    const placed = await placeOrder(owner.token, pickupOf('sterile-lancets-100'));
    const peek = await call(server, 'GET', `/api/v1/store/orders/${placed.body.orderID}`, {
      token: stranger.token,
    });
    expect(peek.status).toBe(404);
    expect(peek.body.errors).toEqual(['There is no such order.']);
    expect(
      (
        await call<{ items: unknown[] }>(server, 'GET', '/api/v1/store/orders', {
          token: stranger.token,
        })
      ).body.items,
    ).toEqual([]);
    expect(
      (
        await call(server, 'GET', `/api/v1/store/orders/${placed.body.orderID}`, {
          token: owner.token,
        })
      ).status,
    ).toBe(200);
  });
});

describe('a product that is no longer sold', () => {
  /** A product on sale that someone may have in their cart, then retired by an administrator. */
  async function retiredProduct(): Promise<{ productID: string; shippingCostID: string }> {
    const made = await call<ProductBody>(server, 'POST', '/api/v1/store/admin/products', {
      token: admin.token,
      body: {
        slug: 'ultrasonic-nebuliser',
        productName: 'Ultrasonic nebuliser',
        description: 'Turns medicine into a fine mist.',
        price: 3_500_000,
        stock: 6,
        active: true,
        shippings: [{ shippingMethod: 'Standard delivery', cost: 250_000, deliveryTimeDays: 5 }],
      },
    });
    expect(made.status).toBe(201);
    const retired = await call(
      server,
      'PUT',
      `/api/v1/store/admin/products/${made.body.productID}`,
      { token: admin.token, body: { active: false } },
    );
    expect(retired.body).toMatchObject({ active: false });
    return {
      productID: made.body.productID,
      shippingCostID: made.body.shippings[0]!.shippingCostID,
    };
  }

  let retired: { productID: string; shippingCostID: string };
  beforeAll(async () => {
    retired = await retiredProduct();
  });

  const cartWithRetired = () => ({
    fulfilment: 'delivery',
    items: [
      {
        productID: product('weekly-pill-organiser').productID,
        count: 1,
        shippingCostID: shippingOf('weekly-pill-organiser', 'Standard delivery'),
      },
      { productID: retired.productID, count: 1, shippingCostID: retired.shippingCostID },
    ],
  });

  it('is refused by the quote, on its own line', async () => {
    const buyer = await confirmedAccount(server);
    const { status, body } = await call(server, 'POST', '/api/v1/store/cart/quote', {
      token: buyer.token,
      body: cartWithRetired(),
    });
    expect(status).toBe(400);
    expect(body.errors).toEqual(['items.1: "Ultrasonic nebuliser" is no longer sold.']);
  });

  it('is refused by the order, which takes no stock and is not made', async () => {
    const buyer = await confirmedAccount(server);
    const before = await stockOf('ultrasonic-nebuliser');
    const organisers = await stockOf('weekly-pill-organiser');
    const answer = await placeOrder(buyer.token, { ...cartWithRetired(), contact, delivery });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual(['items.1: "Ultrasonic nebuliser" is no longer sold.']);
    expect(await stockOf('ultrasonic-nebuliser')).toBe(before);
    expect(await stockOf('weekly-pill-organiser')).toBe(organisers);
    const mine = await call<{ items: unknown[] }>(server, 'GET', '/api/v1/store/orders', {
      token: buyer.token,
    });
    expect(mine.body.items).toEqual([]);
  });
});

describe('administrators', () => {
  it('are the only ones who manage products and orders', async () => {
    const person = await confirmedAccount(server);
    for (const [method, path] of [
      ['GET', '/api/v1/store/admin/products'],
      ['POST', '/api/v1/store/admin/products'],
      ['GET', '/api/v1/store/admin/orders'],
      ['POST', `/api/v1/store/admin/orders/${crypto.randomUUID()}/status`],
    ] as const) {
      const answer = await call(server, method, path, {
        token: person.token,
        body: method === 'POST' ? {} : undefined,
      });
      expect(answer.status, `${method} ${path}`).toBe(403);
    }
  });

  it('add, edit and retire products; an order keeps the price it was charged', async () => {
    const made = await call<ProductBody & { productID: string }>(
      server,
      'POST',
      '/api/v1/store/admin/products',
      {
        token: admin.token,
        body: {
          slug: 'compression-socks',
          productName: 'Compression socks',
          description: 'Graduated compression for long journeys.',
          price: 900_000,
          stock: 10,
          active: true,
          shippings: [{ shippingMethod: 'Standard delivery', cost: 250_000, deliveryTimeDays: 5 }],
        },
      },
    );
    expect(made.status).toBe(201);
    const taken = await call(server, 'POST', '/api/v1/store/admin/products', {
      token: admin.token,
      body: {
        ...made.body,
        slug: 'compression-socks',
        productName: 'Other',
        description: 'x',
        price: 1,
        stock: 1,
        active: true,
        shippings: [{ shippingMethod: 'Pickup', cost: 0, deliveryTimeDays: 0 }],
      },
    });
    expect(taken.status).toBe(400);

    const buyer = await confirmedAccount(server);
    const order = await placeOrder(buyer.token, {
      fulfilment: 'pickup',
      items: [{ productID: made.body.productID, count: 1 }],
      contact,
    });
    expect(order.body).toMatchObject({ amount: 900_000 });

    const edited = await call<ProductBody>(
      server,
      'PUT',
      `/api/v1/store/admin/products/${made.body.productID}`,
      {
        token: admin.token,
        body: {
          price: 1_200_000,
          shippings: [{ shippingMethod: 'Express delivery', cost: 600_000, deliveryTimeDays: 1 }],
        },
      },
    );
    expect(edited.body.price).toBe(1_200_000);
    expect(edited.body.shippings.map((option) => option.shippingMethod)).toEqual([
      'Express delivery',
    ]);
    const kept = await call(server, 'GET', `/api/v1/store/orders/${order.body.orderID}`, {
      token: buyer.token,
    });
    expect(kept.body).toMatchObject({ amount: 900_000 });

    const conflict = await call(
      server,
      'PUT',
      `/api/v1/store/admin/products/${made.body.productID}`,
      {
        token: admin.token,
        body: { slug: 'peak-flow-meter' },
      },
    );
    expect(conflict.status).toBe(409);
    expect(conflict.body.errors).toEqual([
      'slug: "peak-flow-meter" is already used by another product; choose another.',
    ]);

    await call(server, 'PUT', `/api/v1/store/admin/products/${made.body.productID}`, {
      token: admin.token,
      body: { active: false },
    });
    expect(
      (await call(server, 'GET', `/api/v1/store/products/${made.body.productID}`)).status,
    ).toBe(404);
    const all = await call<{ items: ProductBody[] }>(
      server,
      'GET',
      '/api/v1/store/admin/products?q=compression',
      { token: admin.token },
    );
    expect(all.body.items.map((item) => item.slug)).toEqual(['compression-socks']);
    expect(
      server.logs.some(
        (line) => (line.audit as { event?: string } | undefined)?.event === 'product.changed',
      ),
    ).toBe(true);
  });

  it('move orders along their path; cancelling returns the stock; a wrong move says what is allowed', async () => {
    const buyer = await confirmedAccount(server);
    const before = await stockOf('peak-flow-meter');
    const pickup = await placeOrder(buyer.token, {
      fulfilment: 'pickup',
      items: [{ productID: product('peak-flow-meter').productID, count: 2 }],
      contact,
    });
    expect(await stockOf('peak-flow-meter')).toBe(before - 2);
    const move = (id: string, status: string) =>
      call(server, 'POST', `/api/v1/store/admin/orders/${id}/status`, {
        token: admin.token,
        body: { status },
      });

    const wrong = await move(pickup.body.orderID, 'shipped');
    expect(wrong.status).toBe(409);
    expect(wrong.body.errors).toEqual([
      'A pickup order that is placed can go to ready for pickup or cancelled, not shipped.',
    ]);
    expect((await move(pickup.body.orderID, 'ready_for_pickup')).body).toMatchObject({
      status: 'ready_for_pickup',
    });
    const cancelled = await move(pickup.body.orderID, 'cancelled');
    expect(cancelled.body).toMatchObject({ status: 'cancelled' });
    expect(
      (cancelled.body.history as Array<{ status: string }>).map((change) => change.status),
    ).toEqual(['placed', 'ready_for_pickup', 'cancelled']);
    expect(await stockOf('peak-flow-meter')).toBe(before);
    expect((await move(pickup.body.orderID, 'collected')).status).toBe(409);

    const delivered = await placeOrder(buyer.token, {
      fulfilment: 'delivery',
      items: [
        {
          productID: product('peak-flow-meter').productID,
          count: 1,
          shippingCostID: shippingOf('peak-flow-meter', 'Standard delivery'),
        },
      ],
      contact,
      delivery,
    });
    await move(delivered.body.orderID, 'shipped');
    // The buyer sees it shipped.
    const seen = await call(server, 'GET', `/api/v1/store/orders/${delivered.body.orderID}`, {
      token: buyer.token,
    });
    expect(seen.body).toMatchObject({ status: 'shipped' });
    expect((await move(delivered.body.orderID, 'cancelled')).status).toBe(409);
    expect((await move(delivered.body.orderID, 'delivered')).body).toMatchObject({
      status: 'delivered',
    });

    const shippedList = await call<{ items: Array<{ status: string }> }>(
      server,
      'GET',
      '/api/v1/store/admin/orders?status=delivered',
      { token: admin.token },
    );
    expect(shippedList.body.items.every((item) => item.status === 'delivered')).toBe(true);
    expect((await move(crypto.randomUUID(), 'shipped')).status).toBe(404);
  });

  it('finds orders by number, email and payment, and counts those waiting for the store', async () => {
    type Listed = { items: Array<{ orderID: string; status: string }>; needsAction: number };
    const list = (query: string) =>
      call<Listed>(server, 'GET', `/api/v1/store/admin/orders?${query}`, { token: admin.token });
    const move = (id: string, status: string) =>
      call(server, 'POST', `/api/v1/store/admin/orders/${id}/status`, {
        token: admin.token,
        body: { status },
      });
    const waitingBefore = (await list('')).body.needsAction;
    const buyer = await confirmedAccount(server);
    const email = `tola.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const pickupOrder = () =>
      placeOrder(buyer.token, {
        fulfilment: 'pickup',
        items: [{ productID: product('digital-thermometer').productID, count: 1 }],
        contact: { ...contact, email },
      });
    const first = await pickupOrder();
    const second = await pickupOrder();
    // Two placed orders wait to be prepared.
    expect((await list('')).body.needsAction).toBe(waitingBefore + 2);

    const number = first.body.orderID.replaceAll('-', '').slice(0, 8).toUpperCase();
    const byNumber = await list(`q=${encodeURIComponent(`#${number}`)}`);
    expect(byNumber.body.items.map((item) => item.orderID)).toEqual([first.body.orderID]);
    // The whole id, as an order page's address shows it, finds it too.
    const byId = await list(`q=${first.body.orderID}`);
    expect(byId.body.items.map((item) => item.orderID)).toEqual([first.body.orderID]);
    const byEmail = await list(`q=${encodeURIComponent(email.toUpperCase())}`);
    expect(byEmail.body.items.map((item) => item.orderID)).toEqual([
      second.body.orderID,
      first.body.orderID,
    ]);
    // A search matching nothing answers an empty list, still with the count.
    const none = await list(`q=${encodeURIComponent('nobody%_@example.com')}`);
    expect(none.body).toEqual({ items: [], needsAction: waitingBefore + 2 });

    // Collected and unpaid still waits (for its payment); once paid it no longer does.
    await move(first.body.orderID, 'ready_for_pickup');
    await move(first.body.orderID, 'collected');
    expect((await list('needsAction=true')).body.items.map((item) => item.orderID)).toEqual(
      expect.arrayContaining([first.body.orderID, second.body.orderID]),
    );
    const unpaid = await list(`payment=unpaid&q=${encodeURIComponent(email)}`);
    expect(unpaid.body.items).toHaveLength(2);
    await call(server, 'POST', `/api/v1/store/admin/orders/${first.body.orderID}/payment`, {
      token: admin.token,
    });
    const paid = await list(`payment=paid&q=${encodeURIComponent(email)}`);
    expect(paid.body.items.map((item) => item.orderID)).toEqual([first.body.orderID]);
    const waiting = await list('needsAction=true');
    expect(waiting.body.items.map((item) => item.orderID)).not.toContain(first.body.orderID);
    expect(waiting.body.needsAction).toBe(waitingBefore + 1);
    expect((await list('payment=owed')).status).toBe(400);
  });
});
