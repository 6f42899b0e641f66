import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { identityPaths } from '@vitalia/api/identity.contract';
import {
  orderTransitions,
  storePaths,
  type Order,
  type OrderStatus,
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
  fakeApi.on('GET', storePaths.adminOrders, (request: FakeRequest) => ({
    status: 200,
    body: {
      items: orders.filter(
        (each) => !request.params.status || each.status === request.params.status,
      ),
    },
  }));
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
    expect(buttonsOf(delivery)).toEqual(['Mark shipped', 'Cancel order']);
    expect(buttonsOf(pickup)).toEqual(['Mark ready for pickup', 'Cancel order']);
    expect(buttonsOf(shipped)).toEqual(['Mark delivered']);
    expect(buttonsOf(collected)).toEqual([]);
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
