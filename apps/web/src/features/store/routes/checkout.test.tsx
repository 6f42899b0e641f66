import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { identityPaths } from '@vitalia/api/identity.contract';
import { storePaths, type PlaceOrderRequest } from '@vitalia/api/store.contract';
import { cartProductIds } from '../utils/cart-store';
import { fakeApi } from '../../../test/fake-api';
import { aProfile, signInAs } from '../../../test/identity-fixtures';
import { renderApp } from '../../../test/render-app';
import {
  idempotencyKeyOf,
  money,
  productIds,
  serveStore,
  shippingIds,
} from '../../../test/store-fixtures';
import { orderReference } from '../utils/order-text';

function orderPosts() {
  return fakeApi.requestsTo('POST', storePaths.orders);
}

function keysSent() {
  return orderPosts().map(idempotencyKeyOf);
}

async function placeOrderButton() {
  const button = await screen.findByRole('button', { name: 'Place order' });
  await waitFor(() => expect(button).toBeEnabled(), { timeout: 10_000 });
  return button;
}

const busy = { status: 503, body: { errors: ['The store is busy; try again in a moment.'] } };

beforeEach(() => {
  signInAs();
  fakeApi.on('GET', identityPaths.profile, { status: 200, body: aProfile() });
  window.localStorage.setItem('cartProductIds', `${productIds.oximeter},${productIds.peakFlow}`);
  window.localStorage.setItem('cartAddress', '14 Admiralty Way');
  window.localStorage.setItem('cartCity', 'Lagos');
  window.localStorage.setItem('cartState', 'Lagos');
});

