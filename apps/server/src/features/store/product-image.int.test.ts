import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/identity.table.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  call,
  confirmedAccount,
  signedInAccount,
  type SignedInAccount,
} from '../../test/test-calls.ts';

interface ProductBody {
  productID: string;
  productName: string;
  productImage: string | null;
}

interface OrderBody {
  orderID: string;
  lines: Array<{ productID: string; productImage: string | null }>;
}

const ADMIN = '/api/v1/store/admin/products';

let server: TestApp;
let admin: SignedInAccount;
let buyer: SignedInAccount;

beforeAll(async () => {
  server = await createTestApp({ trustProxy: true });
  admin = await signedInAccount(server);
  await server.app.database.db
    .update(users)
    .set({ role: 'ADMIN' })
    .where(eq(users.id, admin.userId));
  buyer = await confirmedAccount(server);
});
afterAll(() => server.close());

async function newProduct(name = `Test product ${crypto.randomUUID().slice(0, 8)}`) {
  const made = await call<ProductBody>(server, 'POST', ADMIN, {
    token: admin.token,
    body: {
      slug: name.toLowerCase().replaceAll(' ', '-'),
      productName: name,
      description: 'A product made for a test.',
      price: 500_000,
      stock: 10,
      active: true,
      shippings: [{ shippingMethod: 'Standard delivery', cost: 250_000, deliveryTimeDays: 5 }],
    },
  });
  expect(made.status).toBe(201);
  expect(made.body.productImage).toBeNull();
  return made.body;
}

/** A PNG with a comment in it, as some editors write them. */
function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 60 } } })
    .png()
    .withMetadata({ exif: { IFD0: { Make: 'SecretCam' } } })
    .toBuffer();
}

function uploadImage(
  id: string,
  content: Buffer,
  { name = 'product.png', type = 'image/png', token = admin.token } = {},
) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)], { type }), name);
  return server.request(`${ADMIN}/${id}/image`, {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  });
}

function auditEvents(): Array<Record<string, unknown>> {
  return server.logs.flatMap((line) => (line.audit ? [line.audit as Record<string, unknown>] : []));
}

