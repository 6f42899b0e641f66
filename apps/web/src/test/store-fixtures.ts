import {
  storePaths,
  type Order,
  type PlaceOrderRequest,
  type Product,
  type Quote,
  type QuoteRequest,
} from '@vitalia/api/store.contract';
import { fakeApi, type FakeAnswer, type FakeRequest } from './fake-api';

const naira = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' });
/** Kobo as the server formats them. */
export const money = (minor: number) => naira.format(minor / 100);

export const productIds = {
  oximeter: '0f9a3c1e-1111-4a11-8a11-000000000001',
  peakFlow: '0f9a3c1e-2222-4a22-8a22-000000000002',
  infrared: '0f9a3c1e-3333-4a33-8a33-000000000003',
  cholesterol: '0f9a3c1e-4444-4a44-8a44-000000000004',
} as const;

export const shippingIds = {
  oximeterStandard: '5a000000-0000-4000-8000-000000000011',
  oximeterExpress: '5a000000-0000-4000-8000-000000000012',
  peakFlowStandard: '5a000000-0000-4000-8000-000000000021',
  peakFlowExpress: '5a000000-0000-4000-8000-000000000022',
  infraredStandard: '5a000000-0000-4000-8000-000000000031',
  cholesterolStandard: '5a000000-0000-4000-8000-000000000041',
} as const;

function option(id: string, method: string, cost: number, days: number) {
  return {
    shippingMethod: method,
    shippingCostID: id,
    cost,
    deliveryTimeDays: days,
    costFormatted: money(cost),
  };
}

function product(
  productID: string,
  name: string,
  price: number,
  available: number,
  shippings: Product['shippings'],
): Product {
  const state = available === 0 ? 'out_of_stock' : available <= 5 ? 'low_stock' : 'in_stock';
  return {
    productID,
    slug: name.toLowerCase().replaceAll(' ', '-'),
    productName: name,
    description: `${name}: what it measures and how to use it well.`,
    price,
    formattedPrice: money(price),
    currency: 'NGN',
    productImage: `/store/${name.toLowerCase().replaceAll(' ', '-')}.svg`,
    stock: { state, available },
    shippings,
    active: true,
  };
}

/** A small catalogue: plenty, plenty, four left, none left. */
export function aCatalogue(): Product[] {
  return [
    product(productIds.oximeter, 'Fingertip pulse oximeter', 1_850_000, 40, [
      option(shippingIds.oximeterStandard, 'Standard delivery', 250_000, 5),
      option(shippingIds.oximeterExpress, 'Express delivery', 500_000, 2),
    ]),
    product(productIds.infrared, 'Infrared forehead thermometer', 2_400_000, 4, [
      option(shippingIds.infraredStandard, 'Standard delivery', 250_000, 5),
    ]),
    product(productIds.cholesterol, 'Home cholesterol test kit', 3_200_000, 0, [
      option(shippingIds.cholesterolStandard, 'Standard delivery', 250_000, 5),
    ]),
    product(productIds.peakFlow, 'Peak flow meter', 1_950_000, 18, [
      option(shippingIds.peakFlowStandard, 'Standard delivery', 250_000, 5),
      option(shippingIds.peakFlowExpress, 'Express delivery', 500_000, 2),
    ]),
  ];
}

/** The arithmetic of docs/decisions/0013-store-web.md and 0024, done the way the server does it. */
export function quoteOf(request: QuoteRequest, catalogue: readonly Product[]): FakeAnswer {
  const problems: string[] = [];
  let stockOnly = true;
  const lines = request.items.flatMap((item, index) => {
    const found = catalogue.find((each) => each.productID === item.productID);
    if (!found) {
      stockOnly = false;
      problems.push(`items.${index}: there is no such product in the store.`);
      return [];
    }
    const shipping =
      request.fulfilment === 'delivery'
        ? found.shippings.find((each) => each.shippingCostID === item.shippingCostID)
        : undefined;
    if (request.fulfilment === 'delivery' && !shipping) {
      stockOnly = false;
      problems.push(`items.${index}: that shipping option is not one of "${found.productName}"'s.`);
      return [];
    }
    if (item.count > found.stock.available) {
      problems.push(
        found.stock.available === 0
          ? `items.${index}: "${found.productName}" is out of stock.`
          : `items.${index}: only ${found.stock.available} of "${found.productName}" left; lower the count.`,
      );
      return [];
    }
    const shippingCost = shipping?.cost ?? 0;
    const itemAmount = found.price * item.count;
    return [
      {
        productID: found.productID,
        productName: found.productName,
        productImage: found.productImage,
        count: item.count,
        price: found.price,
        formattedPrice: found.formattedPrice,
        shippingCostID: shipping?.shippingCostID ?? null,
        shippingMethod: shipping?.shippingMethod ?? null,
        shippingCost,
        itemAmount,
        formattedAmount: money(itemAmount),
        deliveryTimeDays: shipping?.deliveryTimeDays ?? 0,
      },
    ];
  });
  if (problems.length > 0) return { status: stockOnly ? 409 : 400, body: { errors: problems } };
  // As the server does: lines sharing a method pay it once, at the highest cost among them.
  const deliveries: Quote['deliveries'] = [];
  for (const line of lines) {
    if (!line.shippingMethod) continue;
    const same = deliveries.find(
      (each) => each.shippingMethod.toLowerCase() === line.shippingMethod?.toLowerCase(),
    );
    if (same) {
      same.cost = Math.max(same.cost, line.shippingCost);
      same.costFormatted = money(same.cost);
      same.deliveryTimeDays = Math.max(same.deliveryTimeDays, line.deliveryTimeDays);
      same.productIDs.push(line.productID);
    } else {
      deliveries.push({
        shippingMethod: line.shippingMethod,
        cost: line.shippingCost,
        costFormatted: money(line.shippingCost),
        deliveryTimeDays: line.deliveryTimeDays,
        productIDs: [line.productID],
      });
    }
  }
  deliveries.sort((a, b) => a.shippingMethod.localeCompare(b.shippingMethod));
  const productsAmount = lines.reduce((sum, line) => sum + line.itemAmount, 0);
  const shippingAmount = deliveries.reduce((sum, each) => sum + each.cost, 0);
  const amount = productsAmount + shippingAmount;
  const vat = Math.floor((amount * 75 + 500) / 1000);
  const quote: Quote = {
    fulfilment: request.fulfilment,
    currency: 'NGN',
    vatRate: 7.5,
    lines: lines.map(({ deliveryTimeDays: _days, ...line }) => line),
    productsAmount,
    formattedProductsAmount: money(productsAmount),
    deliveries,
    shippingAmount,
    formattedShippingAmount: money(shippingAmount),
    amount,
    formattedAmount: money(amount),
    vat,
    formattedVat: money(vat),
    total: amount + vat,
    formattedTotal: money(amount + vat),
  };
  return { status: 200, body: quote };
}

