import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { identityPaths } from '@vitalia/api/identity.contract';
import { storePaths } from '@vitalia/api/store.contract';
import { cartProductIds } from '../utils/cart-store';
import { fakeApi } from '../../../test/fake-api';
import { aProfile, signInAs } from '../../../test/identity-fixtures';
import { renderApp } from '../../../test/render-app';
import {
  money,
  productIds,
  quoteRequests,
  serveStore,
  shippingIds,
} from '../../../test/store-fixtures';

function fillCart(...ids: string[]) {
  window.localStorage.setItem('cartProductIds', ids.join(','));
}

function line(name: string) {
  return screen.getByRole('listitem', { name });
}

function summary() {
  return screen.getByRole('region', { name: 'Order summary' });
}

/** The term of the order summary with this label (its first words; a detail may follow). */
function summaryTerm(label: string | RegExp) {
  return within(summary())
    .getByText(label, { selector: 'dt > span:first-child' })
    .closest('dt') as HTMLElement;
}

/** The value beside a label of the order summary. */
function summaryValue(label: string | RegExp) {
  return summaryTerm(label).nextElementSibling?.textContent;
}

/** Waits for a settled quote; the first screen of a file also waits for its code to compile. */
async function quoted() {
  await waitFor(
    () => expect(within(summary()).getByRole('button', { name: 'Place order' })).toBeEnabled(),
    { timeout: 10_000 },
  );
}

beforeEach(() => {
  signInAs();
  fakeApi.on('GET', identityPaths.profile, { status: 200, body: aProfile() });
});

