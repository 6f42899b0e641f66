import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { identityPaths } from '@vitalia/api/identity.contract';
import {
  orderTransitions,
  storePaths,
  type Order,
  type OrderStatus,
  type Product,
} from '@vitalia/api/store.contract';
import { fakeApi, type FakeRequest } from '../../../test/fake-api';
import { aProfile, signInAs } from '../../../test/identity-fixtures';
import { renderApp } from '../../../test/render-app';
import { aCatalogue, orderOf, quoteOf } from '../../../test/store-fixtures';
import type { Quote } from '@vitalia/api/store.contract';
import { orderReference } from '../utils/order-text';

const contact = {
  firstName: 'Ada',
  surname: 'Okafor',
  phone: '+234 803 555 0101',
  email: 'ada@example.com',
};

function anOrder(fulfilment: 'delivery' | 'pickup', status: OrderStatus = 'placed'): Order {
  const [oximeter] = aCatalogue();
  const request = {
    items: [
      {
        productID: oximeter!.productID,
        count: 1,
        shippingCostID: oximeter!.shippings[0]!.shippingCostID,
      },
    ],
    fulfilment,
    contact,
    ...(fulfilment === 'delivery'
      ? { delivery: { address: '14 Admiralty Way', city: 'Lagos', state: 'Lagos' } }
      : {}),
  };
  const quote = quoteOf(request, aCatalogue());
  if (quote === 'network-error') throw new Error('no quote');
  return orderOf(request, quote.body as Quote, { status });
}