describe('product images', () => {
  it('re-encodes an upload as a WebP of at most 1200 x 900 px, served under a server-made name, and replaces the old one', async () => {
    const made = await newProduct();
    const response = await uploadImage(made.productID, await png(2400, 1200), {
      name: '../../etc/passwd.png',
    });
    expect(response.status).toBe(200);
    const saved = (await response.json()) as ProductBody;
    expect(saved).toMatchObject({ productID: made.productID, productName: made.productName });
    expect(saved.productImage).toMatch(/^\/uploads\/products\/[0-9a-f-]{36}\.webp$/);

    const served = await server.request(saved.productImage ?? '');
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const bytes = Buffer.from(await served.arrayBuffer());
    const metadata = await sharp(bytes).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 1200, height: 600 });
    expect(metadata.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('SecretCam'))).toBe(false);

    // The shop window and the back office show it too.
    const shown = await call<ProductBody>(
      server,
      'GET',
      `/api/v1/store/products/${made.productID}`,
    );
    expect(shown.body.productImage).toBe(saved.productImage);

    // A second upload replaces the first, whose file is then gone.
    const second = (await (
      await uploadImage(made.productID, await png(300, 200))
    ).json()) as ProductBody;
    expect(second.productImage).toMatch(/^\/uploads\/products\/[0-9a-f-]{36}\.webp$/);
    expect(second.productImage).not.toBe(saved.productImage);
    expect((await server.request(saved.productImage ?? '')).status).toBe(404);
    const small = await sharp(
      Buffer.from(await (await server.request(second.productImage ?? '')).arrayBuffer()),
    ).metadata();
    expect([small.width, small.height]).toEqual([300, 200]);

    expect(auditEvents().filter((event) => event.event === 'product.image_changed')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          by: admin.userId,
          productId: made.productID,
          image: second.productImage,
          previousImage: saved.productImage,
        }),
      ]),
    );
  });

  it('refuses a text file named .png with 415, by its content, and keeps the image', async () => {
    const made = await newProduct();
    const response = await uploadImage(made.productID, Buffer.from('just some text, honestly'));
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({
      errors: ['Product image: must be a JPEG, PNG or WebP image.'],
      details: [
        {
          code: 'UNSUPPORTED_PICTURE',
          message: 'Product image: must be a JPEG, PNG or WebP image.',
        },
      ],
    });
    const after = await call<ProductBody>(
      server,
      'GET',
      `/api/v1/store/products/${made.productID}`,
    );
    expect(after.body.productImage).toBeNull();
  });

  it('refuses a file over 2 MB with 413', async () => {
    const made = await newProduct();
    const big = Buffer.concat([await png(64, 64), Buffer.alloc(2 * 1024 * 1024 + 10, 1)]);
    const response = await uploadImage(made.productID, big);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      errors: ['Product image: must be at most 2 MB.'],
      details: [{ code: 'PICTURE_TOO_LARGE', message: 'Product image: must be at most 2 MB.' }],
    });
  });

  it('says how to send it when the body is not multipart', async () => {
    const made = await newProduct();
    const json = await call(server, 'POST', `${ADMIN}/${made.productID}/image`, {
      token: admin.token,
      body: { file: 'data:image/png;base64,AAAA' },
    });
    expect(json.status).toBe(415);
    expect(json.body.errors).toEqual([
      'Product image: send it as multipart/form-data, in a field named file.',
    ]);
  });

  it('is for administrators only: 403 to anyone else, 401 without a session', async () => {
    const made = await newProduct();
    const refused = await uploadImage(made.productID, await png(40, 30), { token: buyer.token });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      errors: ['Your account is not allowed to do this.'],
      details: [{ code: 'FORBIDDEN', message: 'Your account is not allowed to do this.' }],
    });
    const stranger = await uploadImage(made.productID, await png(40, 30), { token: '' });
    expect(stranger.status).toBe(401);
    const after = await call<ProductBody>(
      server,
      'GET',
      `/api/v1/store/products/${made.productID}`,
    );
    expect(after.body.productImage).toBeNull();
  });

  it('answers 404 for a product that does not exist, and 400 for a malformed id', async () => {
    const missing = await uploadImage(crypto.randomUUID(), await png(40, 30));
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({
      errors: ['There is no such product.'],
      details: [{ code: 'NOT_FOUND', message: 'There is no such product.' }],
    });
    const malformed = await uploadImage('not-an-id', await png(40, 30));
    expect(malformed.status).toBe(400);
  });

  it('is not served for a name that tries to leave the folder', async () => {
    expect((await server.request('/uploads/products/..%2F..%2Fsecrets.json')).status).toBe(404);
  });
});

describe('order lines', () => {
  it("carry the product's current image, or null when it has none", async () => {
    const pictured = await newProduct('Pictured product');
    const plain = await newProduct('Plain product');
    const placed = await call<OrderBody>(server, 'POST', '/api/v1/store/orders', {
      token: buyer.token,
      headers: { 'idempotency-key': crypto.randomUUID() },
      body: {
        fulfilment: 'pickup',
        items: [
          { productID: pictured.productID, count: 1 },
          { productID: plain.productID, count: 2 },
        ],
        contact: {
          firstName: 'Ngozi',
          surname: 'Adeyemi',
          phone: '+234 803 555 0101',
          email: 'ngozi@example.com',
        },
      },
    });
    expect(placed.status).toBe(201);
    const imageOf = (order: OrderBody, id: string) =>
      order.lines.find((line) => line.productID === id)?.productImage;
    expect(imageOf(placed.body, pictured.productID)).toBeNull();

    const uploaded = (await (
      await uploadImage(pictured.productID, await png(80, 60))
    ).json()) as ProductBody;
    const mine = await call<OrderBody>(
      server,
      'GET',
      `/api/v1/store/orders/${placed.body.orderID}`,
      {
        token: buyer.token,
      },
    );
    expect(imageOf(mine.body, pictured.productID)).toBe(uploaded.productImage);
    expect(imageOf(mine.body, plain.productID)).toBeNull();
    const everyone = await call<{ items: OrderBody[] }>(
      server,
      'GET',
      '/api/v1/store/admin/orders',
      {
        token: admin.token,
      },
    );
    const seen = everyone.body.items.find((order) => order.orderID === placed.body.orderID)!;
    expect(imageOf(seen, pictured.productID)).toBe(uploaded.productImage);
  });
});
