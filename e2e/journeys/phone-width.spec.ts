import type { Locator, Page } from '@playwright/test';
import { staff } from '../fixtures/staff.mjs';
import { expect, recordThroughApi, registerThroughApi, test } from '../fixtures/vitalia.fixture.ts';

/**
 * On a phone, no screen may be wider than the phone: a page that scrolls sideways hides its own
 * buttons off the edge (a readings table once did, through a visually hidden column heading),
 * and so does a box inside it that scrolls sideways.
 */
const phone = { width: 390, height: 844 };

async function signInWithTokens(page: Page, tokens: { token: string; refreshToken: string }) {
  await page.goto('/policy');
  await page.evaluate(({ token, refreshToken }) => {
    window.localStorage.setItem('accessToken', token);
    window.localStorage.setItem('refreshToken', refreshToken);
  }, tokens);
}

/** The pages among `paths` that are wider than the phone, with how wide. */
async function widerThanThePhone(page: Page, paths: readonly string[]): Promise<string[]> {
  const wide: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole('main')).toBeVisible();
    await page.waitForLoadState('networkidle');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width > phone.width) wide.push(`${path} is ${width} px wide`);
    // A table in a box that scrolls sideways fits the page but hides its last columns (a
    // product's Edit, a reading's Delete) off the edge of the phone.
    const boxes = await page.evaluate(() =>
      Array.from(document.querySelectorAll('main *'))
        .filter((element) => {
          const overflow = getComputedStyle(element).overflowX;
          return (
            (overflow === 'auto' || overflow === 'scroll') &&
            element.scrollWidth > element.clientWidth + 1
          );
        })
        .map(
          (element) =>
            `${element.querySelector('table')?.getAttribute('aria-label') ?? element.tagName} scrolls: ${element.scrollWidth} px in ${element.clientWidth}`,
        ),
    );
    wide.push(...boxes.map((box) => `${path}: ${box}`));
  }
  return wide;
}

test('a member’s screens fit a phone’s width', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(phone);
  const member = await registerThroughApi(request);
  const readings = [
    { Tag: 'Pulse Value', TagValue: '72' },
    { Tag: 'Systolic', TagValue: '142', MinTag: 'Diastolic', MinTagValue: '92' },
    { Tag: 'Blood-sugar', TagValue: '150' },
    { Tag: 'FEV2', TagValue: '78', MinTag: 'FEV1', MinTagValue: '85' },
  ];
  for (const [index, reading] of readings.entries()) {
    await recordThroughApi(request, member, reading, (index + 1) * 60);
  }
  await signInWithTokens(page, member);

  expect(
    await widerThanThePhone(page, [
      '/',
      '/healths',
      '/healths/pulse',
      '/healths/blood-pressure',
      '/healths/blood-sugar',
      '/healths/breathing',
      '/education',
      '/store',
      '/store/cart',
      '/store/orders',
      '/account',
      '/account/profile',
      '/account/security',
    ]),
  ).toEqual([]);
});

test('the administrators’ screens fit a phone’s width', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(phone);
  const admin = staff.find((person) => person.role === 'ADMIN')!;
  const login = await request.post('/api/v1/identity/login', {
    data: { Username: admin.email, password: admin.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  await signInWithTokens(page, (await login.json()) as { token: string; refreshToken: string });

  expect(
    await widerThanThePhone(page, [
      '/store/admin/products',
      '/store/admin/orders',
      '/education/admin',
    ]),
  ).toEqual([]);
});

/** The box of an element on screen; it fails the journey when the element has none. */
async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box, `${locator} on screen`).not.toBeNull();
  return box!;
}

/** Side by side in one row: the same top, and the second starts after the first ends. */
async function expectSideBySide(first: Locator, second: Locator) {
  const [a, b] = [await boxOf(first), await boxOf(second)];
  expect(Math.abs(a.y - b.y), 'the same top').toBeLessThanOrEqual(1);
  expect(a.x + a.width, 'no overlap').toBeLessThanOrEqual(b.x);
}

/** A tap target a finger can hit (44 px each way, WCAG 2.2's enhanced target size). */
async function expectTapTarget(locator: Locator) {
  const box = await boxOf(locator);
  expect(box.height, `${locator} height`).toBeGreaterThanOrEqual(44);
  expect(box.width, `${locator} width`).toBeGreaterThanOrEqual(44);
}

