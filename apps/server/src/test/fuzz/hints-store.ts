// Valid-request hints of the store: products sold and in stock, carts of the run's products with
// their own shipping options, orders placed just now, and moves an order can make.
import crypto from 'node:crypto';
import fc from 'fast-check';
import {
  fulfilments,
  nigerianStates,
  orderTransitions,
  type OrderStatus,
} from '@vitalia/api/store.contract';
import {
  chosen,
  expectStatus,
  noCursor,
  uploadedName,
  type Account,
  type Order,
  type OperationHint,
  type Rows,
  type Run,
  type ValidPlan,
} from './valid-plan.ts';
import { plainText, uniqueEmail } from './valid-values.ts';

/** The contract's highest price: orders of several such lines pass 2^31 minor units. */
const dearestPrice = 1_000_000_000;

const productBody = (schemaValid: Record<string, unknown>) =>
  fc
    .record({
      slug: fc.uuid({ version: 4 }).map((id) => `fuzz-${id}`),
      // Sold and in stock, so that carts and orders can use it.
      active: fc.constant(true),
      stock: fc.integer({ min: 10_000, max: 1_000_000 }),
      price: fc.integer({ min: 0, max: dearestPrice }),
    })
    .map((fields) => ({ ...schemaValid, ...fields }));

const cartLines = fc.record({
  fulfilment: fc.constantFrom(...fulfilments),
  lines: fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 3 }), fc.nat()), {
    minLength: 1,
    maxLength: 3,
  }),
});

/** Lines of products the run made, with one of each product's own shipping options. */
async function fillCart(plan: ValidPlan, run: Run) {
  await run.need('product');
  const drawn = plan.body as { fulfilment: string; lines: Array<[number, number, number]> };
  const seen = new Set<string>();
  const items = [];
  for (const [which, count, shipping] of drawn.lines) {
    const product = chosen(run.rows.products, which);
    if (!product || seen.has(product.id)) continue;
    seen.add(product.id);
    items.push({
      productID: product.id,
      count,
      ...(drawn.fulfilment === 'delivery'
        ? { shippingCostID: chosen(product.shippings, shipping) }
        : {}),
    });
  }
  return { items, fulfilment: drawn.fulfilment };
}

const contact = fc.record({
  firstName: plainText(1, 20),
  surname: plainText(1, 20),
  phone: fc.integer({ min: 1_000_000, max: 999_999_999 }).map((digits) => `+234 ${digits}`),
  email: uniqueEmail,
});
const delivery = fc.record({
  address: plainText(1, 40),
  city: plainText(1, 20),
  // A delivery goes to one of the states the store knows (store.contract.ts).
  state: fc.constantFrom(...nigerianStates),
});

