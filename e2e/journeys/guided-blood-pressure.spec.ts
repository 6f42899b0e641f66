import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, recordThroughApi, screenshotDir, test } from '../fixtures/vitalia.fixture.ts';

// The home protocol the guided blood pressure dialog follows: rest 5 minutes, two readings 1 minute
// apart, their average saved as the reading. The timers are skipped here; the countdowns have
// their own component test. 128/84 and 124/81 average to 126/82.5, rounded half up to 126/83:
// Elevated, yellow (systolic 122-129, diastolic 82-88).

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 900 };

async function expectRating(scope: Locator, colour: string, label: string) {
  // A table row holds its chip twice, one drawn at phone widths and one at wider ones.
  const chip = scope.locator(`[data-colour="${colour}"]`).filter({ visible: true }).first();
  await expect(chip).toBeVisible();
  await expect(chip).toHaveText(label);
}

/** The screen as the person sees it: a dialog covers the viewport, not the whole page. */
async function keepView(page: Page, name: string) {
  fs.mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`) });
}

async function enterPair(dialog: Locator, systolic: string, diastolic: string) {
  await dialog.getByLabel('Systolic').fill(systolic);
  await dialog.getByLabel('Diastolic').fill(diastolic);
}

async function measureGuided(
  page: Page,
  dialog: Locator,
  width: string,
  expectAccessible: (page: Page) => Promise<void>,
) {
  await expect(dialog.getByRole('heading', { name: 'Step 1 of 5: Sit and rest' })).toBeVisible();
  const timer = dialog.getByRole('timer');
  await expect(timer).toHaveText(/^[45]:\d\d$/);
  await expectAccessible(page);
  await keepView(page, `guided-bp-rest-${width}`);
  await dialog.getByRole('button', { name: 'Skip the rest' }).click();

  await expect(dialog.getByRole('heading', { name: 'Step 2 of 5: First reading' })).toBeVisible();
  await enterPair(dialog, '128', '84');
  await keepView(page, `guided-bp-first-${width}`);
  await dialog.getByRole('button', { name: 'Next: wait 1 minute' }).click();

  await expect(dialog.getByRole('heading', { name: 'Step 3 of 5: Wait 1 minute' })).toBeVisible();
  await expect(dialog.getByRole('timer')).toHaveText(/^[01]:\d\d$/);
  await keepView(page, `guided-bp-wait-${width}`);
  await dialog.getByRole('button', { name: 'Skip the wait' }).click();

  await enterPair(dialog, '124', '81');
  await dialog.getByRole('button', { name: 'Next: see the average' }).click();

  await expect(
    dialog.getByRole('heading', { name: 'Step 5 of 5: Save the average' }),
  ).toBeVisible();
  const readings = dialog.getByRole('list', { name: 'Your readings' });
  await expect(readings.getByRole('listitem')).toHaveText([
    /First reading\s*128\/84 mmHg/,
    /Second reading\s*124\/81 mmHg/,
    /Average, to be saved\s*126\/83 mmHg/,
  ]);
  await expectRating(
    dialog.getByRole('status', { name: 'What this reading means' }),
    'yellow',
    'Elevated',
  );
  await expectAccessible(page);
  await keepView(page, `guided-bp-review-${width}`);
  await dialog.getByRole('button', { name: 'Save the average' }).click();
  await expect(dialog).toBeHidden();
}

test.describe('Measuring blood pressure, guided', () => {
  test('saves the average of two readings as the newest reading, with its rating', async ({
    page,
    request,
    signInWithStoredToken,
    expectAccessible,
    keepScreenshot,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(desktop);
    const session = await signInWithStoredToken(page);
    // An older reading, so the average is seen to become the newest one.
    await recordThroughApi(
      request,
      session,
      { Tag: 'Systolic', TagValue: 142, MinTag: 'Diastolic', MinTagValue: 92 },
      2 * 24 * 60,
    );

    await page.goto('/healths/blood-pressure');
    await expect(page.getByRole('heading', { level: 2, name: 'Blood pressure' })).toBeVisible();
    await page.getByRole('button', { name: 'Measure blood pressure' }).click();
    const dialog = page.getByRole('dialog', { name: 'Measure blood pressure' });
    await measureGuided(page, dialog, '1280', expectAccessible);

    const latest = page.getByRole('region', { name: 'Latest reading' });
    await expect(latest).toContainText('126/83');
    await expectRating(latest, 'yellow', 'Elevated');
    const rows = page.getByRole('table', { name: 'Readings' }).getByRole('row');
    // The first row holds the column headings; the average is the newest reading.
    await expect(rows.nth(1)).toContainText('126/83');
    await expectRating(rows.nth(1), 'yellow', 'Elevated');
    await expect(rows.nth(2)).toContainText('142/92');
    await keepScreenshot(page, 'guided-bp-saved-1280');
  });

  test('works at phone width, from the blood pressure card on My Health', async ({
    page,
    signInWithStoredToken,
    expectAccessible,
    keepScreenshot,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(phone);
    await signInWithStoredToken(page);

    await page.goto('/healths');
    const card = page.getByRole('region', { name: 'Blood pressure', exact: true });
    await card.getByRole('link', { name: 'Measure blood pressure' }).click();
    const dialog = page.getByRole('dialog', { name: 'Measure blood pressure' });
    await measureGuided(page, dialog, '390', expectAccessible);

    const latest = page.getByRole('region', { name: 'Latest reading' });
    await expect(latest).toContainText('126/83');
    await expectRating(latest, 'yellow', 'Elevated');
    // Nothing wider than the phone.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await keepScreenshot(page, 'guided-bp-saved-390');
  });
});