/** Everyone's orders, moved as the contract allows, as the server would. */
function serveAdminOrders(initial: Order[]) {
  let orders = [...initial];
  const waiting = (each: Order) =>
    each.status === 'placed' ||
    (['delivered', 'collected'].includes(each.status) && each.payment.status === 'unpaid');
  fakeApi.on('GET', storePaths.adminOrders, (request: FakeRequest) => {
    const { status, payment, needsAction } = request.params;
    const q = typeof request.params.q === 'string' ? request.params.q : '';
    return {
      status: 200,
      body: {
        items: orders.filter(
          (each) =>
            (!status || each.status === status) &&
            (!payment || each.payment.status === payment) &&
            (!q ||
              each.contact.email.includes(q.toLowerCase()) ||
              orderReference(each.orderID).startsWith(q.replace(/^#/, '').toUpperCase())) &&
            (needsAction !== 'true' || waiting(each)),
        ),
        needsAction: orders.filter(waiting).length,
      },
    };
  });
  for (const order of initial) {
    fakeApi.on('POST', storePaths.adminOrderStatus.replace(':id', order.orderID), (request) => {
      const to = (request.body as { status: OrderStatus }).status;
      const current = orders.find((each) => each.orderID === order.orderID)!;
      if (!(orderTransitions[current.fulfilment][current.status] ?? []).includes(to)) {
        return { status: 409, body: { errors: [`This order cannot go to ${to}.`] } };
      }
      const moved = {
        ...current,
        status: to,
        history: [...current.history, { status: to, at: '2026-11-21T09:00:00.000Z' }],
      };
      orders = orders.map((each) => (each.orderID === order.orderID ? moved : each));
      return { status: 200, body: moved };
    });
  }
}

function orderCard(order: Order) {
  return screen.getByRole('listitem', { name: `Order ${orderReference(order.orderID)}` });
}

beforeEach(() => {
  fakeApi.on('GET', identityPaths.profile, { status: 200, body: aProfile() });
});

describe('the store’s back office', () => {
  it('turns away anyone who is not an administrator, asking the server nothing', async () => {
    signInAs('USER');
    renderApp('/store/admin/orders');

    expect(
      await screen.findByRole('heading', { name: 'This page is for the store’s administrators' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to the store' })).toHaveAttribute(
      'href',
      '/store',
    );
    expect(fakeApi.requestsTo('GET', storePaths.adminOrders)).toHaveLength(0);
  });

  it('offers each order the moves its road allows', async () => {
    signInAs('ADMIN');
    const delivery = anOrder('delivery');
    const pickup = anOrder('pickup');
    const shipped = anOrder('delivery', 'shipped');
    const collected = anOrder('pickup', 'collected');
    serveAdminOrders([delivery, pickup, shipped, collected]);
    renderApp('/store/admin/orders');

    await screen.findByRole('list', { name: 'Orders' });
    const buttonsOf = (order: Order) =>
      within(orderCard(order))
        .queryAllByRole('button')
        .map((button) => button.textContent);
    // Payment is recorded whenever it comes: on delivery, at pickup or earlier at the counter.
    expect(buttonsOf(delivery)).toEqual(['Payment received', 'Mark shipped', 'Cancel order']);
    expect(buttonsOf(pickup)).toEqual([
      'Payment received',
      'Mark ready for pickup',
      'Cancel order',
    ]);
    expect(buttonsOf(shipped)).toEqual(['Payment received', 'Mark delivered']);
    expect(buttonsOf(collected)).toEqual(['Payment received']);
  });

  it('shows the landmark and the second phone a buyer gave, beside the address and the first phone', async () => {
    signInAs('ADMIN');
    const plain = anOrder('delivery');
    const placed = anOrder('delivery');
    const detailed: Order = {
      ...placed,
      contact: { ...placed.contact, secondPhone: '+234 809 555 0202' },
      delivery: { ...placed.delivery!, landmark: 'opposite the First Bank' },
    };
    serveAdminOrders([detailed, plain]);
    renderApp('/store/admin/orders');

    await screen.findByRole('list', { name: 'Orders' });
    const card = orderCard(detailed);
    expect(
      within(card).getByText(/\+234 803 555 0101 or \+234 809 555 0202 · ada@example\.com/),
    ).toBeVisible();
    expect(within(card).getByText('14 Admiralty Way, Lagos, Lagos')).toBeVisible();
    expect(within(card).getByText('Landmark: opposite the First Bank')).toBeVisible();
    expect(within(orderCard(plain)).queryByText(/Landmark|\bor \+/)).toBeNull();
  });

  it('records a payment received, and the order then says when it was paid', async () => {
    signInAs('ADMIN');
    const collected = anOrder('pickup', 'collected');
    let current = collected;
    fakeApi.on('GET', storePaths.adminOrders, () => ({
      status: 200,
      body: { items: [current], needsAction: current.payment.status === 'unpaid' ? 1 : 0 },
    }));
    fakeApi.on('POST', storePaths.adminOrderPayment.replace(':id', collected.orderID), () => {
      current = {
        ...current,
        payment: { ...current.payment, status: 'paid', paidAt: '2026-11-24T10:30:00.000Z' },
      };
      return { status: 200, body: current };
    });
    renderApp('/store/admin/orders');
    const user = userEvent.setup();

    const card = await waitFor(() => orderCard(collected));
    expect(card).toHaveTextContent('Pay at pickup, not paid yet');
    await user.click(within(card).getByRole('button', { name: /^Payment received/ }));
    await waitFor(() => expect(orderCard(collected)).toHaveTextContent(/Paid 24 Nov 2026/));
    expect(within(orderCard(collected)).queryByRole('button')).toBeNull();
    // Paid, it no longer waits for the store.
    expect(screen.getByRole('button', { name: '0 need action' })).toBeVisible();
  });

  it('confirms an unpaid order so that it keeps its stock, and then shows it confirmed', async () => {
    signInAs('ADMIN');
    const held: Order = {
      ...anOrder('pickup'),
      releaseAt: '2026-11-22T10:30:00.000Z',
      confirmedAt: null,
      releasedAt: null,
    };
    let current = held;
    fakeApi.on('GET', storePaths.adminOrders, () => ({
      status: 200,
      body: { items: [current], needsAction: 1 },
    }));
    fakeApi.on('POST', storePaths.adminOrderConfirm.replace(':id', held.orderID), () => {
      current = { ...current, releaseAt: null, confirmedAt: '2026-11-20T11:00:00.000Z' };
      return { status: 200, body: current };
    });
    renderApp('/store/admin/orders');
    const user = userEvent.setup();

    const card = await waitFor(() => orderCard(held));
    expect(card).toHaveTextContent(/Unpaid: released 22 Nov 2026, \d\d:\d\d unless confirmed/);
    await user.click(
      within(card).getByRole('button', { name: `Confirm: order ${orderReference(held.orderID)}` }),
    );
    await waitFor(() => expect(orderCard(held)).toHaveTextContent(/Confirmed 20 Nov 2026/));
    expect(within(orderCard(held)).queryByRole('button', { name: /^Confirm/ })).toBeNull();
    expect(
      fakeApi.requestsTo('POST', storePaths.adminOrderConfirm.replace(':id', held.orderID)),
    ).toHaveLength(1);
  });

  it('moves an order along, and the list shows its new status', async () => {
    signInAs('ADMIN');
    const order = anOrder('delivery');
    serveAdminOrders([order]);
    renderApp('/store/admin/orders');
    const user = userEvent.setup();

    const card = await screen.findByRole('listitem', {
      name: `Order ${orderReference(order.orderID)}`,
    });
    expect(within(card).getByText('Placed')).toBeVisible();
    await user.click(
      within(card).getByRole('button', {
        name: `Mark shipped: order ${orderReference(order.orderID)}`,
      }),
    );

    await waitFor(() => expect(within(orderCard(order)).getByText('Shipped')).toBeVisible());
    const moves = fakeApi.requestsTo(
      'POST',
      storePaths.adminOrderStatus.replace(':id', order.orderID),
    );
    expect(moves.map((move) => move.body)).toEqual([{ status: 'shipped' }]);
    expect(within(orderCard(order)).getByRole('button', { name: /^Mark delivered/ })).toBeVisible();
  });

  it('cancels only after asking, and says why when the server refuses', async () => {
    signInAs('ADMIN');
    const order = anOrder('pickup');
    serveAdminOrders([order]);
    renderApp('/store/admin/orders');
    const user = userEvent.setup();
    const path = storePaths.adminOrderStatus.replace(':id', order.orderID);

    const card = await screen.findByRole('listitem', {
      name: `Order ${orderReference(order.orderID)}`,
    });
    await user.click(within(card).getByRole('button', { name: /^Cancel order/ }));
    const dialog = screen.getByRole('dialog', {
      name: `Cancel order ${orderReference(order.orderID)}?`,
    });
    expect(dialog).toHaveTextContent('go back into stock');
    await user.click(within(dialog).getByRole('button', { name: 'Keep the order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fakeApi.requestsTo('POST', path)).toHaveLength(0);

    fakeApi.on('POST', path, {
      status: 409,
      body: { errors: ['This order is collected and cannot change any more.'] },
    });
    await user.click(within(card).getByRole('button', { name: /^Cancel order/ }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel the order' }),
    );

    await waitFor(() =>
      expect(
        within(orderCard(order)).getByText('This order is collected and cannot change any more.'),
      ).toBeVisible(),
    );
    expect(fakeApi.requestsTo('POST', path).map((move) => move.body)).toEqual([
      { status: 'cancelled' },
    ]);
  });

  it('filters the orders by status through the address', async () => {
    signInAs('ADMIN');
    const placed = anOrder('delivery');
    const shipped = anOrder('delivery', 'shipped');
    serveAdminOrders([placed, shipped]);
    const app = renderApp('/store/admin/orders');
    const user = userEvent.setup();

    const list = await screen.findByRole('list', { name: 'Orders' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await user.click(screen.getByRole('combobox', { name: /Status/ }));
    await user.click(screen.getByRole('option', { name: 'Shipped' }));

    await waitFor(() => expect(app.currentUrl()).toBe('/store/admin/orders?status=shipped'));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Orders' })).getAllByRole('listitem'),
      ).toHaveLength(1),
    );
    expect(fakeApi.requestsTo('GET', storePaths.adminOrders).at(-1)?.params).toEqual({
      status: 'shipped',
    });
  });

  it('finds an order by its number, narrows by payment, and shows what needs action', async () => {
    signInAs('ADMIN');
    const placed = anOrder('delivery');
    const shipped = anOrder('delivery', 'shipped');
    const collectedPaid = anOrder('pickup', 'collected');
    collectedPaid.payment = { ...collectedPaid.payment, status: 'paid' };
    serveAdminOrders([placed, shipped, collectedPaid]);
    const app = renderApp('/store/admin/orders');
    const user = userEvent.setup();

    const list = await screen.findByRole('list', { name: 'Orders' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    const search = screen.getByRole('search', { name: 'Find orders' });
    // Only the placed order waits for the store.
    const needsAction = within(search).getByRole('button', { name: '1 needs action' });
    expect(needsAction).toHaveAttribute('aria-pressed', 'false');

    await user.type(
      within(search).getByRole('textbox', { name: 'Order number or email' }),
      `#${orderReference(shipped.orderID)}`,
    );
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Orders' })).getAllByRole('listitem'),
      ).toHaveLength(1),
    );
    expect(screen.getByRole('list', { name: 'Orders' })).toHaveTextContent(
      `Order ${orderReference(shipped.orderID)}`,
    );
    expect(app.currentUrl()).toBe(
      `/store/admin/orders?q=${encodeURIComponent(`#${orderReference(shipped.orderID)}`)}`,
    );

    await user.clear(within(search).getByRole('textbox', { name: 'Order number or email' }));
    await user.click(within(search).getByRole('combobox', { name: /Payment/ }));
    await user.click(screen.getByRole('option', { name: 'Paid' }));
    await waitFor(() =>
      expect(fakeApi.requestsTo('GET', storePaths.adminOrders).at(-1)?.params).toEqual({
        payment: 'paid',
      }),
    );
    await waitFor(() =>
      expect(screen.getByRole('list', { name: 'Orders' })).toHaveTextContent(
        `Order ${orderReference(collectedPaid.orderID)}`,
      ),
    );
    expect(
      within(screen.getByRole('list', { name: 'Orders' })).getAllByRole('listitem'),
    ).toHaveLength(1);

    await user.click(needsAction);
    expect(await screen.findByText('No orders match these filters.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Show all orders' }));
    await waitFor(() => expect(app.currentUrl()).toBe('/store/admin/orders'));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Orders' })).getAllByRole('listitem'),
      ).toHaveLength(3),
    );
  });
});

describe('the back office’s products', () => {
  it('adds a product, sending prices in kobo', async () => {
    signInAs('ADMIN');
    const catalogue = aCatalogue();
    fakeApi.on('GET', storePaths.adminProducts, {
      status: 200,
      body: { items: catalogue, nextCursor: null },
    });
    fakeApi.on('POST', storePaths.adminProducts, (request) => ({
      status: 201,
      body: { ...catalogue[0], productName: (request.body as { productName: string }).productName },
    }));
    renderApp('/store/admin/products');
    const user = userEvent.setup();

    await screen.findByRole('table', { name: 'Products' });
    await user.click(screen.getByRole('button', { name: 'New product' }));
    const dialog = screen.getByRole('dialog', { name: 'New product' });
    await user.type(within(dialog).getByLabelText('Name'), 'Home ECG monitor');
    expect(within(dialog).getByLabelText('Slug')).toHaveValue('home-ecg-monitor');
    // Filled from the name, its label sits above the text rather than over it.
    expect(within(dialog).getByText('Slug', { selector: 'label' })).toHaveAttribute(
      'data-shrink',
      'true',
    );
    await user.type(within(dialog).getByLabelText('Description'), 'Records a single-lead ECG.');
    await user.type(within(dialog).getByLabelText('Price'), '85,000.5');
    await user.clear(within(dialog).getByLabelText('In stock'));
    await user.type(within(dialog).getByLabelText('In stock'), '12');
    await user.type(within(dialog).getByLabelText('Cost'), '2500');
    await user.click(within(dialog).getByRole('button', { name: 'Add product' }));

    expect(await screen.findByText('Home ECG monitor is saved.')).toBeVisible();
    expect(fakeApi.requestsTo('POST', storePaths.adminProducts)[0]?.body).toEqual({
      slug: 'home-ecg-monitor',
      productName: 'Home ECG monitor',
      description: 'Records a single-lead ECG.',
      price: 8_500_050,
      stock: 12,
      active: true,
      shippings: [{ shippingMethod: 'Standard delivery', cost: 250_000, deliveryTimeDays: 5 }],
    });
  });

  it('retires a product and changes its price', async () => {
    signInAs('ADMIN');
    const catalogue = aCatalogue();
    const peakFlow = catalogue[3]!;
    fakeApi.on('GET', storePaths.adminProducts, {
      status: 200,
      body: { items: catalogue, nextCursor: null },
    });
    const path = storePaths.adminProduct.replace(':id', peakFlow.productID);
    fakeApi.on('PUT', path, { status: 200, body: { ...peakFlow, active: false } });
    renderApp('/store/admin/products');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Edit Peak flow meter' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Peak flow meter' });
    expect(within(dialog).getByLabelText('Price')).toHaveValue('19500');
    await user.clear(within(dialog).getByLabelText('Price'));
    await user.type(within(dialog).getByLabelText('Price'), '21000');
    await user.click(within(dialog).getByRole('switch', { name: 'On sale' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    await screen.findByText('Peak flow meter is saved.');
    expect(fakeApi.requestsTo('PUT', path)[0]?.body).toMatchObject({
      price: 2_100_000,
      active: false,
      stock: 18,
      shippings: [
        { shippingMethod: 'Standard delivery', cost: 250_000, deliveryTimeDays: 5 },
        { shippingMethod: 'Express delivery', cost: 500_000, deliveryTimeDays: 2 },
      ],
    });
  });
});

describe('the back office’s product pictures', () => {
  // jsdom has no object URLs; these stand in, numbered so a test can tell previews apart.
  beforeEach(() => {
    let next = 0;
    Object.assign(URL, {
      createObjectURL: vi.fn(() => `blob:preview-${(next += 1)}`),
      revokeObjectURL: vi.fn(),
    });
  });
  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  const newID = '0f9a3c1e-9999-4a99-8a99-000000000009';
  const uploadedImage = '/uploads/products/3d1c1b2a-5f6e-4d7c-8b9a-0a1b2c3d4e5f.webp';
  const imagePath = storePaths.adminProductImage.replace(':id', newID);
  const photo = () => new File(['png bytes'], 'ecg.png', { type: 'image/png' });

  /** The back office's list and a product added to it, as the server would keep them. */
  function serveProducts() {
    const items: Product[] = aCatalogue();
    fakeApi.on('GET', storePaths.adminProducts, () => ({
      status: 200,
      body: { items, nextCursor: null },
    }));
    const add = (request: FakeRequest) => {
      const { slug, productName } = request.body as Pick<Product, 'slug' | 'productName'>;
      const made: Product = {
        ...items[0]!,
        slug,
        productName,
        productID: newID,
        productImage: null,
      };
      items.push(made);
      return { status: 201, body: made };
    };
    fakeApi.on('POST', storePaths.adminProducts, add);
    fakeApi.on('PUT', storePaths.adminProduct.replace(':id', newID), () => ({
      status: 200,
      body: items.find((each) => each.productID === newID),
    }));
    const acceptImage = () => {
      const index = items.findIndex((each) => each.productID === newID);
      items[index] = { ...items[index]!, productImage: uploadedImage };
      return { status: 200, body: items[index] };
    };
    return { acceptImage };
  }

  async function fillNewProduct(user: ReturnType<typeof userEvent.setup>) {
    await screen.findByRole('table', { name: 'Products' });
    await user.click(screen.getByRole('button', { name: 'New product' }));
    const dialog = screen.getByRole('dialog', { name: 'New product' });
    await user.type(within(dialog).getByLabelText('Name'), 'Home ECG monitor');
    await user.type(within(dialog).getByLabelText('Description'), 'Records a single-lead ECG.');
    await user.type(within(dialog).getByLabelText('Price'), '85000');
    await user.type(within(dialog).getByLabelText('Cost'), '2500');
    return dialog;
  }

  /** The row's picture: decorative beside the product's name, so it has no accessible name. */
  const pictureIn = (row: HTMLElement) => row.querySelector('img')?.getAttribute('src');

  it('previews the chosen picture, uploads it once the product is added, and lists it', async () => {
    signInAs('ADMIN');
    const { acceptImage } = serveProducts();
    fakeApi.on('POST', imagePath, acceptImage);
    renderApp('/store/admin/products');
    const user = userEvent.setup();

    const dialog = await fillNewProduct(user);
    const input = within(dialog).getByLabelText('Picture file');
    const opened = vi.fn();
    input.addEventListener('click', opened);
    await user.click(within(dialog).getByRole('button', { name: 'Choose a picture' }));
    expect(opened).toHaveBeenCalledOnce();
    await user.upload(input, photo());
    expect(within(dialog).getByRole('img', { name: 'Preview of the new picture' })).toHaveAttribute(
      'src',
      'blob:preview-1',
    );
    expect(within(dialog).getByText('ecg.png')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Add product' }));

    expect(await screen.findByText('Home ECG monitor is saved.')).toBeVisible();
    const calls = fakeApi.requests
      .filter((request) => request.method === 'POST')
      .map((request) => request.path);
    expect(calls).toEqual([storePaths.adminProducts, imagePath]);
    const sent = fakeApi.requestsTo('POST', imagePath)[0]?.body;
    expect(sent).toBeInstanceOf(FormData);
    expect((sent as FormData).get('file')).toMatchObject({ name: 'ecg.png', type: 'image/png' });
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');
    await waitFor(() =>
      expect(pictureIn(screen.getByRole('row', { name: /Home ECG monitor/ }))).toBe(uploadedImage),
    );
  });

  it('adds a product without a picture when none is chosen', async () => {
    signInAs('ADMIN');
    serveProducts();
    renderApp('/store/admin/products');
    const user = userEvent.setup();

    const dialog = await fillNewProduct(user);
    await user.click(within(dialog).getByRole('button', { name: 'Add product' }));

    expect(await screen.findByText('Home ECG monitor is saved.')).toBeVisible();
    expect(fakeApi.requestsTo('POST', imagePath)).toEqual([]);
  });

  it('refuses a file over 2 MB before sending anything', async () => {
    signInAs('ADMIN');
    serveProducts();
    renderApp('/store/admin/products');
    const user = userEvent.setup();
    const large = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', {
      type: 'image/png',
    });

    const dialog = await fillNewProduct(user);
    await user.upload(within(dialog).getByLabelText('Picture file'), large);

    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Choose a picture of 2 MB or less.',
    );
    expect(within(dialog).queryByRole('img', { name: 'Preview of the new picture' })).toBeNull();
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  });

  it('keeps the dialog open when the server refuses the picture, and saving again does not add the product twice', async () => {
    signInAs('ADMIN');
    const { acceptImage } = serveProducts();
    fakeApi.on('POST', imagePath, {
      status: 415,
      body: { errors: ['Product image: must be a JPEG, PNG or WebP image.'] },
    });
    renderApp('/store/admin/products');
    const user = userEvent.setup();

    const dialog = await fillNewProduct(user);
    await user.upload(within(dialog).getByLabelText('Picture file'), photo());
    await user.click(within(dialog).getByRole('button', { name: 'Add product' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Home ECG monitor is saved, but not its picture: Product image: must be a JPEG, PNG or WebP image.',
    );
    // The product exists now: the dialog edits it, and the chosen picture stays.
    expect(screen.getByRole('dialog', { name: 'Edit Home ECG monitor' })).toBe(dialog);
    expect(within(dialog).getByRole('img', { name: 'Preview of the new picture' })).toBeVisible();

    fakeApi.on('POST', imagePath, acceptImage);
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Home ECG monitor is saved.')).toBeVisible();
    expect(fakeApi.requestsTo('POST', storePaths.adminProducts)).toHaveLength(1);
    expect(fakeApi.requestsTo('PUT', storePaths.adminProduct.replace(':id', newID))).toHaveLength(
      1,
    );
    expect(fakeApi.requestsTo('POST', imagePath)).toHaveLength(2);
  });

  it('shows the current picture when editing a product', async () => {
    signInAs('ADMIN');
    serveProducts();
    renderApp('/store/admin/products');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Edit Peak flow meter' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Peak flow meter' });
    expect(within(dialog).getByRole('img', { name: 'The current picture' })).toHaveAttribute(
      'src',
      '/store/peak-flow-meter.svg',
    );
    expect(within(dialog).getByRole('button', { name: 'Choose another picture' })).toBeVisible();
  });
});
