import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { waitForMail } from '../fixtures/mail-outbox.ts';
import { staff } from '../fixtures/staff.mjs';
import {
  answerAssessment,
  earlierAccount,
  expect,
  storeSession,
  test,
  viewports,
} from '../fixtures/vitalia.fixture.ts';

const admin = staff.find((person) => person.role === 'ADMIN')!;

/** A profile to prefill the cart's contact details from. */
async function fillProfile(request: APIRequestContext, token: string, email: string) {
  const answer = await request.put('/api/v1/identity/profile', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      FirstName: 'Adaeze',
      LastName: 'Okafor',
      PhoneNo: '+234 803 555 0101',
      EmailAddress: email,
    },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

/**
 * A full-page screenshot drawn from the top, with every product picture loaded: the app bar is
 * fixed, so a page scrolled to a field would draw it across the middle.
 */
async function snap(
  keepScreenshot: (page: Page, name: string) => Promise<void>,
  page: Page,
  name: string,
) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete));
  await keepScreenshot(page, name);
}

function productCard(page: Page, name: string): Locator {
  return page.getByRole('article', { name });
}

function cartLine(page: Page, name: string): Locator {
  return page.getByRole('listitem', { name });
}

async function totalShown(page: Page): Promise<string> {
  const summary = page.getByRole('region', { name: 'Order summary' });
  const total = summary
    .locator('dt', { hasText: 'Total' })
    .locator('xpath=following-sibling::dd[1]');
  await expect(total).toHaveText(/\d/);
  return (await total.textContent()) ?? '';
}

