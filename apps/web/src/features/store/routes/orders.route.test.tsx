import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { identityPaths } from '@vitalia/api/identity.contract';
import { storePaths, type Order, type Quote } from '@vitalia/api/store.contract';
import { fakeApi } from '../../../test/fake-api';
import { aProfile, signInAs } from '../../../test/identity-fixtures';
import { renderApp } from '../../../test/render-app';
import { aCatalogue, orderOf, quoteOf, testPickupPlace } from '../../../test/store-fixtures';
import { orderReference } from '../utils/order-text';

function shippedOrder(): Order {
  const [oximeter] = aCatalogue();
  const request = {
    items: [
      {
        productID: oximeter!.productID,
        count: 2,
        shippingCostID: oximeter!.shippings[1]!.shippingCostID,
      },
    ],
    fulfilment: 'delivery' as const,
    contact: { firstName: 'Ada', surname: 'Okafor', phone: '+234 803 555 0101', email: 'a@b.ng' },
    delivery: { address: '14 Admiralty Way', city: 'Lekki', state: 'Lagos' },
  };
  const quote = quoteOf(request, aCatalogue());
  if (quote === 'network-error') throw new Error('no quote');
  return orderOf(request, quote.body as Quote, {
    status: 'shipped',
    history: [
      { status: 'placed', at: '2026-11-20T10:30:00.000Z' },
      { status: 'shipped', at: '2026-11-21T08:15:00.000Z' },
    ],
  });
}

beforeEach(() => {
  signInAs();
  fakeApi.on('GET', identityPaths.profile, { status: 200, body: aProfile() });
});

/**
 * A description list as a person reads it: each term's lines (a label, and a detail under it)
 * with the value beside it.
 */
function described(container: HTMLElement): Array<{ term: string[]; value: string }> {
  const terms = within(container).getAllByRole('term');
  const values = within(container).getAllByRole('definition');
  expect(values).toHaveLength(terms.length);
  return terms.map((term, index) => ({
    term:
      term.children.length > 0
        ? [...term.children].map((line) => line.textContent ?? '')
        : [term.textContent ?? ''],
    value: values[index]!.textContent ?? '',
  }));
}

