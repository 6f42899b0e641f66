// Rows a valid request needs to aim at (a reading, an article, a product, an order, an upload, a
// doctor's patient), made through the valid share's own hints when the run has none yet.
import { sharedPatient } from './hints-sharing.ts';
import type { RowKind, Run, SetupAnswer } from './valid-plan.ts';
import { hintFor } from './valid-requests.ts';

/** Makes a row of this kind unless the run has one already (or always, for orders). */
export async function makeRow(run: Run, kind: RowKind): Promise<void> {
  const { rows } = run;
  const made = async (
    operation: string,
    status: number,
    answer: Promise<SetupAnswer>,
  ): Promise<void> => {
    const { status: got, body } = await answer;
    if (got !== status) {
      throw new Error(`making a ${kind} for the run: ${got} ${JSON.stringify(body)}`);
    }
    hintFor(operation).remember?.(body, rows);
  };
  const slug = `fuzz-row-${process.pid}-${Date.now()}-${run.next()}`;
  switch (kind) {
    case 'reading':
      if (rows.readings.size > 0) return;
      return made(
        'POST /api/v1/records/health',
        201,
        run.call('POST', '/api/v1/records/health', {
          token: run.user.token,
          body: { Tag: 'Systolic', TagValue: 120, MinTagValue: 80 },
        }),
      );
    case 'article':
      if (rows.articles.length > 0) return;
      return made(
        'POST /api/v1/education/admin/articles',
        201,
        run.call('POST', '/api/v1/education/admin/articles', {
          token: run.admin.token,
          body: {
            slug,
            title: 'A fuzzed article',
            summary: 'An article the fuzzer made to aim at.',
            body: 'Some text.',
            tags: ['pulse'],
            sources: [],
          },
        }),
      );
    case 'published': {
      if (rows.published.size > 0) return;
      await run.need('article');
      const id = rows.articles[0]!;
      return made(
        'POST /api/v1/education/admin/articles/{id}/publish',
        200,
        run.call('POST', `/api/v1/education/admin/articles/${id}/publish`, {
          token: run.admin.token,
        }),
      );
    }
    case 'product':
      if (rows.products.length > 0) return;
      return made(
        'POST /api/v1/store/admin/products',
        201,
        run.call('POST', '/api/v1/store/admin/products', {
          token: run.admin.token,
          body: {
            slug,
            productName: 'A fuzzed product',
            description: 'A product the fuzzer made to aim at.',
            price: 1500,
            stock: 1_000_000,
            active: true,
            shippings: [{ shippingMethod: 'Courier', cost: 500, deliveryTimeDays: 2 }],
          },
        }),
      );
    case 'order': {
      await run.need('product');
      const product = rows.products[0]!;
      // A new account's: the run's user sends hostile orders too, which may use up its hour.
      const buyer = await run.fresh();
      await run.confirmAddress(buyer.username);
      return made(
        'POST /api/v1/store/orders',
        201,
        run.call('POST', '/api/v1/store/orders', {
          token: buyer.token,
          headers: { 'idempotency-key': `fuzz-order-${slug}` },
          body: {
            items: [{ productID: product.id, count: 1 }],
            fulfilment: 'pickup',
            contact: {
              firstName: 'Fuzz',
              surname: 'Order',
              phone: '+234 800 000 0000',
              email: 'fuzz.order@example.com',
            },
          },
        }),
      );
    }
    case 'avatar': {
      if (rows.avatars.length > 0) return;
      const account = await run.fresh();
      return made(
        'POST /api/v1/identity/profile/picture',
        200,
        run.call('POST', '/api/v1/identity/profile/picture', {
          token: account.token,
          upload: true,
        }),
      );
    }
    case 'cover': {
      if (rows.covers.size > 0) return;
      await run.need('article');
      return made(
        'POST /api/v1/education/admin/articles/{id}/cover',
        200,
        run.call('POST', `/api/v1/education/admin/articles/${rows.articles[0]!}/cover`, {
          token: (await run.freshAdmin()).token,
          upload: true,
        }),
      );
    }
    case 'productImage': {
      if (rows.productImages.size > 0) return;
      await run.need('product');
      return made(
        'POST /api/v1/store/admin/products/{id}/image',
        200,
        run.call('POST', `/api/v1/store/admin/products/${rows.products[0]!.id}/image`, {
          token: (await run.freshAdmin()).token,
          upload: true,
        }),
      );
    }
    case 'patient':
      if (rows.patients.length > 0) return;
      rows.patients.push(await sharedPatient(run));
      return;
  }
}
