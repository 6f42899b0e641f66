import type { Page } from '@playwright/test';
import {
  assessmentQuestions,
  expect,
  measureCount,
  recordThroughApi,
  registerThroughApi,
  storeSession,
  test,
} from '../fixtures/vitalia.fixture.ts';

// What a person sees after an urgent reading, checked against docs/decisions/0019-clinical-safety.md written out
// by hand: SpO2 92 % or less is emergency care now, and the banner stays until a newer reading of
// that measure is not urgent.

const wide = { width: 1280, height: 900 };
const phone = { width: 390, height: 844 };

const bannerName = 'Urgent: oxygen saturation 90 %';

function urgentBanner(page: Page) {
  return page.getByRole('alert', { name: bannerName });
}

async function expectBanner(page: Page) {
  const banner = urgentBanner(page);
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('Get emergency care now');
  await expect(banner).toContainText('Oxygen saturation: 90 %, taken');
  await expect(banner).toContainText('What to do first:');
  await expect(banner).toContainText('Signs of an emergency:');
  await expect(banner.getByRole('link', { name: 'Call 112' })).toHaveAttribute('href', 'tel:112');
  return banner;
}

async function pageWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

test('an urgent oxygen reading shows a banner until a newer reading is not urgent', async ({
  page,
  request,
  signInWithStoredToken,
  expectAccessible,
  keepScreenshot,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(wide);
  const session = await signInWithStoredToken(page);
  await recordThroughApi(request, session, { Tag: 'SPO2Value', TagValue: '90' }, 10);
  await recordThroughApi(request, session, { Tag: 'Temperature', TagValue: '36.8' }, 60);

  // The dashboard: the banner stands above the score.
  await page.goto('/');
  const banner = await expectBanner(page);
  const score = page.getByRole('region', { name: 'Health score' });
  await expect(score).toBeVisible();
  const [bannerBox, scoreBox] = [await banner.boundingBox(), await score.boundingBox()];
  expect(bannerBox!.y + bannerBox!.height).toBeLessThanOrEqual(scoreBox!.y);
  await expectAccessible(page);
  await keepScreenshot(page, 'urgent-banner-dashboard-1280');

  await page.setViewportSize(phone);
  await expectBanner(page);
  expect(await pageWidth(page)).toBeLessThanOrEqual(phone.width);
  await expectAccessible(page);
  await keepScreenshot(page, 'urgent-banner-dashboard-390');

  // My Health, at a phone's width and a laptop's.
  await page.goto('/healths');
  await expectBanner(page);
  expect(await pageWidth(page)).toBeLessThanOrEqual(phone.width);
  await expectAccessible(page);
  await keepScreenshot(page, 'urgent-banner-my-health-390');
  await page.setViewportSize(wide);
  await expectBanner(page);
  await expectAccessible(page);
  await keepScreenshot(page, 'urgent-banner-my-health-1280');

  // The measure's page, where the next reading is typed.
  await page.goto('/healths/oxygen');
  await expectBanner(page);
  await expectAccessible(page);

  // A newer reading of 97 % is not urgent: the banner leaves as soon as it is saved.
  await page.getByRole('button', { name: 'Add reading' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add a reading: Oxygen saturation' });
  await dialog.getByLabel('Oxygen saturation (SpO2)').fill('97');
  await dialog.getByRole('button', { name: 'Save reading' }).click();
  await expect(dialog).toBeHidden();
  await expect(urgentBanner(page)).toHaveCount(0);

  for (const path of ['/', '/healths']) {
    await page.goto(path);
    await expect(page.getByText('Temperature').first()).toBeVisible();
    await expect(page.getByRole('alert', { name: /^Urgent:/ })).toHaveCount(0);
  }
  await expect(page.getByRole('region', { name: 'Oxygen saturation' })).toContainText('97');
});

test('a reading that needs a doctor today says so; old readings and the week’s pressure are shown', async ({
  page,
  request,
  signInWithStoredToken,
  expectAccessible,
  keepScreenshot,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(phone);
  const session = await signInWithStoredToken(page);
  const day = 24 * 60;
  await recordThroughApi(request, session, { Tag: 'SPO2Value', TagValue: '93' }, 20);
  await recordThroughApi(
    request,
    session,
    { Tag: 'Cholesterol Value', TagValue: '180' },
    120 * day,
  );
  const pressure = { Tag: 'Systolic', MinTag: 'Diastolic' };
  await recordThroughApi(request, session, { ...pressure, TagValue: '126', MinTagValue: '82' }, 30);
  await recordThroughApi(
    request,
    session,
    { ...pressure, TagValue: '131', MinTagValue: '86' },
    day,
  );
  await recordThroughApi(
    request,
    session,
    { ...pressure, TagValue: '150', MinTagValue: '95' },
    9 * day,
  );

  await page.goto('/healths');
  const banner = page.getByRole('alert', { name: 'Urgent: oxygen saturation 93 %' });
  await expect(banner).toContainText('Contact a doctor today');
  await expect(banner).not.toContainText('Get emergency care now');
  await expect(banner.getByRole('link', { name: 'Call 112' })).toHaveAttribute('href', 'tel:112');
  // Three measured, two followed (cholesterol is old); 126/82 is elevated: none in range.
  const measures = await measureCount(request, session);
  await expect(page.getByTestId('health-score')).toHaveText(
    `In range: 0 of 2 · 3 of ${measures} measured`,
  );
  const cholesterol = page.getByRole('region', { name: 'Cholesterol', exact: true });
  await expect(cholesterol).toContainText('Old reading: over 90 days old');
  // The last 7 days: 126/82 and 131/86, not the reading of 9 days ago.
  await expect(page.getByRole('region', { name: 'Blood pressure', exact: true })).toContainText(
    '7-day average 129/84 mmHg (2 readings)',
  );
  expect(await pageWidth(page)).toBeLessThanOrEqual(phone.width);
  await expectAccessible(page);
  await keepScreenshot(page, 'urgent-today-my-health-390');

  await page.setViewportSize(wide);
  await page.goto('/');
  await expect(page.getByRole('alert', { name: 'Urgent: oxygen saturation 93 %' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Cholesterol' })).toContainText('Old reading');
  await expectAccessible(page);
  await keepScreenshot(page, 'urgent-today-dashboard-1280');
});

test('readings that are urgent only together raise one banner that names them and says why', async ({
  page,
  request,
  signInWithStoredToken,
  expectAccessible,
  keepScreenshot,
}) => {
  await page.setViewportSize(phone);
  const session = await signInWithStoredToken(page);
  // Each alone asks at most for a doctor today: a fever of 39.0, a pressure of 88/58, a pulse of
  // 118. Together they are an emergency.
  await recordThroughApi(request, session, { Tag: 'Temperature', TagValue: '39.0' }, 30);
  await recordThroughApi(
    request,
    session,
    { Tag: 'Systolic', TagValue: '88', MinTag: 'Diastolic', MinTagValue: '58' },
    20,
  );
  await recordThroughApi(request, session, { Tag: 'Pulse Value', TagValue: '118' }, 10);

  await page.goto('/');
  const banner = page.getByRole('alert', { name: 'Urgent: 3 readings together' });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('Get emergency care now');
  await expect(banner).toContainText('Together, these readings need care:');
  await expect(banner).toContainText('Pulse: 118 bpm, taken');
  await expect(banner).toContainText('Blood pressure: 88/58 mmHg, taken');
  await expect(banner).toContainText('Temperature: 39.0 °C, taken');
  await expect(banner).toContainText('Possible serious infection:');
  await expect(banner).toContainText('sepsis or severe malaria');
  await expect(banner).toContainText('nearest hospital emergency unit');
  await expect(banner.getByRole('link', { name: 'Call 112' })).toHaveAttribute('href', 'tel:112');
  // The readings' own banners ('today' alone) say that together they need more, and leave the
  // call to the banner above: one answer, one number to press.
  const pressure = page.getByRole('alert', { name: 'Urgent: blood pressure 88/58 mmHg' });
  await expect(pressure).toContainText(
    'Read with your other readings, this needs emergency care now: follow the banner above first.',
  );
  await expect(page.getByRole('link', { name: 'Call 112' })).toHaveCount(1);
  // Nothing covers it: the link can be pressed where it is.
  await banner.getByRole('link', { name: 'Call 112' }).click({ trial: true });
  expect(await pageWidth(page)).toBeLessThanOrEqual(phone.width);
  await expectAccessible(page);
  await keepScreenshot(page, 'urgent-together-dashboard-390');
});

test('a new person with an urgent reading gets the banner, and the questionnaire waits', async ({
  page,
  request,
}) => {
  await page.setViewportSize(phone);
  // Not yet assessed: the questionnaire would open by itself on the first page.
  const session = await registerThroughApi(request, { assessed: false });
  await recordThroughApi(request, session, { Tag: 'SPO2Value', TagValue: '90' }, 5);
  await storeSession(page, session);
  await page.goto('/');
  const banner = await expectBanner(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // The call link is pressable where it is: nothing lies over it.
  await banner.getByRole('link', { name: 'Call 112' }).click({ trial: true });

  // Once no reading is urgent, the questionnaire asks as it does for anyone new.
  await recordThroughApi(request, session, { Tag: 'SPO2Value', TagValue: '97' }, 1);
  await page.reload();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(urgentBanner(page)).toHaveCount(0);
});

test('what a person tells the questionnaire changes only what it says: a fever with sickle cell is an emergency', async ({
  page,
  request,
  expectAccessible,
  keepScreenshot,
}) => {
  await page.setViewportSize(phone);
  const session = await registerThroughApi(request, { assessed: false });
  await storeSession(page, session);
  await page.goto('/');
  const dialog = page.getByRole('dialog', { name: 'Assessment form' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('they do not change how a reading is rated');
  for (const question of assessmentQuestions) {
    await dialog.getByRole('group', { name: question }).getByRole('button', { name: 'No' }).click();
  }
  const sickle = dialog.getByRole('group', { name: 'Do you have sickle cell disease?' });
  await sickle.scrollIntoViewIfNeeded();
  await expect(dialog).toContainText(
    'A temperature of 38.0 °C or more is treated as an emergency (fever in sickle cell disease needs care now).',
  );
  await sickle.getByRole('button', { name: 'Yes' }).click();
  expect(await pageWidth(page)).toBeLessThanOrEqual(phone.width);
  await expectAccessible(page);
  await keepScreenshot(page, 'assessment-health-questions-390');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('User assessment saved successfully')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // A fever of 38.4 would be 'contact a doctor today' with a malaria test; with sickle cell it
  // is emergency care now.
  await recordThroughApi(request, session, { Tag: 'Temperature', TagValue: '38.4' }, 5);
  await page.reload();
  const banner = page.getByRole('alert', { name: 'Urgent: temperature 38.4 °C' });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('Get emergency care now');
  await expect(banner).toContainText('With sickle cell disease a fever is an emergency.');
  await expect(banner).toContainText('nearest hospital emergency unit');
  await expect(banner.getByRole('link', { name: 'Call 112' })).toHaveAttribute('href', 'tel:112');
  await keepScreenshot(page, 'urgent-sickle-cell-fever-390');
});
