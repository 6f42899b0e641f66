// The store's public calls: the catalogue, the cart's quote, and a person's own orders.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '@vitalia/api/errors.schema';
import {
  idempotencyHeaders,
  order,
  orderList,
  ORDERS_PER_HOUR_PER_ACCOUNT,
  ORDERS_PER_HOUR_PER_ADDRESS,
  placeOrderRequest,
  product,
  productImagePrefix,
  productListQuery,
  productPage,
  productParams,
  quoteRequest,
  quoteResponse,
  pickupPlace,
  storePaths,
} from '@vitalia/api/store.contract';
import { currentUser } from '../../plugins/auth.ts';
import { badRequest, fieldProblem, notFound } from '../../plugins/errors.ts';
import type { FileStore } from '../../lib/file-store.ts';
import type { CheckoutService } from './checkout.service.ts';
import type { PickupPlace } from './order-mail.ts';
import type { StoreMoney } from './money.ts';
import { StoreRepository, type ProductPosition } from './store.repository.ts';
import { toOrder, toProduct, toQuote, type OrderViews } from './store.views.ts';

export interface StoreRoutesOptions {
  money: StoreMoney;
  /** The images administrators upload for products (store-admin.routes.ts), served here. */
  images: FileStore;
  /** Prices, places and moves orders, mailing the customer at each step (order-mail.ts). */
  checkout: CheckoutService;
  views: OrderViews;
  /** Where and when pickup orders are collected. */
  pickup: PickupPlace;
}

const secured = [{ bearerAuth: [] }];

export function encodeProductCursor(position: ProductPosition): string {
  return Buffer.from(JSON.stringify([position.name, position.id])).toString('base64url');
}

export function decodeProductCursor(cursor: string): ProductPosition {
  try {
    const [name, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof name === 'string' && typeof id === 'string' && /^[0-9a-f-]{36}$/.test(id)) {
      return { name, id };
    }
  } catch {
    // falls through to the message below
  }
  throw badRequest(
    fieldProblem('cursor', 'is not one this server gave; start again without it.', {
      in: 'query',
      code: 'INVALID_CURSOR',
    }),
  );
}

