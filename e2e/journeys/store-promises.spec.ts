import type { APIRequestContext } from '@playwright/test';
import { waitForMail } from '../fixtures/mail-outbox.ts';
import { staff } from '../fixtures/staff.mjs';
import {
  expect,
  keepMailScreenshots,
  staffTokens,
  test,
  viewports,
} from '../fixtures/vitalia.fixture.ts';

const admin = staff.find((person) => person.role === 'ADMIN')!;
const phone = { width: 390, height: 844 };

interface Listed {
  productID: string;
  productName: string;
  stock: { available: number };
}

async function aProductInStock(request: APIRequestContext): Promise<Listed> {
  const answer = await request.get('/api/v1/store/products?limit=50');
  const { items } = (await answer.json()) as { items: Listed[] };
  return items.find((item) => item.stock.available > 5)!;
}

async function stockOf(request: APIRequestContext, productID: string): Promise<number> {
  const answer = await request.get(`/api/v1/store/products/${productID}`);
  return ((await answer.json()) as Listed).stock.available;
}

async function placePickupOrder(
  request: APIRequestContext,
  token: string,
  productID: string,
  email: string,
): Promise<string> {
  const answer = await request.post('/api/v1/store/orders', {
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': crypto.randomUUID() },
    data: {
      items: [{ productID, count: 1 }],
      fulfilment: 'pickup',
      contact: { firstName: 'Adaeze', surname: 'Okafor', phone: '+234 803 555 0101', email },
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { orderID: string }).orderID;
}

const reference = (id: string) => id.replaceAll('-', '').slice(0, 8).toUpperCase();

test('the store keeps its word: mail at each step with the pickup place, payment recorded, a cancel returns the stock', async ({
  page,
  browser,
  request,
  signInWithStoredToken,
  expectAccessible,
  keepScreenshot,
}, testInfo) => {
  test.setTimeout(90_000);
  // A new account's address is confirmed by the link that made it, so it may order at once.
  const buyer = await signInWithStoredToken(page);
  const product = await aProductInStock(request);
  const orderId = await placePickupOrder(request, buyer.token, product.productID, buyer.username);

  // Nothing is paid yet, so the first mail says what to pay and where, and is no receipt. The
  // outbox reads the subject as sent: with ₦ in it, in encoded words (is_placed).
  const receipt = await waitForMail({ to: buyer.username, subject: /is[ _]placed/ });
  expect(receipt.subject).not.toMatch(/receipt/);
  expect(receipt.text).not.toMatch(/receipt/i);
  expect(receipt.text).toContain('Nothing is paid yet');
  expect(receipt.text).toMatch(/You pay ₦[\d,.]+ when you collect it\./);
  expect(receipt.text).toContain(`Order ${reference(orderId)}`);
  expect(receipt.text).toMatch(/Products \(1 item\): ₦/);
  expect(receipt.text).toContain('Pickup: Free');
  expect(receipt.text).toMatch(/VAT \(7\.5%\): ₦/);
  expect(receipt.text).toContain('14 Admiralty Way');
  await keepMailScreenshots(page, receipt.html, 'order-receipt-mail');

  // The administrator, in a browser of their own, marks it ready, then takes the payment.
  const adminTokens = await staffTokens(request, admin);
  const ready = await request.post(`/api/v1/store/admin/orders/${orderId}/status`, {
    headers: { authorization: `Bearer ${adminTokens.token}` },
    data: { status: 'ready_for_pickup' },
  });
  expect(ready.status(), await ready.text()).toBe(200);
  const readyMail = await waitForMail({ to: buyer.username, subject: /is ready to collect$/ });
  expect(readyMail.text).toMatch(
    /Collect it at .*14 Admiralty Way.*, Monday to Saturday, 09:00 to 18:00\./,
  );
  await keepMailScreenshots(page, readyMail.html, 'order-ready-mail');

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
  await adminPage.goto('/store/admin/orders');
  const card = adminPage.getByRole('listitem', { name: `Order ${reference(orderId)}` });
  await card.getByRole('button', { name: `Payment received: order ${reference(orderId)}` }).click();
  await expect(card).toContainText(/Paid \d+ \w+ \d{4}/);
  await adminContext.close();

  // The buyer sees it paid, and where to collect it.
  await page.setViewportSize(viewports.wide);
  await page.goto(`/store/orders/${orderId}`);
  const pickup = page.getByRole('region', { name: 'Pickup' });
  await expect(pickup).toContainText(/Paid \d+ \w+ \d{4}/);
  await expect(pickup).toContainText('14 Admiralty Way');
  await expect(page.getByText('Your order is ready to collect. It is paid.')).toBeVisible();
  await expectAccessible(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await keepScreenshot(page, 'order-paid-1280');
  await page.setViewportSize(phone);
  await keepScreenshot(page, 'order-paid-390');

  // Another order, cancelled by the buyer from its page: the stock is back.
  const before = await stockOf(request, product.productID);
  const second = await placePickupOrder(request, buyer.token, product.productID, buyer.username);
  expect(await stockOf(request, product.productID)).toBe(before - 1);
  await page.setViewportSize(viewports.wide);
  await page.goto(`/store/orders/${second}`);
  // Unpaid and not confirmed, it is held until a time the page names.
  await expect(
    page.getByText(
      /^We hold your order until \d+ \w+ \d{4}, \d\d:\d\d\. If by then it is neither paid nor confirmed/,
    ),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Cancel order' }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel order ${reference(second)}?` });
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  const cancelled = page.getByRole('region', { name: `Order ${reference(second)}` });
  // The status chip beside the order's heading.
  await expect(cancelled.locator('.MuiChip-label').first()).toHaveText('Cancelled');
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  expect(await stockOf(request, product.productID)).toBe(before);
  await waitForMail({ to: buyer.username, subject: /is cancelled$/ });
});