/** Waits until the summary shows a settled quote (not dimmed while the server prices the cart). */
async function quoteSettled(page: Page) {
  await expect(
    page.getByRole('region', { name: 'Order summary' }).locator('[aria-busy="false"]'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Place order' })).toBeEnabled();
}

async function orderNumberShown(page: Page): Promise<string> {
  const line = page.getByText(/^Order number/);
  await expect(line).toBeVisible();
  const match = /Order number\s+([0-9A-F]{8})/.exec((await line.textContent()) ?? '');
  expect(match?.[1]).toBeTruthy();
  return match![1]!;
}

test.describe('the store', () => {
  test('buy two products with delivery and one with pickup; an admin ships one and the buyer sees it', async ({
    page,
    browser,
    request,
    expectAccessible,
    keepScreenshot,
  }, testInfo) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewports.wide);
    // An account from before registering confirmed the address, so the checkout asks for it.
    const buyer = await earlierAccount(request, 'storeCheckout');
    await storeSession(page, buyer);
    await fillProfile(request, buyer.token, buyer.username);

    // The shop window: products with their price and stock.
    await page.goto('/store');
    await expect(page.getByRole('heading', { level: 1, name: 'Store' })).toBeVisible();
    const oximeter = productCard(page, 'Fingertip pulse oximeter');
    await expect(oximeter).toContainText('In stock');
    await expect(productCard(page, 'Home cholesterol test kit')).toContainText('Out of stock');
    await expect(
      productCard(page, 'Home cholesterol test kit').getByRole('button', { name: 'Out of stock' }),
    ).toBeDisabled();
    await expect(productCard(page, 'Infrared forehead thermometer')).toContainText('Only 4 left');
    await expect(page.getByRole('link', { name: 'Manage the store' })).toHaveCount(0);
    await expectAccessible(page);
    await snap(keepScreenshot, page, 'store-1280');

    // Search writes the address; details open in a dialog with the delivery options.
    await page.getByRole('searchbox', { name: 'Search products' }).fill('thermometer');
    await expect(page).toHaveURL(/q=thermometer/);
    await expect(page.getByRole('article')).toHaveCount(2);
    await page.getByRole('searchbox', { name: 'Search products' }).fill('');
    await expect(page).not.toHaveURL(/q=/);
    await oximeter.getByRole('button', { name: 'Fingertip pulse oximeter', exact: true }).click();
    const details = page.getByRole('dialog', { name: 'Fingertip pulse oximeter' });
    await expect(details.getByRole('table')).toContainText('Express delivery');
    await expectAccessible(page);
    await snap(keepScreenshot, page, 'store-product-1280');
    // The panel answers Add to cart itself: how many are in the cart, and − and + in place of a
    // second Add to cart; each change is said inside the panel.
    await details.getByRole('button', { name: 'Add to cart: Fingertip pulse oximeter' }).click();
    await expect(details.getByText('1 in your cart', { exact: true })).toBeVisible();
    await expect(details.getByRole('status')).toHaveText(
      'Added Fingertip pulse oximeter to your cart: 1 in your cart.',
    );
    await expect(details.getByRole('link', { name: 'View cart' })).toBeVisible();
    await expect(details.getByRole('button', { name: /^Add to cart: / })).toHaveCount(0);
    await details.getByRole('button', { name: 'One more Fingertip pulse oximeter' }).click();
    await expect(details.getByText('2 in your cart', { exact: true })).toBeVisible();
    await expectAccessible(page);
    await snap(keepScreenshot, page, 'store-product-added-1280');
    await details.getByRole('button', { name: 'Close' }).click();
    await productCard(page, 'Peak flow meter')
      .getByRole('button', { name: 'Add to cart: Peak flow meter' })
      .click();
    const cartLink = page.getByRole('banner').getByRole('link', { name: /^Cart/ });
    await expect(cartLink).toHaveAccessibleName('Cart, 3 items');

    // The cart: counts and shipping change, and the server prices every change.
    await cartLink.click();
    await expect(page).toHaveURL('/store/cart');
    // The two added in the panel.
    await expect(
      cartLine(page, 'Fingertip pulse oximeter').getByRole('group', {
        name: 'Quantity of Fingertip pulse oximeter',
      }),
    ).toContainText('2');
    // An order needs a confirmed address: the checkout says so above the form and sends a link.
    const notice = page.getByRole('region', { name: 'Confirm your email address to order' });
    await expect(notice).toContainText(
      `Open the link in the mail Vitalia sent to ${buyer.username}`,
    );
    await expect(page.getByRole('button', { name: 'Place order' })).toBeDisabled();
    await expectAccessible(page);
    await snap(keepScreenshot, page, 'cart-unconfirmed-1280');
    await notice.getByRole('button', { name: 'Send me a link' }).click();
    await expect(notice.getByRole('status')).toHaveText(
      `We have sent a new link to ${buyer.username}.`,
    );
    const confirmation = await waitForMail({
      to: buyer.username,
      subject: 'Confirm your email address for Vitalia',
    });
    await page.goto(confirmation.link);
    await expect(page.getByRole('heading', { level: 1, name: 'Email Verified' })).toBeVisible();
    // Back at the cart, everything is as it was left, and the order can be placed.
    await page.goto('/store/cart');
    await expect(cartLink).toHaveAccessibleName('Cart, 3 items');
    await expect(notice).toHaveCount(0);
    await quoteSettled(page);
    const firstTotal = await totalShown(page);
    // Two products sent the same way travel together: one delivery, on a line of its own.
    const price = page
      .getByRole('region', { name: 'Order summary' })
      .getByRole('group', { name: 'Price' });
    await expect(price.locator('dt')).toHaveText([
      'Products3 items',
      /^Standard delivery2 products travel together · Arrives in 5 days \(by \w{3} \d{1,2} \w{3}\)$/,
      'VAT (7.5%)',
      'Total',
    ]);
    await expect(price.locator('dd').nth(1)).toHaveText('₦2,500.00');
    await cartLine(page, 'Fingertip pulse oximeter')
      .getByRole('button', { name: 'One more Fingertip pulse oximeter' })
      .click();
    await expect(cartLink).toHaveAccessibleName('Cart, 4 items');
    await quoteSettled(page);
    const secondTotal = await totalShown(page);
    expect(secondTotal).not.toBe(firstTotal);
    await cartLine(page, 'Peak flow meter')
      .getByRole('combobox', { name: /Shipping/ })
      .click();
    await page.getByRole('option', { name: /Express delivery/ }).click();
    await quoteSettled(page);
    await expect.poll(() => totalShown(page)).not.toBe(secondTotal);
    // Now two methods: two deliveries, each paid once.
    await expect(price.locator('dt')).toHaveText([
      'Products4 items',
      /^Express delivery/,
      /^Standard delivery/,
      'VAT (7.5%)',
      'Total',
    ]);
    // Contact details come from the profile; the address is typed once and kept.
    const checkout = page.getByRole('form', { name: 'Your details' });
    await expect(checkout.getByLabel('First name')).toHaveValue('Adaeze');
    await expect(checkout.getByLabel('Last name')).toHaveValue('Okafor');
    await checkout.getByLabel('Address').fill('14 Admiralty Way, Lekki Phase 1');
    await checkout.getByLabel('Landmark (optional)').fill('opposite the First Bank');
    await checkout.getByLabel('City').fill('Lagos');
    // The state is one of a list, as the server takes only those.
    await checkout.getByLabel('State').selectOption('Lagos');
    await checkout.getByLabel('Second phone (optional)').fill('+234 809 555 0202');
    await expectAccessible(page);
    await snap(keepScreenshot, page, 'cart-1280');
    const deliveryTotal = await totalShown(page);

    // One click places the order; the confirmation says what happens next and the cart empties.
    await page.getByRole('button', { name: 'Place order' }).dblclick();
    await expect(
      page.getByRole('heading', { name: 'Thank you, your order is placed' }),
    ).toBeVisible();
    const deliveryRef = await orderNumberShown(page);
    await expect(page.getByText(/Payment is on delivery/)).toBeVisible();
    await expect(page.getByRole('region', { name: `Order ${deliveryRef}` })).toContainText(
      deliveryTotal,
    );
    await expect(cartLink).toHaveAccessibleName('Cart, empty');
    await expect(page.getByText(/^Placed .* · Expected by \w{3} \d{1,2} \w{3}$/)).toBeVisible();
    const deliveryFacts = page.getByRole('region', { name: 'Delivery' });
    await expect(deliveryFacts).toContainText('Landmarkopposite the First Bank');
    await expect(deliveryFacts).toContainText('Second phone+234 809 555 0202');
    await expectAccessible(page);
    await snap(keepScreenshot, page, 'order-confirmation-1280');

    // The second order, at 600 px: picked up, so no shipping and no address.
    await page.setViewportSize(viewports.narrow);
    await page.goto('/store');
    await expect(productCard(page, 'Digital thermometer')).toBeVisible();
    await expectAccessible(page);
    await snap(keepScreenshot, page, 'store-600');
    await productCard(page, 'Digital thermometer')
      .getByRole('button', { name: 'Add to cart: Digital thermometer' })
      .click();
    await page.getByRole('banner').getByRole('link', { name: 'Cart, 1 item' }).click();
    await page.getByRole('radio', { name: 'Pickup' }).click();
    const pickupForm = page.getByRole('form', { name: 'Your details' });
    await expect(pickupForm.getByLabel('Phone', { exact: true })).toHaveValue('+234 803 555 0101');
    await expect(pickupForm.getByLabel('Address')).toHaveCount(0);
    await expect(cartLine(page, 'Digital thermometer')).toContainText('Pickup: no shipping cost');
    await quoteSettled(page);
    await expectAccessible(page);
    await snap(keepScreenshot, page, 'cart-600');
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(
      page.getByRole('heading', { name: 'Thank you, your order is placed' }),
    ).toBeVisible();
    const pickupRef = await orderNumberShown(page);
    await expect(page.getByText(/Payment is at pickup/)).toBeVisible();
    await expectAccessible(page);
    await snap(keepScreenshot, page, 'order-confirmation-600');

    // The orders: newest first, each with its state.
    await page.goto('/store/orders');
    const orders = page.getByRole('list', { name: 'Your orders' }).getByRole('listitem');
    await expect(orders).toHaveCount(2);
    await expect(orders.nth(0)).toContainText(`Order ${pickupRef}`);
    await expect(orders.nth(1)).toContainText(`Order ${deliveryRef}`);
    await expect(orders.nth(1)).toContainText('Placed');
    await expectAccessible(page);
    await snap(keepScreenshot, page, 'orders-600');

    // Someone who is not an administrator is turned away from the back office.
    await page.goto('/store/admin/orders');
    await expect(
      page.getByRole('heading', { name: /for the store’s administrators/ }),
    ).toBeVisible();

    // An administrator, in a browser of their own, ships the delivery order.
    const login = await request.post('/api/v1/identity/login', {
      data: { Username: admin.email, password: admin.password },
    });
    expect(login.status(), await login.text()).toBe(200);
    const adminTokens = (await login.json()) as { token: string; refreshToken: string };
    await answerAssessment(request, adminTokens.token);
    const adminContext = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      viewport: viewports.wide,
    });
    const adminPage = await adminContext.newPage();
    await adminPage.goto('/policy');
    await adminPage.evaluate(({ token, refreshToken }) => {
      window.localStorage.setItem('accessToken', token);
      window.localStorage.setItem('refreshToken', refreshToken);
    }, adminTokens);
    await adminPage.goto('/store');
    await adminPage.getByRole('link', { name: 'Manage the store' }).click();
    await expect(adminPage).toHaveURL('/store/admin/products');
    await expect(adminPage.getByRole('table', { name: 'Products' })).toContainText(
      'Fingertip pulse oximeter',
    );
    await expectAccessible(adminPage);
    await snap(keepScreenshot, adminPage, 'store-admin-products-1280');
    await adminPage.getByRole('tab', { name: 'Orders' }).click();
    const adminOrder = adminPage.getByRole('listitem', { name: `Order ${deliveryRef}` });
    await expect(adminOrder).toContainText('Placed');
    await expect(adminOrder.getByRole('button', { name: /^Mark ready for pickup/ })).toHaveCount(0);
    // Unpaid, it is held until a time; confirming it keeps it past then.
    await expect(adminOrder).toContainText(
      /Unpaid: released \d+ \w+ \d{4}, \d\d:\d\d unless confirmed/,
    );
    await expectAccessible(adminPage);
    await snap(keepScreenshot, adminPage, 'store-admin-orders-1280');
    await adminOrder.getByRole('button', { name: `Confirm: order ${deliveryRef}` }).click();
    await expect(adminOrder).toContainText(/Confirmed \d+ \w+ \d{4}/);
    await adminOrder.getByRole('button', { name: `Mark shipped: order ${deliveryRef}` }).click();
    await expect(adminOrder).toContainText('Shipped');
    await expect(
      adminOrder.getByRole('button', { name: `Mark delivered: order ${deliveryRef}` }),
    ).toBeVisible();
    await adminContext.close();

    // The buyer sees the order on its way.
    await page.setViewportSize(viewports.wide);
    await page.goto('/store/orders');
    const shipped = page.getByRole('listitem').filter({ hasText: `Order ${deliveryRef}` });
    await expect(shipped).toContainText('Shipped');
    await expectAccessible(page);
    await snap(keepScreenshot, page, 'orders-1280');
    await shipped.getByRole('link').click();
    await expect(page.getByRole('region', { name: `Order ${deliveryRef}` })).toContainText(
      'Your order is on its way',
    );
    await expect(page.getByRole('list', { name: 'Progress of the order' })).toContainText(
      'Shipped',
    );
    await expectAccessible(page);
    await snap(keepScreenshot, page, 'order-1280');
  });
});