export const storeRoutes: FastifyPluginAsyncZod<StoreRoutesOptions> = async (
  app,
  { money, images, checkout, views, pickup },
) => {
  const store = new StoreRepository(app.database.db);
  const toView = (stored: Parameters<typeof toOrder>[0]) =>
    toOrder(stored, views.money, views.holdHours);

  app.get(
    storePaths.pickup,
    {
      schema: {
        tags: ['store'],
        operationId: 'getPickupPlace',
        summary: 'Where and when pickup orders are collected',
        security: [],
        response: { 200: pickupPlace },
      },
    },
    async () => pickup,
  );

  app.get(
    storePaths.products,
    {
      schema: {
        tags: ['store'],
        operationId: 'listProducts',
        summary: 'Products on sale, by name, with search and paging',
        security: [],
        querystring: productListQuery,
        response: { 200: productPage, 400: errorResponse },
      },
    },
    async (request) => {
      const { q, limit, cursor } = request.query;
      const page = await store.listProducts({
        q,
        limit,
        after: cursor ? decodeProductCursor(cursor) : undefined,
      });
      return {
        items: page.rows.map((row) => toProduct(row, money)),
        nextCursor: page.next ? encodeProductCursor(page.next) : null,
      };
    },
  );

  app.get(
    storePaths.product,
    {
      schema: {
        tags: ['store'],
        operationId: 'getProduct',
        summary: 'One product on sale',
        security: [],
        params: productParams,
        response: { 200: product, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const row = await store.productById(request.params.id);
      if (!row) throw notFound('There is no such product in the store.');
      return toProduct(row, money);
    },
  );

  app.post(
    storePaths.quote,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['store'],
        operationId: 'quoteCart',
        summary: 'Price a cart: lines, amount, VAT and total from the server’s prices',
        description:
          'amount = Σ price × count, plus one delivery per shipping method chosen when delivering (lines sharing a method travel together and pay it once, at the highest cost among them); VAT = amount × rate, rounded half up; total = amount + VAT. Problems are listed per line (items.N: …): 400 for a bad line, 409 when only stock is short.',
        security: secured,
        body: quoteRequest,
        response: {
          200: quoteResponse,
          400: errorResponse,
          401: errorResponse,
          409: errorResponse,
        },
      },
    },
    async (request) => toQuote(await checkout.quote(request.body), money),
  );

  app.post(
    storePaths.orders,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['store'],
        operationId: 'placeOrder',
        summary: 'Place an order (payment on delivery or at pickup)',
        description: `Needs an Idempotency-Key header: the same key again answers the same order (with Idempotent-Replayed: true), never a second one; the same key with another body is 422. Stock is taken in the same transaction: the last item goes to one buyer, the other gets 409. At most ${ORDERS_PER_HOUR_PER_ACCOUNT} new orders an hour per account and ${ORDERS_PER_HOUR_PER_ADDRESS} per network address (429 with Retry-After); a replay does not count. A new order needs the account's email address confirmed: otherwise 403 with code EMAIL_NOT_CONFIRMED, saying to open the link of the confirmation mail or have a new one sent (POST /api/v1/identity/email/verify/resend); a replay of an order already placed is answered all the same. Every mail about the order goes to the account's sign-in address, not to contact.email. An order paid neither on the spot nor in advance keeps its stock for the store's hold (releaseAt in the answer, STORE_UNCONFIRMED_ORDER_HOURS, 48 hours unless set): if by then it is neither paid nor confirmed by an administrator, it is cancelled, its stock goes back on sale and the buyer is mailed.`,
        security: secured,
        headers: idempotencyHeaders,
        body: placeOrderRequest,
        response: {
          201: order,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          409: errorResponse,
          422: errorResponse,
          429: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const key = request.headers['idempotency-key'];
      // A replay of an order already placed is answered without counting against the hour; a
      // new order from an unconfirmed address is refused before it counts (checkout.place checks
      // again).
      const replay = await checkout.isReplay(user.id, key);
      if (!replay) await checkout.assertMayOrder(user.id);
      const limits = replay
        ? []
        : [
            {
              key: `orders:account:${user.id}`,
              limit: ORDERS_PER_HOUR_PER_ACCOUNT,
              windowSeconds: 3600,
            },
            {
              key: `orders:address:${request.ip}`,
              limit: ORDERS_PER_HOUR_PER_ADDRESS,
              windowSeconds: 3600,
            },
          ];
      if (limits.length > 0) await app.attemptLimiter.reserve(limits, 'orders in an hour');
      // The limits are of orders placed: an attempt refused (out of stock, a line twice) or found
      // to be a replay after all hands its count back.
      const handBack = () =>
        limits.length > 0 ? app.attemptLimiter.refund(limits) : Promise.resolve();
      let answer: Awaited<ReturnType<typeof checkout.place>>;
      try {
        answer = await checkout.place(user.id, request.headers['idempotency-key'], request.body);
      } catch (error) {
        await handBack();
        throw error;
      }
      const { order: placed, replayed } = answer;
      if (replayed) await handBack();
      if (!replayed) {
        request.log.info(
          { audit: { event: 'order.placed', userId: user.id, orderId: placed.order.id } },
          'order placed',
        );
      }
      return reply
        .code(201)
        .header('idempotent-replayed', String(replayed))
        .header('location', `${storePaths.orders}/${placed.order.id}`)
        .send(toView(placed));
    },
  );

  app.get(
    storePaths.orders,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['store'],
        operationId: 'listOwnOrders',
        summary: 'The signed-in person’s orders, newest first',
        security: secured,
        response: { 200: orderList, 401: errorResponse },
      },
    },
    async (request) => ({
      items: (await store.ordersOf({ userId: currentUser(request).id })).map((stored) =>
        toView(stored),
      ),
    }),
  );

  app.get(
    storePaths.order,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['store'],
        operationId: 'getOwnOrder',
        summary: 'One of the signed-in person’s orders',
        description: 'Another person’s order answers 404, as a missing one does.',
        security: secured,
        params: z.object({ id: z.uuid({ error: 'must be an order id' }) }),
        response: { 200: order, 400: errorResponse, 401: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const stored = await store.orderById(request.params.id, currentUser(request).id);
      if (!stored) throw notFound('There is no such order.');
      return toView(stored);
    },
  );

  app.post(
    storePaths.cancelOrder,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['store'],
        operationId: 'cancelOwnOrder',
        summary: 'Cancel one of the signed-in person’s orders while it is placed',
        description:
          'The stock returns at once and the customer is mailed. Once the order is shipped or ready for pickup it can no longer be cancelled here (409). Another person’s order answers 404.',
        security: secured,
        params: z.object({ id: z.uuid({ error: 'must be an order id' }) }),
        response: {
          200: order,
          400: errorResponse,
          401: errorResponse,
          404: errorResponse,
          409: errorResponse,
        },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      if (!(await store.orderById(request.params.id, userId))) {
        throw notFound('There is no such order.');
      }
      const moved = await checkout.move(request.params.id, 'cancelled', userId, {
        onlyFrom: ['placed'],
      });
      return toView(moved);
    },
  );

  app.get(
    `${productImagePrefix}:name`,
    {
      schema: {
        tags: ['store'],
        operationId: 'getProductImage',
        summary: 'An uploaded product image, by the name the product gives',
        security: [],
        params: z.object({ name: z.string().max(128) }),
        response: {
          200: {
            description: 'The product image, as WebP',
            content: { 'image/webp': { schema: z.any() } },
          },
          400: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const content = await images.get(request.params.name);
      if (!content) throw notFound('There is no such product image.');
      // Names are never reused, so an image can be cached for good.
      return reply
        .type('image/webp')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(content);
    },
  );
};
