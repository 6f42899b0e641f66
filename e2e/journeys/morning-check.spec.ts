// The morning check (docs/decisions/0055-morning-check.md): several readings on one form, saved
// in one step with one summary; offline, each waits on the phone and is sent exactly once.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, viewports, type Session } from '../fixtures/vitalia.fixture.ts';

async function valuesOnServer(request: APIRequestContext, session: Session, tag: string) {
  const answer = await request.get('/api/v1/records/healths', {
    headers: { Authorization: `Bearer ${session.token}` },
    params: { tag, order: 'ASC', limit: 50 },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { items: { tagValue: string }[] }).items.map(
    (item) => item.tagValue,
  );
}

const entry = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

test('a morning check on a phone: four readings saved at once, then two kept offline and sent once', async ({
  page,
  context,
  request,
  signInWithStoredToken,
  expectAccessible,
  keepScreenshot,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(viewports.phone);
  const session = await signInWithStoredToken(page);

  // The installed app offers it on a long press of its icon.
  const manifest = await request.get('/manifest.webmanifest');
  expect(((await manifest.json()) as { shortcuts: { url: string }[] }).shortcuts).toContainEqual(
    expect.objectContaining({ url: '/healths/morning-check' }),
  );

  await page.goto('/healths');
  await page.getByRole('link', { name: 'Morning check' }).click();
  await expect(page).toHaveURL('/healths/morning-check');
  await expect(page.getByRole('heading', { level: 1, name: 'Morning Check' })).toBeVisible();
  await entry(page, 'Blood pressure').getByLabel('Systolic').fill('118');
  await entry(page, 'Blood pressure').getByLabel('Diastolic').fill('76');
  await entry(page, 'Pulse').getByRole('textbox').fill('64');
  await entry(page, 'Blood sugar').getByRole('textbox').fill('92');
  await entry(page, 'BMI').getByRole('textbox').fill('23.4');
  await expectAccessible(page);
  await keepScreenshot(page, 'morning-check-390');
  await page.getByRole('button', { name: 'Save 4 readings' }).click();

  await expect(page.getByText('Saved: Blood pressure, pulse, blood sugar and BMI')).toBeVisible();
  await keepScreenshot(page, 'morning-check-saved-390');
  expect(await valuesOnServer(request, session, 'Systolic')).toEqual(['118']);
  expect(await valuesOnServer(request, session, 'Pulse Value')).toEqual(['64']);
  expect(await valuesOnServer(request, session, 'Blood-sugar')).toEqual(['92']);

  // The next morning's check holds only pulse and temperature, remembered on this phone.
  await page.getByRole('button', { name: 'Another check' }).click();
  for (const measure of ['Blood pressure', 'Blood sugar', 'BMI', 'Temperature']) {
    await page.getByRole('checkbox', { name: measure, exact: true }).click();
  }
  await page.reload();
  await expect(page.getByRole('button', { name: 'Save 2 readings' })).toBeVisible();
  await context.setOffline(true);
  await entry(page, 'Pulse').getByRole('textbox').fill('71');
  await entry(page, 'Temperature').getByRole('textbox').fill('36.9');
  await page.getByRole('button', { name: 'Save 2 readings' }).click();
  await expect(page.getByText('Kept on this phone: Pulse and temperature')).toBeVisible();
  await keepScreenshot(page, 'morning-check-offline-390');

  // The network back: each reading is sent once.
  await context.setOffline(false);
  await expect
    .poll(() => valuesOnServer(request, session, 'Pulse Value'), { timeout: 30_000 })
    .toEqual(['64', '71']);
  // (The outbox sends one after the other.)
  await expect
    .poll(() => valuesOnServer(request, session, 'Temperature'), { timeout: 30_000 })
    .toEqual(['36.9']);
  // Once each: nothing more arrives after both are in.
  expect(await valuesOnServer(request, session, 'Pulse Value')).toEqual(['64', '71']);
});