export const storeHints: Record<string, OperationHint> = {
  'GET /api/v1/store/products': noCursor,
  'GET /api/v1/store/admin/products': noCursor,
  'GET /api/v1/store/products/{id}': { prepare: aProduct },
  'POST /api/v1/store/cart/quote': {
    body: () => cartLines,
    prepare: async (plan, run) => {
      plan.body = await fillCart(plan, run);
    },
  },
  'POST /api/v1/store/orders': {
    caller: 'fresh',
    body: () => fc.record({ cart: cartLines, contact, delivery }),
    headers: fc.record({ 'idempotency-key': fc.uuid({ version: 4 }) }),
    prepare: async (plan, run, caller) => {
      // An order needs a confirmed address (docs/decisions/0023-order-mail.md).
      await run.confirmAddress(caller!.username);
      const drawn = plan.body as { cart: unknown; contact: unknown; delivery: unknown };
      const cart = await fillCart({ ...plan, body: drawn.cart }, run);
      plan.body = {
        ...cart,
        contact: drawn.contact,
        ...(cart.fulfilment === 'delivery' ? { delivery: drawn.delivery } : {}),
      };
    },
    remember: (answer, rows) => {
      rows.orders.push({
        id: String(answer.orderID),
        fulfilment: answer.fulfilment as Order['fulfilment'],
        status: answer.status as OrderStatus,
      });
    },
  },
  // Orders are limited per account and hour: each valid order, and each order a valid request
  // needs, is a new account's, so neither the run's many requests nor its hostile ones can use
  // up the allowance its fixtures depend on.
  'POST /api/v1/store/admin/orders/{id}/payment': {
    caller: 'admin',
    prepare: async (plan, run) => {
      plan.pathParams.id = await freshOrder(run, await run.fresh());
    },
  },
  'POST /api/v1/store/admin/orders/{id}/confirm': {
    caller: 'admin',
    prepare: async (plan, run) => {
      plan.pathParams.id = await freshOrder(run, await run.fresh());
    },
  },
  'POST /api/v1/store/orders/{id}/cancel': {
    caller: 'fresh',
    prepare: async (plan, run, caller) => {
      plan.pathParams.id = await freshOrder(run, caller!);
    },
  },
  'GET /api/v1/store/orders/{id}': {
    caller: 'fresh',
    prepare: async (plan, run, caller) => {
      plan.pathParams.id = await freshOrder(run, caller!);
    },
  },
  'GET /uploads/products/{name}': {
    prepare: async (plan, run) => {
      await run.need('productImage');
      plan.pathParams.name = chosen([...run.rows.productImages.values()], plan.pick)!;
    },
  },
  'POST /api/v1/store/admin/products': {
    body: productBody,
    remember: rememberProduct,
  },
  'PUT /api/v1/store/admin/products/{id}': {
    body: productBody,
    prepare: aProduct,
    remember: rememberProduct,
  },
  'POST /api/v1/store/admin/products/{id}/image': {
    caller: 'fresh admin',
    bodyType: 'multipart',
    prepare: aProduct,
    remember: (answer, rows) => {
      const name = uploadedName(answer.productImage, '/uploads/products/');
      if (name) rows.productImages.set(String(answer.productID), name);
    },
  },
  'POST /api/v1/store/admin/orders/{id}/status': {
    body: () => fc.constant({ status: 'placed' }),
    prepare: async (plan, run) => {
      const movable = () =>
        run.rows.orders.filter((order) => orderTransitions[order.fulfilment][order.status]);
      // Eight requests run at once: another move may take the order just made to its end (a
      // cancel) before this one chooses, so a few are made if need be.
      for (let tries = 0; tries < 5 && movable().length === 0; tries += 1) await run.need('order');
      const order = chosen(movable(), plan.pick);
      if (!order) throw new Error('setting up an order move: no order can move');
      const next = orderTransitions[order.fulfilment][order.status]!;
      const to = chosen(next, Math.floor(plan.pick / 7))!;
      // Moved at once in the pool too, so that no other request tries the same move.
      order.status = to;
      plan.pathParams.id = order.id;
      plan.body = { status: to };
    },
  },
};

/** An order just placed for `account`: the run's other requests may have moved the others on. */
async function freshOrder(run: Run, account: Account): Promise<string> {
  await run.need('product');
  await run.confirmAddress(account.username);
  const placed = expectStatus(
    await run.call('POST', '/api/v1/store/orders', {
      token: account.token,
      headers: { 'idempotency-key': crypto.randomUUID() },
      body: {
        items: [{ productID: run.rows.products[0]!.id, count: 1 }],
        fulfilment: 'pickup',
        contact: {
          firstName: 'Fuzz',
          surname: 'Order',
          phone: '+234 800 000 0000',
          email: 'fuzz.order@example.com',
        },
      },
    }),
    201,
    'an order of its own',
  );
  return String(placed.body.orderID);
}

async function aProduct(plan: ValidPlan, run: Run) {
  await run.need('product');
  plan.pathParams.id = chosen(run.rows.products, plan.pick)!.id;
}

function rememberProduct(answer: Record<string, unknown>, rows: Rows) {
  const id = String(answer.productID);
  const shippings = ((answer.shippings as Array<{ shippingCostID: string }>) ?? []).map(
    (option) => option.shippingCostID,
  );
  const known = rows.products.find((product) => product.id === id);
  if (known) known.shippings = shippings;
  else if (answer.active === true) rows.products.push({ id, shippings });
}
