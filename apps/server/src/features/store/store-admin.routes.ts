// Administrators' calls: the catalogue (create, edit, deactivate, stock, shipping options, image)
// and orders (see them all, move them along). Every change is validated and written to the log as
// an audit line naming who did what.
import fastifyMultipart from '@fastify/multipart';
import { and, eq, inArray, not } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '@vitalia/api/errors.schema';
import {
  adminOrderList,
  adminOrderQuery,
  isUploadedProductImage,
  order,
  orderStatusRequest,
  product,
  productImageLimits,
  productImagePrefix,
  productInput,
  productListQuery,
  productPage,
  productParams,
  productPatch,
  storePaths,
  type ProductInput,
} from '@vitalia/api/store.contract';
import type { Database } from '../../db/database.ts';
import { products, shippingOptions } from '../../db/schema/store.table.ts';
import { currentUser } from '../../plugins/auth.ts';
import { AppError, fieldProblem, notFound } from '../../plugins/errors.ts';
import type { FileStore } from '../../lib/file-store.ts';
import {
  imageUploadErrors,
  readImageUpload,
  reencodeImage,
  type ImageRules,
} from '../../lib/image-upload.ts';
import type { CheckoutService } from './checkout.service.ts';
import type { StoreMoney } from './money.ts';
import { StoreRepository } from './store.repository.ts';
import { decodeProductCursor, encodeProductCursor } from './store.routes.ts';
import { toOrder, toProduct, type OrderViews } from './store.views.ts';

const secured = [{ bearerAuth: [] }];

export interface StoreAdminOptions {
  money: StoreMoney;
  /** Where uploaded product images are kept; the public routes serve them from the same store. */
  images: FileStore;
  /** Places and moves orders, mailing the customer at each step (order-mail.ts). */
  checkout: CheckoutService;
  views: OrderViews;
}

/** The store shows products at 4:3, so an image is fitted inside 1200 x 900 px, never enlarged. */
export const productImageRules: ImageRules = {
  label: 'Product image',
  bytes: productImageLimits.bytes,
  pixels: 40_000_000,
  shape: { width: 1200, height: 900 },
};

const noSuchProduct = () => notFound('There is no such product.');

const slugTaken = (slug: string) =>
  new AppError(
    409,
    'SLUG_TAKEN',
    fieldProblem('slug', `"${slug}" is already used by another product; choose another.`),
  );

/** Makes the product's shipping options match the list: same method updated, new added, others retired. */
async function replaceShippings(
  db: Database,
  productId: string,
  wanted: ProductInput['shippings'],
): Promise<void> {
  const existing = await db
    .select()
    .from(shippingOptions)
    .where(eq(shippingOptions.productId, productId));
  const keep: string[] = [];
  for (const option of wanted) {
    const match = existing.find(
      (row) => row.method.toLowerCase() === option.shippingMethod.toLowerCase(),
    );
    if (match) {
      await db
        .update(shippingOptions)
        .set({
          method: option.shippingMethod,
          costMinor: option.cost,
          deliveryTimeDays: option.deliveryTimeDays,
          active: true,
        })
        .where(eq(shippingOptions.id, match.id));
      keep.push(match.id);
    } else {
      const [made] = await db
        .insert(shippingOptions)
        .values({
          productId,
          method: option.shippingMethod,
          costMinor: option.cost,
          deliveryTimeDays: option.deliveryTimeDays,
        })
        .returning({ id: shippingOptions.id });
      if (made) keep.push(made.id);
    }
  }
  // Retired, not deleted: orders name the options they used.
  await db
    .update(shippingOptions)
    .set({ active: false })
    .where(
      keep.length > 0
        ? and(eq(shippingOptions.productId, productId), not(inArray(shippingOptions.id, keep)))
        : eq(shippingOptions.productId, productId),
    );
}