describe('your orders', () => {
  it('lists each order with its status, and opens one with the steps it has taken', async () => {
    const order = shippedOrder();
    const reference = orderReference(order.orderID);
    fakeApi.on('GET', storePaths.orders, { status: 200, body: { items: [order] } });
    fakeApi.on('GET', storePaths.order.replace(':id', order.orderID), { status: 200, body: order });
    const app = renderApp('/store/orders');
    const user = userEvent.setup();

    const list = await screen.findByRole('list', { name: 'Your orders' });
    const item = within(list).getByRole('listitem', { name: `Order ${reference}` });
    expect(within(item).getByRole('heading', { name: `Order ${reference}` })).toBeVisible();
    expect(within(item).getByText('Shipped', { selector: '.MuiChip-label' })).toBeVisible();
    expect(within(item).getByText(/ · Fingertip pulse oximeter × 2$/)).toBeVisible();
    // When it was shipped, on a line of its own.
    expect(within(item).getByText(/^21 Nov 2026/)).toBeVisible();
    expect(within(item).getByText('Delivery')).toBeVisible();
    expect(within(item).getByText(order.formattedTotal)).toBeVisible();

    await user.click(within(item).getByRole('link', { name: `Order ${reference}` }));

    const details = await screen.findByRole('region', { name: `Order ${reference}` });
    expect(app.currentUrl()).toBe(`/store/orders/${order.orderID}`);
    const steps = within(details).getByRole('list', { name: 'Progress of the order' });
    const [placed, shipped, delivered, ...more] = within(steps).getAllByRole('listitem');
    expect(more).toEqual([]);
    expect(within(placed!).getByText('Placed')).toBeVisible();
    expect(within(placed!).getByText(/^20 Nov 2026/)).toBeVisible();
    expect(within(shipped!).getByText('Shipped')).toBeVisible();
    expect(within(shipped!).getByText(/^21 Nov 2026/)).toBeVisible();
    expect(within(delivered!).getByText('Delivered')).toBeVisible();
    expect(within(delivered!).getByText('Not yet')).toBeVisible();
    expect(
      within(details).getByText(
        `Your order is on its way. You pay ${order.formattedTotal} when it arrives.`,
      ),
    ).toBeVisible();
    expect(within(details).getByText('Fingertip pulse oximeter')).toBeVisible();
    expect(within(details).getByText('2 × ₦18,500.00 · Express delivery')).toBeVisible();
    // Products, the delivery and VAT each on a line of their own, as the server charged them.
    const price = within(details).getByRole('group', { name: 'Price' });
    expect(described(price)).toEqual([
      { term: ['Products', '2 items'], value: order.formattedProductsAmount },
      { term: ['Express delivery', '2 days'], value: order.deliveries[0]!.costFormatted },
      { term: ['VAT (7.5%)'], value: order.formattedVat },
      { term: ['Total'], value: order.formattedTotal },
    ]);
    // Straight from an order link, not from checkout: no thank-you banner.
    expect(screen.queryByText('Thank you, your order is placed')).not.toBeInTheDocument();
    const delivery = screen.getByRole('region', { name: 'Delivery' });
    expect(described(delivery)).toEqual([
      { term: ['Name'], value: 'Ada Okafor' },
      { term: ['Phone'], value: '+234 803 555 0101' },
      { term: ['Email'], value: 'a@b.ng' },
      { term: ['Address'], value: '14 Admiralty Way, Lekki, Lagos' },
      { term: ['Payment'], value: 'Pay on delivery, not paid yet' },
    ]);
  });

  it('shows when a delivery is expected, the landmark and the second phone', async () => {
    const shipped = shippedOrder();
    const order: Order = {
      ...shipped,
      contact: { ...shipped.contact, secondPhone: '+234 809 555 0202' },
      delivery: { ...shipped.delivery!, landmark: 'opposite the First Bank' },
      // Placed at noon on Friday 20 November; express takes 2 days.
      createdAt: new Date(2026, 10, 20, 12, 0).toISOString(),
    };
    fakeApi.on('GET', storePaths.order.replace(':id', order.orderID), { status: 200, body: order });
    renderApp(`/store/orders/${order.orderID}`);

    const details = await screen.findByRole('region', {
      name: `Order ${orderReference(order.orderID)}`,
    });
    expect(within(details).getByText('Expected by Sun 22 Nov')).toBeVisible();
    const delivery = screen.getByRole('region', { name: 'Delivery' });
    expect(described(delivery)).toEqual([
      { term: ['Name'], value: 'Ada Okafor' },
      { term: ['Phone'], value: '+234 803 555 0101' },
      { term: ['Second phone'], value: '+234 809 555 0202' },
      { term: ['Email'], value: 'a@b.ng' },
      { term: ['Address'], value: '14 Admiralty Way, Lekki, Lagos' },
      { term: ['Landmark'], value: 'opposite the First Bank' },
      { term: ['Payment'], value: 'Pay on delivery, not paid yet' },
    ]);
  });

  it('says no expected day once the order is delivered', async () => {
    const delivered: Order = { ...shippedOrder(), status: 'delivered' };
    fakeApi.on('GET', storePaths.order.replace(':id', delivered.orderID), {
      status: 200,
      body: delivered,
    });
    renderApp(`/store/orders/${delivered.orderID}`);
    await screen.findByRole('region', { name: `Order ${orderReference(delivered.orderID)}` });
    expect(screen.queryByText(/^Expected by/)).toBeNull();
  });

  it('names the place and hours where a pickup order is collected', async () => {
    const [oximeter] = aCatalogue();
    const request = {
      items: [{ productID: oximeter!.productID, count: 1 }],
      fulfilment: 'pickup' as const,
      contact: { firstName: 'Ada', surname: 'Okafor', phone: '+234 803 555 0101', email: 'a@b.ng' },
    };
    const quote = quoteOf(request, aCatalogue());
    if (quote === 'network-error') throw new Error('no quote');
    const order = orderOf(request, quote.body as Quote);
    fakeApi.on('GET', storePaths.order.replace(':id', order.orderID), { status: 200, body: order });
    fakeApi.on('GET', storePaths.pickup, { status: 200, body: testPickupPlace });
    renderApp(`/store/orders/${order.orderID}`);
    const pickup = await screen.findByRole('region', { name: 'Pickup' });
    expect(
      await within(pickup).findByText(
        'At 14 Admiralty Way, Lekki Phase 1, Lagos (Monday to Saturday, 09:00 to 18:00), when we tell you it is ready',
      ),
    ).toBeVisible();
  });

  it('says by when an unpaid order must be paid or confirmed', async () => {
    const [oximeter] = aCatalogue();
    const request = {
      items: [{ productID: oximeter!.productID, count: 1 }],
      fulfilment: 'pickup' as const,
      contact: { firstName: 'Ada', surname: 'Okafor', phone: '+234 803 555 0101', email: 'a@b.ng' },
    };
    const quote = quoteOf(request, aCatalogue());
    if (quote === 'network-error') throw new Error('no quote');
    const order = orderOf(request, quote.body as Quote, {
      releaseAt: '2026-11-22T10:30:00.000Z',
      confirmedAt: null,
      releasedAt: null,
    });
    fakeApi.on('GET', storePaths.order.replace(':id', order.orderID), { status: 200, body: order });
    fakeApi.on('GET', storePaths.pickup, { status: 200, body: testPickupPlace });
    renderApp(`/store/orders/${order.orderID}`);
    const details = await screen.findByRole('region', {
      name: `Order ${orderReference(order.orderID)}`,
    });
    expect(
      within(details).getByText(
        /^We hold your order until 22 Nov 2026, \d\d:\d\d\. If by then it is neither paid nor confirmed by the store, it is cancelled and its items go back on sale\.$/,
      ),
    ).toBeVisible();
  });

  it('lets the customer cancel a placed order after confirming, and not a shipped one', async () => {
    const [oximeter] = aCatalogue();
    const request = {
      items: [{ productID: oximeter!.productID, count: 1 }],
      fulfilment: 'pickup' as const,
      contact: { firstName: 'Ada', surname: 'Okafor', phone: '+234 803 555 0101', email: 'a@b.ng' },
    };
    const quote = quoteOf(request, aCatalogue());
    if (quote === 'network-error') throw new Error('no quote');
    let order = orderOf(request, quote.body as Quote);
    fakeApi.on('GET', storePaths.order.replace(':id', order.orderID), () => ({
      status: 200,
      body: order,
    }));
    fakeApi.on('POST', storePaths.cancelOrder.replace(':id', order.orderID), () => {
      order = { ...order, status: 'cancelled' };
      return { status: 200, body: order };
    });
    renderApp(`/store/orders/${order.orderID}`);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', {
      name: `Cancel order ${orderReference(order.orderID)}?`,
    });
    expect(dialog).toHaveTextContent(
      'What you ordered goes back on the shelf and you owe nothing.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    const details = await screen.findByRole('region', {
      name: `Order ${orderReference(order.orderID)}`,
    });
    expect(
      await within(details).findByText('Cancelled', { selector: '.MuiChip-label' }),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
    expect(
      fakeApi.requestsTo('POST', storePaths.cancelOrder.replace(':id', order.orderID)),
    ).toHaveLength(1);
  });

  it('offers no cancel once the order is on its way', async () => {
    const order = shippedOrder();
    fakeApi.on('GET', storePaths.order.replace(':id', order.orderID), { status: 200, body: order });
    renderApp(`/store/orders/${order.orderID}`);
    await screen.findByRole('region', { name: `Order ${orderReference(order.orderID)}` });
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it('says so when there are none yet', async () => {
    fakeApi.on('GET', storePaths.orders, { status: 200, body: { items: [] } });
    renderApp('/store/orders');

    expect(await screen.findByRole('heading', { name: 'No orders yet' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Browse the store' })).toHaveAttribute(
      'href',
      '/store',
    );
  });

  it('answers another person’s order as not found', async () => {
    const id = '0000aaaa-b2c3-4d4e-8f5a-6b7c8d9e0f1a';
    fakeApi.on('GET', storePaths.order.replace(':id', id), {
      status: 404,
      body: { errors: ['There is no such order.'] },
    });
    renderApp(`/store/orders/${id}`);

    expect(await screen.findByText('This order could not be loaded')).toBeVisible();
    expect(screen.getByText('There is no such order.')).toBeVisible();
    // Asking again cannot make it appear.
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });
});