describe('checkout', () => {
  it('places one order for a double click, with one key, and confirms it', async () => {
    const store = serveStore();
    // The answer waits, so the second click lands while the first is still on its way.
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    fakeApi.on('POST', storePaths.orders, async (request) => {
      await gate;
      return store.placeOrder(request);
    });
    const app = renderApp('/store/cart');
    const user = userEvent.setup();

    const button = await placeOrderButton();
    await user.dblClick(button);
    await waitFor(() => expect(button).toBeDisabled());
    release();

    expect(
      await screen.findByRole('heading', { name: 'Thank you, your order is placed' }),
    ).toBeVisible();
    expect(orderPosts()).toHaveLength(1);
    expect(keysSent()[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(orderPosts()[0]?.body).toEqual({
      items: [
        { productID: productIds.oximeter, count: 1, shippingCostID: shippingIds.oximeterStandard },
        { productID: productIds.peakFlow, count: 1, shippingCostID: shippingIds.peakFlowStandard },
      ],
      fulfilment: 'delivery',
      contact: {
        firstName: 'Ada',
        surname: 'Lovelace',
        phone: '+44 20 7946 0000',
        email: 'ada@example.com',
      },
      delivery: { address: '14 Admiralty Way', city: 'Lagos', state: 'Lagos' },
    });
    const [order] = store.placed.values();
    expect(app.currentUrl()).toBe(`/store/orders/${order?.orderID}`);
    // 18,500 + 19,500 and one standard delivery of 2,500 for both = 40,500, and 7.5 % VAT: 43,537.50.
    expect(screen.getByText(/^Order number/)).toHaveTextContent(
      `Order number ${orderReference(order!.orderID)} · Total ${money(4_353_750)}`,
    );
    expect(screen.getByText(/Payment is on delivery/)).toBeVisible();
    expect(cartProductIds()).toEqual([]);
    expect(window.localStorage.getItem('cartCheckoutAttempt')).toBeNull();
    expect(
      within(screen.getByRole('banner')).getByRole('link', { name: 'Cart, empty' }),
    ).toBeVisible();
  });

  it('says before the form that an order needs a confirmed address, sends a link, and waits with the cart kept', async () => {
    serveStore();
    fakeApi.on('GET', identityPaths.profile, {
      status: 200,
      body: aProfile({ emailVerified: false }),
    });
    fakeApi.on('POST', identityPaths.emailVerifyResend, {
      status: 202,
      body: { message: 'We have sent a new link to ada@example.com.' },
    });
    renderApp('/store/cart');
    const user = userEvent.setup();

    const notice = await screen.findByRole('region', {
      name: 'Confirm your email address to order',
    });
    expect(notice).toHaveTextContent(
      'An order needs a confirmed email address: we send its receipt and news there. Open the link in the mail Vitalia sent to ada@example.com, or have a new one sent. Your cart stays here meanwhile.',
    );
    // Said before the form the person would fill in.
    const form = screen.getByRole('form', { name: 'Your details' });
    expect(notice.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const button = await screen.findByRole('button', { name: 'Place order' });
    await waitFor(() =>
      expect(screen.getByText(/^Confirm your email address first/)).toBeVisible(),
    );
    expect(button).toBeDisabled();

    await user.click(within(notice).getByRole('button', { name: 'Send me a link' }));
    expect(await within(notice).findByRole('status')).toHaveTextContent(
      'We have sent a new link to ada@example.com.',
    );
    expect(fakeApi.requestsTo('POST', identityPaths.emailVerifyResend)).toHaveLength(1);
    expect(orderPosts()).toEqual([]);
    expect(cartProductIds()).toHaveLength(2);

    // Confirmed from the mail in another tab: coming back, the notice goes and the order can go.
    fakeApi.on('GET', identityPaths.profile, { status: 200, body: aProfile() });
    act(() => void document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
    await waitFor(() =>
      expect(
        screen.queryByRole('region', { name: 'Confirm your email address to order' }),
      ).not.toBeInTheDocument(),
    );
    await placeOrderButton();
  });

  it('says what to do when the server refuses an unconfirmed address, and keeps the cart and the key', async () => {
    const store = serveStore();
    const refusal =
      'An order needs a confirmed email address. Open the link in the mail Vitalia sent to ada@example.com, or have a new one sent (Send me a link), then place the order again: your cart is kept.';
    fakeApi.on('POST', storePaths.orders, () => {
      // The address was found unconfirmed meanwhile: the profile says so from now on.
      fakeApi.on('GET', identityPaths.profile, {
        status: 200,
        body: aProfile({ emailVerified: false }),
      });
      return {
        status: 403,
        body: { errors: [refusal], details: [{ code: 'EMAIL_NOT_CONFIRMED', message: refusal }] },
      };
    });
    renderApp('/store/cart');
    const user = userEvent.setup();

    await user.click(await placeOrderButton());
    expect(await screen.findByText(`Your order was not placed. ${refusal}`)).toBeVisible();
    expect(
      await screen.findByRole('region', { name: 'Confirm your email address to order' }),
    ).toBeVisible();
    expect(cartProductIds()).toHaveLength(2);
    expect(window.localStorage.getItem('cartCheckoutAttempt')).not.toBeNull();
    expect(store.placed.size).toBe(0);
  });

  it('retries a failed order with the same key, so the server can answer the order it has', async () => {
    const store = serveStore();
    let failures = 1;
    fakeApi.on('POST', storePaths.orders, (request) => {
      if (failures > 0) {
        failures -= 1;
        return busy;
      }
      return store.placeOrder(request);
    });
    renderApp('/store/cart');
    const user = userEvent.setup();

    await user.click(await placeOrderButton());
    expect(
      await screen.findByText(
        'Your order was not placed. The store is busy; try again in a moment.',
      ),
    ).toBeVisible();
    expect(cartProductIds()).toHaveLength(2);
    await user.click(await placeOrderButton());

    expect(
      await screen.findByRole('heading', { name: 'Thank you, your order is placed' }),
    ).toBeVisible();
    const [first, second] = keysSent();
    expect(first).toBeDefined();
    expect(second).toBe(first);
    expect(store.placed.size).toBe(1);
  });

  it('keeps the person, the cart and the key through a lost connection', async () => {
    const store = serveStore();
    fakeApi.on('POST', storePaths.orders, 'network-error');
    const view = renderApp('/store/cart');
    const user = userEvent.setup();

    await user.click(await placeOrderButton());
    await waitFor(() => expect(orderPosts()).toHaveLength(1));
    // A lost network no longer ends the session (docs/decisions/0035-offline-readings.md): the
    // person stays on the cart with everything in it, and the next try sends the same key.
    expect(view.currentUrl()).toBe('/store/cart');
    expect(cartProductIds()).toHaveLength(2);
    fakeApi.on('POST', storePaths.orders, store.placeOrder);
    await user.click(await placeOrderButton());

    expect(
      await screen.findByRole('heading', { name: 'Thank you, your order is placed' }),
    ).toBeVisible();
    const [first, second] = keysSent();
    expect(first).toBeDefined();
    expect(second).toBe(first);
    expect(store.placed.size).toBe(1);
  });

  it('sends a new key once the order itself changes', async () => {
    serveStore();
    fakeApi.on('POST', storePaths.orders, busy);
    renderApp('/store/cart');
    const user = userEvent.setup();

    await user.click(await placeOrderButton());
    await screen.findByText(/Your order was not placed/);
    await user.click(screen.getByRole('radio', { name: 'Pickup' }));
    await user.click(await placeOrderButton());

    await waitFor(() => expect(orderPosts()).toHaveLength(2));
    const [first, second] = keysSent();
    expect(second).not.toBe(first);
    const changed = orderPosts()[1]?.body as PlaceOrderRequest;
    expect(changed.fulfilment).toBe('pickup');
    expect(changed.delivery).toBeUndefined();
  });

  it('checks the details before sending anything, and puts the server’s words beside a field', async () => {
    serveStore();
    window.localStorage.setItem('cartAddress', '');
    fakeApi.on('POST', storePaths.orders, {
      status: 400,
      body: { errors: ['contact.phone: must be a phone number: digits, spaces, brackets, dashes'] },
    });
    renderApp('/store/cart');
    const user = userEvent.setup();

    await user.click(await placeOrderButton());
    const form = screen.getByRole('form', { name: 'Your details' });
    expect(await within(form).findByText('Address must not be empty')).toBeVisible();
    expect(orderPosts()).toHaveLength(0);

    await user.type(within(form).getByLabelText('Address'), '14 Admiralty Way');
    await user.click(screen.getByRole('button', { name: 'Place order' }));

    expect(
      await within(form).findByText(
        'Phone must be a phone number: digits, spaces, brackets, dashes',
      ),
    ).toBeVisible();
    expect(within(form).getByLabelText('Phone')).toHaveFocus();
    expect(cartProductIds()).toHaveLength(2);
  });

  describe('on a phone: the state from a list, a landmark, a second phone, and when it arrives', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('offers the 36 states and the FCT as a list, and sends the landmark and the second phone', async () => {
      const store = serveStore();
      // Typed freely before the list: read as the state it names.
      window.localStorage.setItem('cartState', 'lagos state');
      renderApp('/store/cart');
      const user = userEvent.setup();

      const form = await screen.findByRole('form', { name: 'Your details' });
      const state = await within(form).findByRole('combobox', { name: 'State' });
      expect(state).toHaveValue('Lagos');
      const choices = within(state)
        .getAllByRole('option')
        .map((option) => option.textContent);
      expect(choices).toHaveLength(38);
      expect(choices[0]).toBe('Choose your state');
      expect(choices).toContain('Federal Capital Territory');
      expect(choices).toContain('Akwa Ibom');
      await user.selectOptions(state, 'Federal Capital Territory');
      expect(within(form).getByText(/e\.g\. opposite the First Bank/)).toBeVisible();
      // Pasted: typed key by key, a busy machine takes longer than the test may.
      await user.click(within(form).getByLabelText('Landmark (optional)'));
      await user.paste('opposite the First Bank');
      await user.click(within(form).getByLabelText('Second phone (optional)'));
      await user.paste('call me');
      await user.click(await placeOrderButton());

      // The second phone is checked as the first, before anything is sent.
      expect(
        await within(form).findByText(
          'Second phone must be a phone number: digits, spaces, brackets, dashes',
        ),
      ).toBeVisible();
      expect(orderPosts()).toHaveLength(0);
      await user.clear(within(form).getByLabelText('Second phone (optional)'));
      await user.paste('+234 809 555 0202');
      await user.click(await placeOrderButton());

      expect(
        await screen.findByRole('heading', { name: 'Thank you, your order is placed' }),
      ).toBeVisible();
      const sent = orderPosts()[0]?.body as PlaceOrderRequest;
      expect(sent.contact.secondPhone).toBe('+234 809 555 0202');
      expect(sent.delivery).toEqual({
        address: '14 Admiralty Way',
        city: 'Lagos',
        state: 'Federal Capital Territory',
        landmark: 'opposite the First Bank',
      });
      expect(window.localStorage.getItem('cartLandmark')).toBe('opposite the First Bank');
      expect(store.placed.size).toBe(1);
    });

    it('leaves out a landmark and a second phone nobody typed, and asks for a state it cannot read', async () => {
      serveStore();
      window.localStorage.setItem('cartState', 'Greater London');
      renderApp('/store/cart');
      const user = userEvent.setup();

      const form = await screen.findByRole('form', { name: 'Your details' });
      expect(await within(form).findByRole('combobox', { name: 'State' })).toHaveValue('');
      await user.click(await placeOrderButton());
      expect(await within(form).findByText('State must not be empty')).toBeVisible();
      expect(orderPosts()).toHaveLength(0);

      await user.selectOptions(within(form).getByRole('combobox', { name: 'State' }), 'Rivers');
      await user.click(await placeOrderButton());
      await screen.findByRole('heading', { name: 'Thank you, your order is placed' });
      const sent = orderPosts()[0]?.body as PlaceOrderRequest;
      expect(sent.contact).not.toHaveProperty('secondPhone');
      expect(sent.delivery).toEqual({
        address: '14 Admiralty Way',
        city: 'Lagos',
        state: 'Rivers',
      });
    });

    it('says for each shipping option the day it arrives by, if ordered now', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-29T12:00:00'));
      serveStore();
      renderApp('/store/cart');
      const user = userEvent.setup();

      const summary = await screen.findByRole('region', { name: 'Order summary' });
      // Both lines ship standard (5 days) and travel together.
      expect(
        await within(summary).findByText(
          '2 products travel together · Arrives in 5 days (by Fri 4 Dec)',
        ),
      ).toBeVisible();
      const peakFlow = screen.getByRole('listitem', { name: 'Peak flow meter' });
      expect(within(peakFlow).getByText('Arrives in 5 days (by Fri 4 Dec)')).toBeVisible();
      await user.click(within(peakFlow).getByRole('combobox', { name: /Shipping/ }));
      const options = screen.getAllByRole('option').map((option) => option.textContent);
      expect(options).toEqual([
        'Standard delivery · ₦2,500.00Arrives in 5 days (by Fri 4 Dec)',
        'Express delivery · ₦5,000.00Arrives in 2 days (by Tue 1 Dec)',
      ]);
      await user.click(screen.getByRole('option', { name: /Express delivery/ }));
      expect(await within(peakFlow).findByText('Arrives in 2 days (by Tue 1 Dec)')).toBeVisible();
    });
  });
});