export const storeAdminRoutes: FastifyPluginAsyncZod<StoreAdminOptions> = async (
  app,
  { money, images, checkout, views },
) => {
  const db = app.database.db;
  const store = new StoreRepository(db);
  const toView = (stored: Parameters<typeof toOrder>[0]) =>
    toOrder(stored, views.money, views.holdHours);
  const admin = app.requireRole('ADMIN');

  await app.register(fastifyMultipart, {
    limits: { fileSize: productImageRules.bytes, files: 1, fields: 5, parts: 6 },
  });

  /** Removes a replaced image's file; shipped drawings are not files of ours and stay. */
  async function removeImageFile(path: string | null, request: FastifyRequest): Promise<void> {
    if (!isUploadedProductImage(path)) return;
    const name = path.slice(productImagePrefix.length);
    try {
      await images.remove(name);
    } catch (error) {
      // The product already shows the new image; a stray file is not worth failing the call for.
      request.log.warn({ err: error, image: name }, 'could not remove a replaced product image');
    }
  }

  const audit = (
    request: Parameters<typeof currentUser>[0],
    event: string,
    details: Record<string, unknown>,
  ) =>
    request.log.info(
      { audit: { event, by: currentUser(request).id, ...details } },
      `audit: ${event}`,
    );

  async function slugFree(slug: string, exceptId?: string): Promise<boolean> {
    const [row] = await db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.slug, slug));
    return !row || row.id === exceptId;
  }

  app.get(
    storePaths.adminProducts,
    {
      preValidation: admin,
      schema: {
        tags: ['store admin'],
        operationId: 'listAllProducts',
        summary: 'Every product, sold or not',
        security: secured,
        querystring: productListQuery,
        response: { 200: productPage, 401: errorResponse, 403: errorResponse },
      },
    },
    async (request) => {
      const { q, limit, cursor } = request.query;
      const page = await store.listProducts({
        q,
        limit,
        after: cursor ? decodeProductCursor(cursor) : undefined,
        includeInactive: true,
      });
      return {
        items: page.rows.map((row) => toProduct(row, money)),
        nextCursor: page.next ? encodeProductCursor(page.next) : null,
      };
    },
  );

  app.post(
    storePaths.adminProducts,
    {
      preValidation: admin,
      schema: {
        tags: ['store admin'],
        operationId: 'createProduct',
        summary: 'Add a product',
        security: secured,
        body: productInput,
        response: {
          201: product,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          409: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const input = request.body;
      if (!(await slugFree(input.slug))) throw slugTaken(input.slug);
      const id = await db.transaction(async (tx) => {
        const [made] = await tx
          .insert(products)
          .values({
            slug: input.slug,
            name: input.productName,
            description: input.description,
            priceMinor: input.price,
            stock: input.stock,
            active: input.active,
          })
          .returning({ id: products.id });
        if (!made) throw new Error('product insert returned nothing');
        await replaceShippings(tx as unknown as Database, made.id, input.shippings);
        return made.id;
      });
      audit(request, 'product.created', { productId: id, slug: input.slug });
      const row = await store.productById(id, true);
      return reply.code(201).send(toProduct(row!, money));
    },
  );

  app.put(
    storePaths.adminProduct,
    {
      preValidation: admin,
      schema: {
        tags: ['store admin'],
        operationId: 'updateProduct',
        summary:
          'Change a product: any of its fields, its stock, its shipping options; active=false stops selling it',
        description:
          'Fields left out stay as they are. shippings, when sent, replaces the list (options matched by method name).',
        security: secured,
        params: productParams,
        body: productPatch,
        response: {
          200: product,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
          409: errorResponse,
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const patch = request.body;
      if (!(await store.productById(id, true))) throw noSuchProduct();
      if (patch.slug && !(await slugFree(patch.slug, id))) throw slugTaken(patch.slug);
      await db.transaction(async (tx) => {
        const columns: Partial<typeof products.$inferInsert> = { updatedAt: new Date() };
        if (patch.slug !== undefined) columns.slug = patch.slug;
        if (patch.productName !== undefined) columns.name = patch.productName;
        if (patch.description !== undefined) columns.description = patch.description;
        if (patch.price !== undefined) columns.priceMinor = patch.price;
        if (patch.stock !== undefined) columns.stock = patch.stock;
        if (patch.active !== undefined) columns.active = patch.active;
        await tx.update(products).set(columns).where(eq(products.id, id));
        if (patch.shippings) await replaceShippings(tx as unknown as Database, id, patch.shippings);
      });
      audit(request, 'product.changed', { productId: id, fields: Object.keys(patch) });
      return toProduct((await store.productById(id, true))!, money);
    },
  );

  app.post(
    storePaths.adminProductImage,
    {
      preValidation: admin,
      bodyLimit: productImageRules.bytes + 64 * 1024,
      schema: {
        tags: ['store admin'],
        operationId: 'uploadProductImage',
        summary: 'Upload a product’s image (multipart field `file`)',
        description:
          'JPEG, PNG or WebP, at most 2 MB and 40 megapixels, each side at most 10,000 px and neither more than 20 times the other, checked by its content. The server re-encodes it as a WebP of at most 1200 x 900 px without metadata, under a name it makes, and removes the image it replaces. Answers the product.',
        security: secured,
        consumes: ['multipart/form-data'],
        params: productParams,
        response: {
          200: product,
          ...imageUploadErrors,
          403: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      // The upload is read first: answering before the body is consumed would cut the client off.
      const upload = await readImageUpload(request, productImageRules);
      if (!(await store.productById(id, true))) throw noSuchProduct();
      const image = await reencodeImage(upload, productImageRules);
      await images.put(image.name, image.content);
      const path = `${productImagePrefix}${image.name}`;
      const replaced = await store.setImage(id, path);
      if (!replaced) {
        await images.remove(image.name);
        throw noSuchProduct();
      }
      await removeImageFile(replaced.previous, request);
      audit(request, 'product.image_changed', {
        productId: id,
        image: path,
        previousImage: replaced.previous,
      });
      return toProduct((await store.productById(id, true))!, money);
    },
  );

  app.get(
    storePaths.adminOrders,
    {
      preValidation: admin,
      schema: {
        tags: ['store admin'],
        operationId: 'listAllOrders',
        summary: 'Orders of everyone, newest first: by status, payment, number or email',
        description:
          'At most 200, newest first. `needsAction` in the answer counts the orders waiting for the store across all orders, so a filtered list can still say how many wait.',
        security: secured,
        querystring: adminOrderQuery,
        response: {
          200: adminOrderList,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
        },
      },
    },
    async (request) => {
      const { status, payment, q, needsAction } = request.query;
      const [found, waiting] = await Promise.all([
        store.ordersOf(
          { status, payment, search: q || undefined, needsAction: needsAction === 'true' },
          200,
        ),
        store.countNeedingAction(),
      ]);
      return { items: found.map((stored) => toView(stored)), needsAction: waiting };
    },
  );

  app.post(
    storePaths.adminOrderStatus,
    {
      preValidation: admin,
      schema: {
        tags: ['store admin'],
        operationId: 'moveOrder',
        summary:
          'Move an order: placed → shipped → delivered, or placed → ready for pickup → collected; placed or ready → cancelled returns the stock',
        security: secured,
        params: z.object({ id: z.uuid({ error: 'must be an order id' }) }),
        body: orderStatusRequest,
        response: {
          200: order,
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
          409: errorResponse,
        },
      },
    },
    async (request) => {
      const moved = await checkout.move(
        request.params.id,
        request.body.status,
        currentUser(request).id,
      );
      audit(request, 'order.moved', { orderId: request.params.id, status: request.body.status });
      return toView(moved);
    },
  );

  app.post(
    storePaths.adminOrderConfirm,
    {
      preValidation: admin,
      schema: {
        tags: ['store admin'],
        operationId: 'confirmOrder',
        summary: 'Confirm an unpaid order, so that it keeps its stock',
        description:
          'An order paid on delivery or at pickup is held for STORE_UNCONFIRMED_ORDER_HOURS (48 unless set; releaseAt in the order): if by then it is neither paid nor confirmed, the server cancels it, returns its stock and mails the buyer. Confirming it (after a call to the buyer, say) keeps it until it is moved on or cancelled. Only a placed order, once: a cancelled, shipped or ready order, or one already confirmed, answers 409.',
        security: secured,
        params: z.object({ id: z.uuid({ error: 'must be an order id' }) }),
        response: {
          200: order,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
          409: errorResponse,
        },
      },
    },
    async (request) => {
      const confirmed = await checkout.confirm(request.params.id, currentUser(request).id);
      audit(request, 'order.confirmed', { orderId: request.params.id });
      return toView(confirmed);
    },
  );

  app.post(
    storePaths.adminOrderPayment,
    {
      preValidation: admin,
      schema: {
        tags: ['store admin'],
        operationId: 'recordOrderPayment',
        summary: 'Record the payment received for an order',
        description:
          'On delivery, at pickup, or earlier at the counter. The order is then paid, with who recorded it and when; cancelling it later records a refund. A cancelled order, or one already paid, answers 409.',
        security: secured,
        params: z.object({ id: z.uuid({ error: 'must be an order id' }) }),
        response: {
          200: order,
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
          409: errorResponse,
        },
      },
    },
    async (request) => {
      const paid = await checkout.recordPayment(request.params.id, currentUser(request).id);
      audit(request, 'order.paid', { orderId: request.params.id });
      return toView(paid);
    },
  );
};
