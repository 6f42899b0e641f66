import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  closeNotice,
  expect,
  measureCount,
  recordThroughApi,
  screenshotDir,
  storeSession,
  test,
  viewports,
  type Session,
} from '../fixtures/vitalia.fixture.ts';

// The colours and labels below are docs/clinical-reference.md's, written out by hand: the journeys
// check what a person sees against the decision, not against the code that implements it.

/** A profile that lets pulse be rated for age and sex, and a weight become a BMI. */
async function fillProfile(request: APIRequestContext, session: Session) {
  const answer = await request.put('/api/v1/identity/profile', {
    headers: { Authorization: `Bearer ${session.token}` },
    data: {
      FirstName: 'Ada',
      LastName: 'Okafor',
      DOB: '1990-05-17',
      Gender: 'Female',
      HeightMM: 1650,
    },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

function card(page: Page, name: string): Locator {
  return page.getByRole('region', { name, exact: true });
}

async function openForm(page: Page, name: string): Promise<Locator> {
  await card(page, name).getByRole('button', { name: 'Add reading' }).click();
  const dialog = page.getByRole('dialog', { name: `Add a reading: ${name}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function expectRating(scope: Locator, colour: string, label: string) {
  // A table row holds its chip twice, one drawn at phone widths and one at wider ones.
  const chip = scope.locator(`[data-colour="${colour}"]`).filter({ visible: true }).first();
  await expect(chip).toBeVisible();
  await expect(chip).toHaveText(label);
}

async function dismissNotice(page: Page, text: string) {
  await closeNotice(page.getByRole('alert').filter({ hasText: text }));
}

async function save(page: Page, dialog: Locator, name: string, colour: string, label: string) {
  await expectRating(
    dialog.getByRole('status', { name: 'What this reading means' }),
    colour,
    label,
  );
  await dialog.getByRole('button', { name: 'Save reading' }).click();
  await expect(dialog).toBeHidden();
  await expectRating(card(page, name), colour, label);
}

test.describe('My Health', () => {
  test('records one reading of each measure and shows the colour and label decided for it', async ({
    page,
    request,
    signInWithStoredToken,
    expectAccessible,
    keepScreenshot,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewports.wide);
    const session = await signInWithStoredToken(page);
    await fillProfile(request, session);

    await page.goto('/healths');
    await expect(page.getByRole('heading', { level: 1, name: 'My Health - Vitals' })).toBeVisible();
    await expect(page.getByTestId('health-score')).toHaveText('No readings yet');
    await expectRating(card(page, 'Oxygen saturation'), 'grey', 'No reading yet');

    // Oxygen 93 %: 91-94 is low, red.
    let dialog = await openForm(page, 'Oxygen saturation');
    await dialog.getByLabel('Oxygen saturation (SpO2)').fill('93');
    await save(page, dialog, 'Oxygen saturation', 'red', 'Low');

    // Blood pressure 135/85: systolic 130-159 is high, red.
    dialog = await openForm(page, 'Blood pressure');
    await dialog.getByLabel('Systolic').fill('135');
    await dialog.getByLabel('Diastolic').fill('85');
    await expectRating(dialog.getByRole('status'), 'red', 'High');
    await expectAccessible(page);
    await keepScreenshot(page, 'my-health-add-reading-1280');
    await save(page, dialog, 'Blood pressure', 'red', 'High');
    await expect(card(page, 'Blood pressure')).toContainText('135/85mmHg');

    // Blood sugar typed in mmol/L: sent and shown as typed, rated by ADA's pairs (between 4.4 = 80
    // and 5.6 = 100 mg/dL, about 98); fasting without diabetes 80-100 is normal.
    dialog = await openForm(page, 'Blood sugar');
    await dialog.getByRole('button', { name: 'mmol/L' }).click();
    await dialog.getByLabel('Blood sugar', { exact: true }).fill('5.5');
    await expect(dialog.getByRole('status')).toContainText('5.5 mmol/L');
    await expectRating(dialog.getByRole('status'), 'green', 'Normal');
    // After a meal with diabetes the same number is still normal (70-180), with other advice.
    await dialog.getByLabel('I have diabetes').check();
    await dialog.getByLabel('I have eaten in the last 2 hours').check();
    await expect(dialog.getByRole('status')).toContainText('after-meal target');
    await dialog.getByLabel('I have diabetes').uncheck();
    await dialog.getByLabel('I have eaten in the last 2 hours').uncheck();
    await save(page, dialog, 'Blood sugar', 'green', 'Normal');
    // Read in the unit it was typed in, with the stored unit beside it.
    await expect(card(page, 'Blood sugar')).toContainText('5.5mmol/L');
    await expect(card(page, 'Blood sugar')).toContainText('98 mg/dL');

    // BMI from 60 kg at the profile's 165 cm: 22.0, 18.5 to under 25 is normal.
    dialog = await openForm(page, 'BMI');
    await dialog.getByLabel('Weight').fill('60');
    await expect(dialog.getByRole('status')).toContainText('22 kg/m²');
    await save(page, dialog, 'BMI', 'green', 'Normal');

    // Mood: Neutral is inconclusive, yellow.
    dialog = await openForm(page, 'Mood');
    await dialog.getByRole('button', { name: 'Neutral' }).click();
    await save(page, dialog, 'Mood', 'yellow', 'Inconclusive');

    // Pulse 62: in the clinical resting range (60-100), green; for a woman born in 1990 the
    // fitness chart's 'Excellent' (60-64) is the second line.
    dialog = await openForm(page, 'Pulse');
    await dialog.getByLabel('Resting pulse').fill('62');
    await expect(dialog.getByRole('status')).toContainText('Fitness: Excellent');
    await save(page, dialog, 'Pulse', 'green', 'Normal');
    await expect(card(page, 'Pulse')).toContainText('Fitness: Excellent');

    // Breathing FEV1 85, FEV2 75: one over and one under 80 is borderline, yellow.
    dialog = await openForm(page, 'Breathing');
    await dialog.getByLabel('FEV1').fill('85');
    await dialog.getByLabel('FEV2').fill('75');
    await save(page, dialog, 'Breathing', 'yellow', 'Borderline: repeat the test');

    // Temperature typed in °F: 100.4 °F is 38.0 °C, a fever (red) that asks for a malaria test.
    dialog = await openForm(page, 'Temperature');
    await dialog.getByRole('button', { name: '°F' }).click();
    await dialog.getByLabel('Body temperature').fill('100.4');
    await expect(dialog.getByRole('status')).toContainText('38.0 °C');
    await expect(dialog.getByRole('status')).toContainText('Get a malaria test today');
    await save(page, dialog, 'Temperature', 'red', 'Fever');
    await expect(card(page, 'Temperature')).toContainText('100.4°F');

    // Respiratory rate 16 breaths a minute: 12-20 is normal, green. The form says how to count.
    dialog = await openForm(page, 'Respiratory rate');
    await expect(dialog).toContainText('Count your breaths at rest for 30 seconds and double it');
    await dialog.getByLabel('Breaths per minute').fill('16');
    await save(page, dialog, 'Respiratory rate', 'green', 'Normal');
    await expect(card(page, 'Respiratory rate')).toContainText('16breaths/min');

    // Cholesterol typed in mmol/L: 6.5 mmol/L is 251 mg/dL, 240 or more is high, red.
    dialog = await openForm(page, 'Cholesterol');
    await dialog.getByRole('button', { name: 'mmol/L' }).click();
    await dialog.getByLabel('Total cholesterol').fill('6.5');
    await expect(dialog.getByRole('status')).toContainText('251 mg/dL');
    await save(page, dialog, 'Cholesterol', 'red', 'High');

    // Sugar, BMI, pulse and respiratory rate are green; every measure has its reading.
    const measures = await measureCount(request, session);
    await expect(page.getByTestId('health-score')).toHaveText(
      `In range: 4 of ${measures} · ${measures} of ${measures} measured`,
    );
    await dismissNotice(page, 'Cholesterol reading saved: High.');
    await expectAccessible(page);
    await keepScreenshot(page, 'my-health-1280');

    await page.setViewportSize(viewports.narrow);
    await expect(page.getByTestId('health-score')).toBeVisible();
    await expectAccessible(page);
    await keepScreenshot(page, 'my-health-600');

    // The form at 600 px, with a unit, both switches and the rating.
    dialog = await openForm(page, 'Blood sugar');
    await dialog.getByLabel('I have diabetes').check();
    await dialog.getByLabel('Blood sugar', { exact: true }).fill('6.1');
    await expectRating(dialog.getByRole('status'), 'green', 'Normal');
    await expectAccessible(page);
    await keepScreenshot(page, 'my-health-add-reading-600');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  test('refuses what the server would refuse, in the same words', async ({
    page,
    signInWithStoredToken,
    expectAccessible,
  }) => {
    await page.setViewportSize(viewports.wide);
    await signInWithStoredToken(page);
    await page.goto('/healths');

    const dialog = await openForm(page, 'Blood pressure');
    await dialog.getByLabel('Systolic').fill('80');
    await dialog.getByLabel('Diastolic').fill('90');
    await dialog.getByRole('button', { name: 'Save reading' }).click();
    await expect(dialog.getByLabel('Diastolic')).toHaveAccessibleDescription(
      'Diastolic pressure must be below systolic pressure',
    );
    await dialog.getByLabel('Systolic').fill('400');
    await dialog.getByRole('button', { name: 'Save reading' }).click();
    await expect(dialog.getByLabel('Systolic')).toHaveAccessibleDescription(
      'Systolic pressure must be a number between 40 and 300 mmHg',
    );
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId('health-score')).toHaveText('No readings yet');
  });

  test('a measure page: history chart, units, correcting and deleting readings', async ({
    page,
    request,
    signInWithStoredToken,
    expectAccessible,
    keepScreenshot,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewports.wide);
    const session = await signInWithStoredToken(page);
    await fillProfile(request, session);
    await recordThroughApi(
      request,
      session,
      { Tag: 'Systolic', TagValue: 142, MinTagValue: 92 },
      3 * 24 * 60,
    );
    await recordThroughApi(
      request,
      session,
      { Tag: 'Systolic', TagValue: 128, MinTagValue: 84 },
      2 * 24 * 60,
    );
    await recordThroughApi(
      request,
      session,
      { Tag: 'Systolic', TagValue: 135, MinTagValue: 85 },
      24 * 60,
    );

    await page.goto('/healths');
    await card(page, 'Blood pressure')
      .getByRole('link', { name: 'Blood pressure history' })
      .click();
    await expect(page).toHaveURL('/healths/blood-pressure');
    // The route's title stays the screen's name; the measure is the page's own heading.
    await expect(page.getByRole('heading', { level: 1, name: 'My Health' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Blood pressure' })).toBeVisible();

    // Two lines (systolic and diastolic) drawn through three readings, each in its own panel over
    // its own shaded ranges.
    const chart = page.getByTestId('history-chart');
    await expect(chart.locator('path.MuiLineChart-line')).toHaveCount(2);
    const line = await chart.locator('path.MuiLineChart-line').first().getAttribute('d');
    expect(line).toMatch(/^M[\d.,-]+L[\d.,-]+L[\d.,-]+$/);
    for (const panel of ['chart-panel-systolic', 'chart-panel-diastolic']) {
      await expect(
        chart.getByTestId(panel).locator('[data-testid="chart-bands"] rect[data-colour="green"]'),
      ).toHaveCount(1);
    }
    // The last week holds all three, asked of the server with `from`.
    const history = page.getByRole('region', { name: 'History' });
    await history.getByRole('button', { name: 'Week', exact: true }).click();
    await expect(history.getByRole('button', { name: 'Week', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(
      history.getByRole('figure', { name: /^Blood pressure: 3 readings over time/ }),
    ).toBeVisible();

    const readings = page.getByRole('table', { name: 'Readings' });
    await expect(readings.getByRole('row')).toHaveCount(4);
    await expectRating(readings.getByRole('row').nth(1), 'red', 'High');
    await expectRating(readings.getByRole('row').nth(2), 'yellow', 'Elevated');
    await expectAccessible(page);
    await keepScreenshot(page, 'measure-blood-pressure-1280');

    // Correct the newest reading: 118/76 is normal, and the latest reading follows.
    await readings
      .getByRole('row')
      .nth(1)
      .getByRole('button', { name: /^Correct the reading/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Correct a reading: Blood pressure' });
    await expect(dialog.getByLabel('Systolic')).toHaveValue('135');
    await dialog.getByLabel('Systolic').fill('118');
    await dialog.getByLabel('Diastolic').fill('76');
    await expectRating(dialog.getByRole('status'), 'green', 'Normal');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog).toBeHidden();
    await expectRating(readings.getByRole('row').nth(1), 'green', 'Normal');
    await expect(readings.getByRole('row').nth(1)).toContainText('118/76 mmHg');
    await expectRating(page.getByRole('region', { name: 'Latest reading' }), 'green', 'Normal');

    // Delete the oldest, after confirming.
    await readings
      .getByRole('row')
      .nth(3)
      .getByRole('button', { name: /^Delete the reading/ })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Delete this reading?' });
    await expect(confirm).toContainText('142/92 mmHg');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(readings.getByRole('row')).toHaveCount(4);
    await readings
      .getByRole('row')
      .nth(3)
      .getByRole('button', { name: /^Delete the reading/ })
      .click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toBeHidden();
    await expect(readings.getByRole('row')).toHaveCount(3);
    await expect(readings).not.toContainText('142/92');
    await expect(chart.locator('path.MuiLineChart-line').first()).toHaveAttribute(
      'd',
      /^M[\d.,-]+L[\d.,-]+$/,
    );

    await dismissNotice(page, 'Reading deleted.');
    await page.setViewportSize(viewports.narrow);
    await expect(chart.locator('path.MuiLineChart-line')).toHaveCount(2);
    await expectAccessible(page);
    await keepScreenshot(page, 'measure-blood-pressure-600');
  });

  test('shows temperature in °F and blood sugar in mmol/L on their pages', async ({
    page,
    browser,
    request,
    signInWithStoredToken,
    expectAccessible,
    keepScreenshot,
  }, testInfo) => {
    // Three pages, two unit changes, an accessibility scan and a full-page screenshot: more than
    // the default 30 s on this two-core machine when the other journeys run beside it.
    test.slow();
    await page.setViewportSize(viewports.wide);
    const session = await signInWithStoredToken(page);
    await recordThroughApi(request, session, { Tag: 'Temperature', TagValue: 36.6 }, 120);
    await recordThroughApi(request, session, { Tag: 'Temperature', TagValue: 38.4 }, 60);
    await recordThroughApi(
      request,
      session,
      { Tag: 'Blood-sugar', TagValue: 126, Narration: 'HadMeal' },
      30,
    );

    await page.goto('/healths/temperature');
    const readings = page.getByRole('table', { name: 'Readings' });
    await expect(readings.getByRole('row').nth(1)).toContainText('38.4 °C');
    await expectRating(readings.getByRole('row').nth(1), 'red', 'Fever');
    await page.getByRole('button', { name: '°F' }).click();
    await expect(readings.getByRole('row').nth(1)).toContainText('101.1 °F');
    await expect(readings.getByRole('row').nth(2)).toContainText('97.9 °F');
    await expect(page.getByRole('region', { name: 'Latest reading' })).toContainText('101.1°F');
    await expect(page.getByTestId('history-chart').locator('path.MuiLineChart-line')).toHaveCount(
      1,
    );

    // The choice is remembered: My Health shows the card in °F too.
    await page.goto('/healths');
    await expect(card(page, 'Temperature')).toContainText('101.1°F');

    await page.goto('/healths/blood-sugar');
    await page.getByRole('button', { name: 'mmol/L' }).click();
    await expect(readings.getByRole('row').nth(1)).toContainText('7.0 mmol/L');
    await expect(readings.getByRole('row').nth(1)).toContainText('After a meal, no diabetes');
    // 126 mg/dL after a meal without diabetes: 70-140 is normal.
    await expectRating(readings.getByRole('row').nth(1), 'green', 'Normal');
    await expect(page.getByRole('combobox', { name: 'Ranges for' })).toHaveText(
      'After a meal, no diabetes',
    );
    await expectAccessible(page);
    await keepScreenshot(page, 'measure-blood-sugar-1280');

    // One choice per account (docs/decisions/0050-one-unit-choice-per-account.md): a second
    // browser, signed in as the same person with nothing of the first on it, shows the same units.
    const laptop = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    try {
      const other = await laptop.newPage();
      await other.setViewportSize(viewports.wide);
      const signedIn = await request.post('/api/v1/identity/login', {
        data: { Username: session.username, password: session.password },
      });
      expect(signedIn.status(), await signedIn.text()).toBe(200);
      await storeSession(other, (await signedIn.json()) as { token: string; refreshToken: string });
      expect(await other.evaluate(() => Object.keys(window.localStorage).sort())).toEqual([
        'accessToken',
        'refreshToken',
      ]);
      await other.goto('/healths/temperature');
      const otherReadings = other.getByRole('table', { name: 'Readings' });
      await expect(otherReadings.getByRole('row').nth(1)).toContainText('101.1 °F');
      await expect(other.getByRole('button', { name: '°F' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await other.goto('/healths/blood-sugar');
      await expect(otherReadings.getByRole('row').nth(1)).toContainText('7.0 mmol/L');
      await other.goto('/');
      await expect(other.getByTestId('tile-sugar')).toContainText('7.0');
    } finally {
      await laptop.close();
    }
  });

  test('chooses a measure to count in the score before its first reading, at 390 px', async ({
    page,
    request,
    signInWithStoredToken,
    expectAccessible,
  }) => {
    await page.setViewportSize(viewports.phone);
    const session = await signInWithStoredToken(page);
    await recordThroughApi(request, session, { Tag: 'Temperature', TagValue: '36.8' }, 30);
    await recordThroughApi(request, session, { Tag: 'SPO2Value', TagValue: '97' }, 30);
    await page.goto('/healths');
    const score = page.getByTestId('health-score');
    await expect(score).toContainText('In range: 2 of 2');

    await page.getByRole('button', { name: 'Measures in your score' }).click();
    const dialog = page.getByRole('dialog', { name: 'Measures in your score' });
    const pressure = dialog.getByRole('switch', { name: 'Blood pressure' });
    await expect(pressure).not.toBeChecked();
    await pressure.click();
    await expect(pressure).toBeChecked();
    await expect(dialog.getByText('Counted: waiting for its first reading')).toBeVisible();
    await expect(
      dialog.getByText('Counted while its reading is less than 90 days old'),
    ).toHaveCount(2);
    await expectAccessible(page);
    await page.screenshot({ path: `${screenshotDir}/chosen-measures-390.png` });
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
    // Blood pressure is followed now: not yet in range, so the score asks for it.
    await expect(score).toContainText('In range: 2 of 3');
    await page.screenshot({ path: `${screenshotDir}/chosen-score-390.png` });

    // The choice is the account's: it is there after a reload.
    await page.reload();
    await expect(page.getByTestId('health-score')).toContainText('In range: 2 of 3');
  });

  test('an unknown measure says so and leads back', async ({
    page,
    signInWithStoredToken,
    expectAccessible,
  }) => {
    await signInWithStoredToken(page);
    await page.goto('/healths/blood-type');
    await expect(
      page.getByRole('heading', { level: 2, name: 'There is no measure called ‘blood-type’' }),
    ).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Back to My Health' }).click();
    await expect(page).toHaveURL('/healths');
  });
});