describe('the cart', () => {
  it('groups the stored ids into lines with a count and prices them on the server', async () => {
    serveStore();
    fillCart(productIds.oximeter, productIds.peakFlow, productIds.oximeter);
    renderApp('/store/cart');

    await quoted();
    expect(screen.getByRole('heading', { name: 'Your cart (3 items)' })).toBeVisible();
    const oximeter = line('Fingertip pulse oximeter');
    expect(
      within(oximeter).getByRole('group', { name: 'Quantity of Fingertip pulse oximeter' }),
    ).toHaveTextContent('2');
    expect(quoteRequests().at(-1)).toEqual({
      fulfilment: 'delivery',
      items: [
        { productID: productIds.oximeter, count: 2, shippingCostID: shippingIds.oximeterStandard },
        { productID: productIds.peakFlow, count: 1, shippingCostID: shippingIds.peakFlowStandard },
      ],
    });
    // 2 × 18,500 and 19,500, both by standard delivery: one delivery of 2,500, not two; VAT on
    // 59,000; lines, products, delivery, VAT and total each as the server says.
    expect(within(oximeter).getByText(money(3_700_000))).toBeVisible();
    expect(summaryValue('Products')).toBe(money(5_650_000));
    expect(summaryTerm('Products')).toHaveTextContent('3 items');
    expect(summaryValue('Standard delivery')).toBe(money(250_000));
    expect(summaryTerm('Standard delivery')).toHaveTextContent('2 products travel together');
    expect(summaryValue('VAT (7.5%)')).toBe(money(442_500));
    expect(summaryValue('Total')).toBe(money(6_342_500));
  });

  it('shows only the server’s amounts, never its own arithmetic', async () => {
    serveStore();
    fakeApi.on('POST', storePaths.quote, {
      status: 200,
      body: {
        fulfilment: 'delivery',
        currency: 'NGN',
        vatRate: 7.5,
        lines: [],
        productsAmount: 4,
        formattedProductsAmount: 'server products',
        deliveries: [
          {
            shippingMethod: 'Standard delivery',
            cost: 5,
            costFormatted: 'server delivery',
            deliveryTimeDays: 5,
            productIDs: [productIds.oximeter],
          },
        ],
        shippingAmount: 5,
        formattedShippingAmount: 'server shipping',
        amount: 1,
        formattedAmount: 'server amount',
        vat: 2,
        formattedVat: 'server VAT',
        total: 3,
        formattedTotal: 'server total',
      },
    });
    fillCart(productIds.oximeter);
    renderApp('/store/cart');

    await quoted();
    expect(summaryValue('Products')).toBe('server products');
    expect(summaryValue('Standard delivery')).toBe('server delivery');
    expect(summaryValue(/^VAT/)).toBe('server VAT');
    expect(summaryValue('Total')).toBe('server total');
  });

  it('puts the server’s per-line problems beside their lines and holds the order back', async () => {
    serveStore();
    fillCart(productIds.oximeter, ...Array.from({ length: 5 }, () => productIds.infrared));
    renderApp('/store/cart');
    const user = userEvent.setup();

    const infrared = await screen.findByRole('listitem', { name: 'Infrared forehead thermometer' });
    expect(
      await within(infrared).findByText(
        'Only 4 of "Infrared forehead thermometer" left; lower the count.',
      ),
    ).toBeVisible();
    expect(within(line('Fingertip pulse oximeter')).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(summary()).getByText(/One line of your cart needs a change/)).toBeVisible();
    expect(within(summary()).getByRole('button', { name: 'Place order' })).toBeDisabled();

    await user.click(
      within(infrared).getByRole('button', { name: 'One fewer Infrared forehead thermometer' }),
    );

    await quoted();
    expect(within(infrared).queryByText(/left; lower the count/)).not.toBeInTheDocument();
    expect(quoteRequests().at(-1)?.items[1]?.count).toBe(4);
  });

  it('offers to ask again when the quote failed for a reason no line can fix', async () => {
    serveStore();
    fakeApi.on('POST', storePaths.quote, {
      status: 500,
      body: { errors: ['Something went wrong on our side.'] },
    });
    fillCart(productIds.peakFlow);
    renderApp('/store/cart');
    const user = userEvent.setup();

    const retry = await within(
      await screen.findByRole('region', { name: 'Order summary' }),
    ).findByRole('button', { name: 'Retry' }, { timeout: 10_000 });
    expect(within(summary()).getByText('Something went wrong on our side.')).toBeVisible();
    expect(within(summary()).getByRole('button', { name: 'Place order' })).toBeDisabled();
    serveStore();
    await user.click(retry);

    await quoted();
    expect(summaryValue('Total')).toBe(money(2_365_000));
  });

  it('re-quotes when a line’s shipping changes, and keeps the choice', async () => {
    serveStore();
    fillCart(productIds.peakFlow);
    renderApp('/store/cart');
    const user = userEvent.setup();

    await quoted();
    expect(summaryValue('Total')).toBe(money(2_365_000));
    await user.click(within(line('Peak flow meter')).getByRole('combobox', { name: /Shipping/ }));
    await user.click(screen.getByRole('option', { name: /Express delivery/ }));

    await waitFor(() => expect(summaryValue('Total')).toBe(money(2_633_750)));
    expect(quoteRequests().at(-1)?.items[0]?.shippingCostID).toBe(shippingIds.peakFlowExpress);
    expect(JSON.parse(window.localStorage.getItem('cartShippingChoices') ?? '{}')).toEqual({
      [productIds.peakFlow]: shippingIds.peakFlowExpress,
    });
  });

  it('re-quotes without shipping for pickup, and asks for no address', async () => {
    serveStore();
    fillCart(productIds.peakFlow);
    renderApp('/store/cart');
    const user = userEvent.setup();

    await quoted();
    expect(screen.getByLabelText('Address')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Pickup' }));

    await waitFor(() => expect(summaryValue('Pickup')).toBe('Free'));
    expect(summaryValue('Products')).toBe(money(1_950_000));
    expect(within(summary()).queryByText('Standard delivery')).not.toBeInTheDocument();
    expect(quoteRequests().at(-1)?.fulfilment).toBe('pickup');
    expect(screen.queryByLabelText('Address')).not.toBeInTheDocument();
    expect(within(line('Peak flow meter')).getByText('Pickup: no shipping cost')).toBeVisible();
    // Where and when to collect it, as the store is configured.
    expect(
      await screen.findByText(
        'No shipping cost. Collect it at 14 Admiralty Way, Lekki Phase 1, Lagos (Monday to Saturday, 09:00 to 18:00); we email you when it is ready.',
      ),
    ).toBeVisible();
    expect(window.localStorage.getItem('cartPickup')).toBe('true');
    expect(window.localStorage.getItem('cartDeliveryOrder')).toBe('false');
  });

  it('names delivery or pickup by its heading, and reaches it from the top of the cart in two keys', async () => {
    serveStore();
    fillCart(productIds.oximeter, productIds.peakFlow);
    renderApp('/store/cart');
    const user = userEvent.setup();

    await quoted();
    const choice = screen.getByRole('radiogroup', { name: 'How would you like to get it?' });
    expect(within(choice).getByRole('radio', { name: 'Delivery' })).toBeChecked();
    expect(within(choice).getByRole('radio', { name: 'Pickup' })).not.toBeChecked();

    // Past every line's link, count, Remove and shipping in one: the next Tab is the choice.
    await user.click(screen.getByRole('link', { name: 'Go to checkout' }));
    expect(screen.getByRole('region', { name: 'How would you like to get it?' })).toHaveFocus();
    await user.tab();
    expect(within(choice).getByRole('radio', { name: 'Delivery' })).toHaveFocus();
    // A radio group's own keys: an arrow moves to Pickup and chooses it.
    await user.keyboard('{ArrowRight}');
    expect(within(choice).getByRole('radio', { name: 'Pickup' })).toBeChecked();
    await waitFor(() => expect(quoteRequests().at(-1)?.fulfilment).toBe('pickup'));
  });

  it('changes counts and removes products', async () => {
    serveStore();
    fillCart(productIds.oximeter, productIds.peakFlow);
    renderApp('/store/cart');
    const user = userEvent.setup();

    await quoted();
    await user.click(
      within(line('Fingertip pulse oximeter')).getByRole('button', {
        name: 'One more Fingertip pulse oximeter',
      }),
    );
    expect(cartProductIds()).toEqual([
      productIds.oximeter,
      productIds.peakFlow,
      productIds.oximeter,
    ]);
    await user.click(
      within(line('Peak flow meter')).getByRole('button', {
        name: 'Remove Peak flow meter from the cart',
      }),
    );

    expect(cartProductIds()).toEqual([productIds.oximeter, productIds.oximeter]);
    await waitFor(() =>
      expect(quoteRequests().at(-1)?.items).toEqual([
        { productID: productIds.oximeter, count: 2, shippingCostID: shippingIds.oximeterStandard },
      ]),
    );
    expect(
      within(screen.getByRole('banner')).getByRole('link', { name: 'Cart, 2 items' }),
    ).toBeVisible();
  });

  it('empties after a confirmation and then offers the store', async () => {
    serveStore();
    fillCart(productIds.oximeter);
    renderApp('/store/cart');
    const user = userEvent.setup();

    await quoted();
    await user.click(screen.getByRole('button', { name: 'Empty cart' }));
    const dialog = screen.getByRole('dialog', { name: 'Empty your cart?' });
    await user.click(within(dialog).getByRole('button', { name: 'Empty cart' }));

    expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Browse the store' })).toHaveAttribute(
      'href',
      '/store',
    );
    expect(cartProductIds()).toEqual([]);
  });

  it('fills the contact details from the profile, and prefers what was typed here before', async () => {
    serveStore();
    fillCart(productIds.oximeter);
    window.localStorage.setItem('cartPhone', '+234 803 000 0000');
    window.localStorage.setItem('cartCity', 'Abuja');
    renderApp('/store/cart');
    const user = userEvent.setup();

    const form = await screen.findByRole('form', { name: 'Your details' });
    expect(within(form).getByLabelText('First name')).toHaveValue('Ada');
    expect(within(form).getByLabelText('Last name')).toHaveValue('Lovelace');
    expect(within(form).getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(within(form).getByLabelText('Phone')).toHaveValue('+234 803 000 0000');
    expect(within(form).getByLabelText('City')).toHaveValue('Abuja');

    await user.type(within(form).getByLabelText('Address'), '2 Broad Street');
    expect(window.localStorage.getItem('cartAddress')).toBe('2 Broad Street');
  });
});
