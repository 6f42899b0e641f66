import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { identityPaths } from '@vitalia/api/identity.contract';
import { maxCountPerLine, storePaths } from '@vitalia/api/store.contract';
import { cartProductIds } from '../utils/cart-store';
import { fakeApi } from '../../../test/fake-api';
import { aProfile, signInAs } from '../../../test/identity-fixtures';
import { renderApp } from '../../../test/render-app';
import { aCatalogue, productIds, serveStore } from '../../../test/store-fixtures';

beforeEach(() => {
  fakeApi.on('GET', identityPaths.profile, { status: 200, body: aProfile() });
});

function card(name: string) {
  return screen.getByRole('article', { name });
}

describe('the shop window', () => {
  it('shows each product with its price and its stock in words', async () => {
    signInAs();
    serveStore();
    renderApp('/store');

    const oximeter = await screen.findByRole('article', { name: 'Fingertip pulse oximeter' });
    expect(within(oximeter).getByText('₦18,500.00')).toBeVisible();
    expect(within(oximeter).getByText('In stock')).toBeVisible();
    expect(within(card('Infrared forehead thermometer')).getByText('Only 4 left')).toBeVisible();
    const soldOut = card('Home cholesterol test kit');
    expect(within(soldOut).getByText('Out of stock', { selector: '.MuiChip-label' })).toBeVisible();
    expect(within(soldOut).getByRole('button', { name: 'Out of stock' })).toBeDisabled();
  });

  it('adds a product to the cart, and the top bar and the drawer count it', async () => {
    signInAs();
    serveStore();
    renderApp('/store');
    const user = userEvent.setup();

    const oximeter = await screen.findByRole('article', { name: 'Fingertip pulse oximeter' });
    const add = within(oximeter).getByRole('button', {
      name: 'Add to cart: Fingertip pulse oximeter',
    });
    await user.click(add);
    await user.click(add);

    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Cart, 2 items' })).toHaveAttribute(
      'href',
      '/store/cart',
    );
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: /Store.*2 items in your cart/ })).toBeVisible();
    expect(within(oximeter).getByText('2 in your cart')).toBeVisible();
    expect(cartProductIds()).toHaveLength(2);
    expect(await screen.findByText('Added Fingertip pulse oximeter to your cart.')).toBeVisible();
  });

  it('stops adding once the cart holds every unit in stock', async () => {
    signInAs();
    serveStore();
    renderApp('/store');
    const user = userEvent.setup();

    const infrared = await screen.findByRole('article', { name: 'Infrared forehead thermometer' });
    for (let i = 0; i < 4; i += 1) {
      await user.click(
        within(infrared).getByRole('button', {
          name: 'Add to cart: Infrared forehead thermometer',
        }),
      );
    }

    expect(within(infrared).getByRole('button', { name: 'All in your cart' })).toBeDisabled();
    expect(cartProductIds()).toHaveLength(4);
  });

  it('searches by name and keeps the search in the address', async () => {
    signInAs();
    serveStore();
    const app = renderApp('/store');
    const user = userEvent.setup();

    await screen.findByRole('article', { name: 'Peak flow meter' });
    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'thermo');

    await waitFor(() => expect(app.currentUrl()).toBe('/store?q=thermo'));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(card('Infrared forehead thermometer')).toBeVisible();
    expect(fakeApi.requestsTo('GET', storePaths.products).at(-1)?.params.q).toBe('thermo');
  });

  it('opens a search from the address and says when nothing matches', async () => {
    signInAs();
    serveStore();
    renderApp('/store?q=scalpel');
    const user = userEvent.setup();

    expect(await screen.findByText('No products match “scalpel”')).toBeVisible();
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('scalpel');
    await user.click(screen.getByRole('button', { name: 'Show all products' }));

    expect(await screen.findByRole('article', { name: 'Peak flow meter' })).toBeVisible();
  });

  it('loads more products a page at a time', async () => {
    signInAs();
    const catalogue = Array.from({ length: 4 }, () => aCatalogue())
      .flat()
      .map((each, index) => ({
        ...each,
        productID: `0f9a3c1e-0000-4000-8000-${String(index).padStart(12, '0')}`,
        productName: `${each.productName} ${index + 1}`,
      }));
    serveStore(catalogue);
    renderApp('/store');
    const user = userEvent.setup();

    await screen.findByRole('article', { name: 'Fingertip pulse oximeter 1' });
    expect(screen.getAllByRole('article')).toHaveLength(12);
    await user.click(screen.getByRole('button', { name: 'Load more' }));

    await screen.findByRole('article', { name: 'Peak flow meter 16' });
    expect(screen.getAllByRole('article')).toHaveLength(16);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(fakeApi.requestsTo('GET', storePaths.products).at(-1)?.params.cursor).toBe('12');
  });

  it('shows a product’s description and delivery options in a dialog', async () => {
    signInAs();
    serveStore();
    const app = renderApp('/store');
    const user = userEvent.setup();

    const oximeter = await screen.findByRole('article', { name: 'Fingertip pulse oximeter' });
    await user.click(within(oximeter).getByRole('button', { name: 'Fingertip pulse oximeter' }));

    const dialog = await screen.findByRole('dialog', { name: 'Fingertip pulse oximeter' });
    expect(within(dialog).getByText(/what it measures and how to use it/)).toBeVisible();
    const rows = within(within(dialog).getByRole('table')).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'MethodCostArrives in',
      'Standard delivery₦2,500.005 days',
      'Express delivery₦5,000.002 days',
    ]);
    expect(
      await within(dialog).findByText(
        /pick it up at no shipping cost, at 14 Admiralty Way, Lekki Phase 1, Lagos \(Monday to Saturday, 09:00 to 18:00\)/,
      ),
    ).toBeVisible();
    expect(app.currentUrl()).toContain('product=');
    await user.click(
      within(dialog).getByRole('button', { name: 'Add to cart: Fingertip pulse oximeter' }),
    );
    expect(cartProductIds()).toEqual([aCatalogue()[0]!.productID]);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(app.currentUrl()).toBe('/store'));
  });

  it('answers Add to cart inside the product panel: how many, a link to the cart, − and +, said aloud', async () => {
    signInAs();
    serveStore();
    renderApp('/store');
    const user = userEvent.setup();

    const oximeter = await screen.findByRole('article', { name: 'Fingertip pulse oximeter' });
    await user.click(within(oximeter).getByRole('button', { name: 'Fingertip pulse oximeter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fingertip pulse oximeter' });
    // The live region is in the panel before the first press, so the first change is read.
    const said = within(dialog).getByRole('status');
    expect(said).toHaveTextContent('');

    await user.click(
      within(dialog).getByRole('button', { name: 'Add to cart: Fingertip pulse oximeter' }),
    );
    expect(within(dialog).getByText('1 in your cart')).toBeVisible();
    expect(within(dialog).getByRole('link', { name: 'View cart' })).toHaveAttribute(
      'href',
      '/store/cart',
    );
    expect(said).toHaveTextContent('Added Fingertip pulse oximeter to your cart: 1 in your cart.');
    // Once in the cart the panel offers the stepper, not a second Add to cart.
    expect(within(dialog).queryByRole('button', { name: /^Add to cart: / })).toBeNull();
    const more = within(dialog).getByRole('button', { name: 'One more Fingertip pulse oximeter' });
    expect(more).toHaveFocus();
    // Nothing is said behind the panel.
    expect(screen.queryByText('Added Fingertip pulse oximeter to your cart.')).toBeNull();

    await user.click(more);
    expect(within(dialog).getByText('2 in your cart')).toBeVisible();
    expect(said).toHaveTextContent('2 in your cart.');
    expect(cartProductIds()).toHaveLength(2);
    // The top bar behind the panel counts it too (hidden from screen readers while it is open).
    expect(
      within(screen.getByRole('banner', { hidden: true })).getByRole('link', {
        name: 'Cart, 2 items',
        hidden: true,
      }),
    ).toBeInTheDocument();

    await user.click(
      within(dialog).getByRole('button', { name: 'One fewer Fingertip pulse oximeter' }),
    );
    expect(within(dialog).getByText('1 in your cart')).toBeVisible();
    await user.click(
      within(dialog).getByRole('button', { name: 'Remove Fingertip pulse oximeter from the cart' }),
    );
    expect(said).toHaveTextContent('Removed Fingertip pulse oximeter from your cart.');
    expect(cartProductIds()).toEqual([]);
    expect(
      within(dialog).getByRole('button', { name: 'Add to cart: Fingertip pulse oximeter' }),
    ).toHaveFocus();
  });

  it('opens a product already in the cart with its count, and stops + at the stock or the per-order cap', async () => {
    signInAs();
    serveStore();
    window.localStorage.setItem('cartProductIds', Array(4).fill(productIds.infrared).join(','));
    const app = renderApp(`/store?product=${productIds.infrared}`);
    const user = userEvent.setup();

    const infrared = await screen.findByRole('dialog', { name: 'Infrared forehead thermometer' });
    expect(await within(infrared).findByText('4 in your cart')).toBeVisible();
    expect(
      within(infrared).getByRole('button', { name: 'One more Infrared forehead thermometer' }),
    ).toBeDisabled();
    expect(within(infrared).getByText('That is all 4 we have in stock.')).toBeVisible();
    app.unmount();

    window.localStorage.setItem(
      'cartProductIds',
      Array(maxCountPerLine - 1)
        .fill(productIds.oximeter)
        .join(','),
    );
    renderApp(`/store?product=${productIds.oximeter}`);
    const oximeter = await screen.findByRole('dialog', { name: 'Fingertip pulse oximeter' });
    await user.click(
      await within(oximeter).findByRole('button', { name: 'One more Fingertip pulse oximeter' }),
    );
    expect(within(oximeter).getByText(`${maxCountPerLine} in your cart`)).toBeVisible();
    expect(
      within(oximeter).getByRole('button', { name: 'One more Fingertip pulse oximeter' }),
    ).toBeDisabled();
    expect(within(oximeter).getByRole('status')).toHaveTextContent(
      `${maxCountPerLine} in your cart. At most ${maxCountPerLine} of one product in an order.`,
    );
  });

  it('closes an open product with Back, and keeps the search it was opened from', async () => {
    signInAs();
    serveStore();
    const app = renderApp('/store?q=oxi');
    const user = userEvent.setup();

    const oximeter = await screen.findByRole('article', { name: 'Fingertip pulse oximeter' });
    await user.click(within(oximeter).getByRole('button', { name: 'Fingertip pulse oximeter' }));
    expect(await screen.findByRole('dialog', { name: 'Fingertip pulse oximeter' })).toBeVisible();

    await act(() => app.router.navigate(-1));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(app.currentUrl()).toBe('/store?q=oxi');
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('oxi');
  });

  it('says what went wrong and tries again on Retry', async () => {
    signInAs();
    fakeApi.on('GET', storePaths.products, {
      status: 500,
      body: { errors: ['Something went wrong on our side.'] },
    });
    renderApp('/store');
    const user = userEvent.setup();

    expect(
      await screen.findByText('The products could not be loaded', {}, { timeout: 10_000 }),
    ).toBeVisible();
    serveStore();
    await user.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('article', { name: 'Peak flow meter' })).toBeVisible();
  });

  it('links to the back office for administrators only', async () => {
    signInAs('ADMIN');
    serveStore();
    const admin = renderApp('/store');
    expect(await screen.findByRole('link', { name: 'Manage the store' })).toHaveAttribute(
      'href',
      '/store/admin',
    );
    admin.unmount();

    signInAs('USER');
    renderApp('/store');
    await screen.findByRole('article', { name: 'Peak flow meter' });
    expect(screen.queryByRole('link', { name: 'Manage the store' })).not.toBeInTheDocument();
  });
});
