import { expect, test, viewports } from '../fixtures/vitalia.fixture.ts';

const android =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

test('where you are signed in: this device marked, another phone ended from the list', async ({
  page,
  request,
  signInWithStoredToken,
  expectAccessible,
  keepScreenshot,
}) => {
  const session = await signInWithStoredToken(page);
  // The same person signed in on a phone too, from another address.
  const phone = await request.post('/api/v1/identity/login', {
    data: { Username: session.username, password: session.password },
    headers: { 'user-agent': android, 'x-forwarded-for': '203.0.113.45' },
  });
  expect(phone.status(), await phone.text()).toBe(200);
  const phoneToken = ((await phone.json()) as { token: string }).token;

  await page.setViewportSize(viewports.wide);
  await page.goto('/account/security');
  const list = page.getByRole('list', { name: 'Sessions' });
  const rows = list.getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('This device');
  // The session in use has no 'last used' time: its stamp dates from sign-in or the last refresh.
  await expect(rows.first()).not.toContainText(/last used|ago/i);
  await expect(rows.nth(1)).toContainText(/Last used/);
  await expect(rows.nth(1)).toContainText('Chrome on Android');
  await expect(rows.nth(1)).toContainText('203.0.113.45');
  await expectAccessible(page);
  await page
    .getByRole('region', { name: 'Where you are signed in' })
    .evaluate((element) => element.scrollIntoView());
  await page.evaluate(() => window.scrollTo(0, 0));
  await keepScreenshot(page, 'sessions-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await keepScreenshot(page, 'sessions-390');

  await page.getByRole('button', { name: /^End the session on / }).click();
  const dialog = page.getByRole('dialog', { name: 'End this session?' });
  await expect(dialog).toContainText('Chrome on Android at 203.0.113.45 is signed out at once');
  await dialog.getByRole('button', { name: 'End session' }).click();
  await expect(page.getByText('One session ended.')).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(page.getByText('No other device is signed in.')).toBeVisible();
  // The phone's next call is refused.
  const refused = await request.get('/api/v1/identity/profile', {
    headers: { authorization: `Bearer ${phoneToken}` },
  });
  expect(refused.status()).toBe(401);
});