// Dense layouts on a phone (docs/decisions/0052-dense-phone-layouts.md): two tiles a row, two
// products a row, and My Health's tools before its ten measure cards.
test('a phone shows two measures and two products a row, and My Health’s tools first', async ({
  page,
  request,
  keepScreenshot,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(phone);
  const member = await registerThroughApi(request);
  await recordThroughApi(request, member, { Tag: 'Pulse Value', TagValue: '72' }, 60);
  await recordThroughApi(
    request,
    member,
    { Tag: 'Systolic', TagValue: '142', MinTag: 'Diastolic', MinTagValue: '92' },
    120,
  );
  await signInWithTokens(page, member);

  await page.goto('/');
  const tiles = page.getByRole('region', { name: 'Your measures' }).getByRole('article');
  await expect(tiles).toHaveCount(2);
  await expectSideBySide(tiles.nth(0), tiles.nth(1));
  // Still readable at half the width: the value with its unit, and the rating's colour and label.
  const pulse = page.getByRole('article', { name: 'Pulse' });
  await expect(pulse).toContainText('72 bpm');
  await expect(pulse.locator('[data-colour="green"]')).toHaveText('Normal');
  await expect(pulse.locator('[data-colour="green"]')).toBeVisible();
  await expect(page.getByRole('article', { name: 'Blood pressure' })).toContainText('142/92 mmHg');
  await expectTapTarget(pulse.getByRole('link'));
  await expectTapTarget(
    page.getByRole('region', { name: 'Not recorded yet' }).getByRole('link').first(),
  );
  await keepScreenshot(page, 'dashboard-tiles-390');

  await page.goto('/store');
  const products = page.getByRole('region', { name: 'Products' }).getByRole('article');
  await expect(products.first()).toBeVisible();
  await expectSideBySide(products.nth(0), products.nth(1));
  await expectSideBySide(products.nth(2), products.nth(3));
  await expectTapTarget(products.first().getByRole('button', { name: /^Add to cart: / }));
  await keepScreenshot(page, 'store-grid-390');

  await page.goto('/healths');
  const reminders = page.getByRole('region', { name: 'Reminders' });
  const share = page.getByRole('region', { name: 'Share with your doctor' });
  const importing = page.getByRole('region', { name: 'Bring in your history' });
  const measures = page.getByRole('heading', { name: 'Your measures' });
  await expect(reminders).toBeVisible();
  for (const tool of [reminders, share, importing]) {
    const [toolBox, measuresBox] = [await boxOf(tool), await boxOf(measures)];
    expect(toolBox.y + toolBox.height, `${tool} above the measures`).toBeLessThanOrEqual(
      measuresBox.y,
    );
  }
  await expectSideBySide(share, importing);
  await expectTapTarget(share.getByRole('link', { name: 'Share your readings' }));
  await expectTapTarget(importing.getByRole('button', { name: 'Import readings' }));
  await keepScreenshot(page, 'my-health-tools-390');

  // A laptop keeps three tiles a row, and the three tools in one.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectSideBySide(reminders, share);
  await expectSideBySide(share, importing);
  await keepScreenshot(page, 'my-health-tools-1280');
  await page.goto('/');
  await expectSideBySide(tiles.nth(0), tiles.nth(1));
});

/** Where the focus is: its role or tag, its name, and its top on the page. */
async function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || !element.closest('main')) return null;
    const label =
      (element.id && document.querySelector(`label[for="${CSS.escape(element.id)}"]`)) ||
      element.closest('label');
    return {
      what: element.getAttribute('role') ?? element.getAttribute('type') ?? element.tagName,
      name: (element.getAttribute('aria-label') ?? label?.textContent ?? element.textContent ?? '')
        .replace(/\s+/g, ' ')
        .trim(),
      top: Math.round(element.getBoundingClientRect().top + window.scrollY),
    };
  });
}

test('the checkout on a phone: named choices, Delivery or Pickup in two keys, and Tab in page order', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(phone);
  const member = await registerThroughApi(request);
  await signInWithTokens(page, member);
  await page.goto('/store');
  const adds = page.getByRole('region', { name: 'Products' }).getByRole('button', {
    name: /^Add to cart: /,
  });
  for (const index of [0, 1, 2]) await adds.nth(index).click();
  await page.goto('/store/cart');

  // Every radio group says what it is a choice of, by the heading a person sees.
  const choice = page.getByRole('radiogroup', { name: 'How would you like to get it?' });
  await expect(choice.getByRole('radio', { name: 'Delivery', exact: true })).toBeChecked();
  const groups = page.getByRole('radiogroup');
  for (const group of await groups.all()) await expect(group).toHaveAccessibleName(/\S/);

  // Past three products' links, counts, Remove and shipping in one step.
  const goToCheckout = page.getByRole('link', { name: 'Go to checkout' });
  await goToCheckout.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(choice.getByRole('radio', { name: 'Delivery', exact: true })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(choice.getByRole('radio', { name: 'Pickup', exact: true })).toBeChecked();
  await expect(page.getByText('No shipping cost. Collect it at')).toBeVisible();

  // From the top of the page, each Tab goes down it, never back up, until it leaves the page.
  await page.goto('/store/cart');
  await expect(choice).toBeVisible();
  await page.keyboard.press('Tab');
  const stops: { what: string; name: string; top: number }[] = [];
  for (let press = 0; press < 60; press += 1) {
    const stop = await focused(page);
    if (stop) stops.push(stop);
    else if (stops.length > 0) break;
    await page.keyboard.press('Tab');
  }
  const names = stops.map((stop) => stop.name);
  expect(names).toContain('Go to checkout');
  expect(names).toContain('Pickup');
  expect(names).toContain('First name');
  expect(names.indexOf('Go to checkout')).toBeLessThan(names.indexOf('Pickup'));
  expect(names.indexOf('Pickup')).toBeLessThan(names.indexOf('First name'));
  const upward = stops.filter((stop, index) => index > 0 && stop.top < stops[index - 1]!.top - 4);
  expect(upward, JSON.stringify(stops, null, 1)).toEqual([]);
});
