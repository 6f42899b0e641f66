import type { Page } from '@playwright/test';
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