let orderNumber = 0;

/** The order the server answers for a request it accepted. */
export function orderOf(
  request: PlaceOrderRequest,
  quote: Quote,
  overrides: Partial<Order> = {},
): Order {
  orderNumber += 1;
  const at = '2026-11-20T10:30:00.000Z';
  return {
    orderID: `${String(orderNumber).padStart(8, '0')}-b2c3-4d4e-8f5a-6b7c8d9e0f1a`,
    status: 'placed',
    fulfilment: request.fulfilment,
    currency: 'NGN',
    vatRate: 7.5,
    lines: quote.lines.map((line) => ({ ...line, productImage: null })),
    productsAmount: quote.productsAmount,
    formattedProductsAmount: quote.formattedProductsAmount,
    deliveries: quote.deliveries,
    shippingAmount: quote.shippingAmount,
    formattedShippingAmount: quote.formattedShippingAmount,
    amount: quote.amount,
    formattedAmount: quote.formattedAmount,
    vat: quote.vat,
    formattedVat: quote.formattedVat,
    total: quote.total,
    formattedTotal: quote.formattedTotal,
    payment: {
      method: request.fulfilment === 'delivery' ? 'on_delivery' : 'at_pickup',
      status: 'unpaid',
    },
    contact: request.contact,
    delivery: request.delivery ?? null,
    history: [{ status: 'placed', at }],
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

export function idempotencyKeyOf(request: FakeRequest): string | undefined {
  return request.headers['Idempotency-Key'] ?? request.headers['idempotency-key'];
}

/** Where the test store's pickup orders are collected. */
export const testPickupPlace = {
  address: '14 Admiralty Way, Lekki Phase 1, Lagos',
  hours: 'Monday to Saturday, 09:00 to 18:00',
};

/**
 * The store's server as the web app's tests need it: the catalogue with search and paging, each
 * product, quotes priced from the catalogue, and orders that answer the same order for a key
 * they have seen.
 */
export function serveStore(catalogue: Product[] = aCatalogue(), pageSize = 24) {
  const placed = new Map<string, Order>();
  fakeApi.on('GET', storePaths.pickup, { status: 200, body: testPickupPlace });
  fakeApi.on('GET', storePaths.products, (request) => {
    const q = String(request.params.q ?? '').toLowerCase();
    const matching = catalogue.filter((each) => each.productName.toLowerCase().includes(q));
    const start = request.params.cursor ? Number(request.params.cursor) : 0;
    const size = Number(request.params.limit ?? pageSize);
    const items = matching.slice(start, start + size);
    const next = start + size < matching.length ? String(start + size) : null;
    return { status: 200, body: { items, nextCursor: next } };
  });
  for (const each of catalogue) {
    fakeApi.on('GET', storePaths.product.replace(':id', each.productID), {
      status: 200,
      body: each,
    });
  }
  fakeApi.on('POST', storePaths.quote, (request) =>
    quoteOf(request.body as QuoteRequest, catalogue),
  );
  /** POST /orders: tests that decide when or how it answers wrap this. */
  const placeOrder = (request: FakeRequest): FakeAnswer => {
    const body = request.body as PlaceOrderRequest;
    const key = idempotencyKeyOf(request) ?? '';
    const known = placed.get(key);
    if (known) return { status: 201, body: known };
    const quote = quoteOf(body, catalogue);
    if (quote === 'network-error' || quote.status !== 200) return quote;
    const order = orderOf(body, quote.body as Quote);
    placed.set(key, order);
    fakeApi.on('GET', storePaths.order.replace(':id', order.orderID), { status: 200, body: order });
    return { status: 201, body: order };
  };
  fakeApi.on('POST', storePaths.orders, placeOrder);
  fakeApi.on('GET', storePaths.orders, () => ({
    status: 200,
    body: { items: [...placed.values()].reverse() },
  }));
  return { placed, placeOrder };
}

/** Requests the web app sent to price the cart, newest last. */
export function quoteRequests(): QuoteRequest[] {
  return fakeApi
    .requestsTo('POST', storePaths.quote)
    .map((request) => request.body as QuoteRequest);
}
