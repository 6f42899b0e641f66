// Your data is yours (docs/decisions/0030-data-export.md, 0031-importing-readings.md,
// 0032-account-deletion.md): a person downloads their archive, deletes their account, registers
// again with the same address once the grace has passed, imports the archive's readings.csv and
// finds the same readings. The journeys' server runs with a grace of seconds, not days
// (playwright.config.ts), so the purge really runs through the job queue here.
import { unzipSync } from 'fflate';
import type { Page } from '@playwright/test';
import { waitForMail } from '../fixtures/mail-outbox.ts';
import {
  answerAssessment,
  finishRegistrationSubject,
  expect,
  keepMailScreenshots,
  recordThroughApi,
  test,
  viewports,
} from '../fixtures/vitalia.fixture.ts';

const phone = { width: 390, height: 844 };

/** Reads the archive the browser saved and answers its files as text, by name. */
async function savedArchive(path: string): Promise<Record<string, string>> {
  const { readFile } = await import('node:fs/promises');
  const files = unzipSync(new Uint8Array(await readFile(path)));
  return Object.fromEntries(
    Object.entries(files).map(([name, bytes]) => [name, Buffer.from(bytes).toString('utf8')]),
  );
}

/** What each measure's page shows of the person's readings, row by row (wide screen). */
async function shownReadings(page: Page) {
  const shown: Partial<Record<keyof typeof measurePages, string[]>> = {};
  for (const [measure, slug] of Object.entries(measurePages) as Array<
    [keyof typeof measurePages, string]
  >) {
    await page.goto(`/healths/${slug}`);
    const readings = page.getByRole('table', { name: 'Readings' });
    await expect(readings.getByRole('row')).toHaveCount(2);
    shown[measure] = await readings.getByRole('row').allInnerTexts();
  }
  return shown;
}

const measurePages = {
  bloodPressure: 'blood-pressure',
  sugar: 'blood-sugar',
  oxygen: 'oxygen',
  mood: 'mood',
};

test('a person takes their data out, deletes the account, comes back and brings the data in', async ({
  page,
  request,
  signInWithStoredToken,
  expectAccessible,
  keepScreenshot,
}) => {
  test.setTimeout(180_000);
  const session = await signInWithStoredToken(page);
  await recordThroughApi(
    request,
    session,
    { Tag: 'Systolic', TagValue: 128, MinTagValue: 82, Note: 'left arm' },
    180,
  );
  await recordThroughApi(
    request,
    session,
    { Tag: 'Blood-sugar', TagValue: '5.4', Unit: 'mmol/L', Narration: 'HadMeal', Note: '=lunch' },
    120,
  );
  await recordThroughApi(request, session, { Tag: 'SPO2Value', TagValue: 97 }, 60);
  await recordThroughApi(request, session, { Tag: 'Mood', TagValue: 'Happy' }, 30);

  // Download my data: the Account page saves one zip with the readings as CSV and as FHIR.
  await page.setViewportSize(viewports.wide);
  await page.goto('/account');
  const yourData = page.getByRole('region', { name: 'Your data' });
  const downloaded = page.waitForEvent('download');
  await yourData.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toMatch(/^vitalia-export-\d{4}-\d{2}-\d{2}\.zip$/);
  await expect(yourData.getByRole('alert')).toContainText('is saved with your downloads');
  await expectAccessible(page);
  await keepScreenshot(page, 'data-export-1280');
  await page.setViewportSize(phone);
  await keepScreenshot(page, 'data-export-390');

  const archivePath = await download.path();
  const archive = await savedArchive(archivePath);
  expect(Object.keys(archive).sort()).toEqual(
    [
      'README.txt',
      'fhir.json',
      'orders.json',
      'profile.json',
      'readings.csv',
      'sharing-log.csv',
    ].sort(),
  );
  const csv = archive['readings.csv']!;
  expect(csv.startsWith('\uFEFF"taken_at","measure"')).toBe(true);
  // Five rows: the four readings and a header; the sugar's note cannot run as a formula.
  expect(csv.trim().split('\r\n')).toHaveLength(5);
  expect(csv).toContain(`"'=lunch"`);
  const bundle = JSON.parse(archive['fhir.json']!) as {
    resourceType: string;
    entry: Array<{ resource: { resourceType: string } }>;
  };
  expect(bundle.resourceType).toBe('Bundle');
  expect(bundle.entry.filter((each) => each.resource.resourceType === 'Observation')).toHaveLength(
    4,
  );
  const readingsFile = test.info().outputPath('readings.csv');
  const { writeFile } = await import('node:fs/promises');
  await writeFile(readingsFile, csv);

  await page.setViewportSize(viewports.wide);
  const before = await shownReadings(page);

  // Delete my account, from the Security page: it says what goes and what stays, asks for the
  // password, and signs out.
  await page.setViewportSize(viewports.wide);
  await page.goto('/account/security');
  const deletion = page.getByRole('region', { name: 'Delete my account' });
  await deletion.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog.getByRole('region', { name: 'What is deleted' })).toContainText('readings');
  await expect(dialog.getByRole('region', { name: 'What is kept' })).toContainText('orders');
  // The grace the server keeps (seconds on the journeys' server), not a fixed promise.
  await expect(dialog).toContainText('deleted 15 seconds after you confirm');
  await dialog.getByRole('textbox', { name: 'Current password' }).fill(session.password);
  await expectAccessible(page);
  await keepScreenshot(page, 'account-deletion-1280');
  await page.setViewportSize(phone);
  await keepScreenshot(page, 'account-deletion-390');
  await dialog.getByRole('button', { name: 'Yes, delete my account' }).click();
  await expect(page).toHaveURL(/\/account\/signin/);
  const started = await waitForMail({
    to: session.username,
    subject: /^Your Vitalia account will be deleted on /,
  });
  await keepMailScreenshots(page, started.html, 'mail-account-deletion-start');

  // The end of the grace: the purge runs from the job queue and mails its end.
  const ended = await waitForMail({
    to: session.username,
    subject: 'Your Vitalia account has been deleted',
    timeout: 60_000,
    withLink: false,
  });
  expect(ended.text).toContain('deleted');

  // The same address registers again, as a new account.
  await page.setViewportSize(viewports.wide);
  await page.goto('/account/register');
  const register = page.getByRole('form', { name: 'Register' });
  await register.getByLabel('Email address').fill(session.username);
  await register.getByRole('button', { name: /create account/i }).click();
  await expect(page.getByText('Check your email')).toBeVisible();
  // The second link this address was mailed: the first made the account that is gone.
  const finish = await waitForMail({
    to: session.username,
    subject: finishRegistrationSubject,
    count: 2,
  });
  await page.goto(finish.link);
  const choose = page.getByRole('form', { name: 'Choose your password' });
  await choose.getByLabel('Password', { exact: true }).fill(session.password);
  await choose.getByLabel('Confirm password', { exact: true }).fill(session.password);
  await choose.getByRole('button', { name: 'Create my account' }).click();
  await expect(page).toHaveURL('/account/profile?edit=true');

  // Nothing of the old account came back with the address.
  const token = await page.evaluate(() => window.localStorage.getItem('accessToken'));
  const history = await request.get('/api/v1/records/healths?tag=Systolic&limit=50', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(history.status()).toBe(200);
  expect(((await history.json()) as { items: unknown[] }).items).toEqual([]);
  // (The risk assessment is answered as other journeys do, so it does not open over My Health.)
  await answerAssessment(request, token!);

  // Import the archive's readings.csv from My Health: the preview says four readings, then they
  // are added, and a second import of the same file adds nothing.
  await page.goto('/healths');
  const card = page.getByRole('region', { name: 'Bring in your history' });
  await card.getByRole('button', { name: 'Import readings' }).click();
  const importing = page.getByRole('dialog', { name: 'Import readings' });
  await importing.getByLabel('File of readings').setInputFiles(readingsFile);
  const summary = importing.getByRole('list', { name: 'What the import would do' });
  await expect(summary).toContainText('4 readings to add');
  await expect(importing.getByRole('table', { name: 'Readings to add' })).toContainText(
    '128/82 mmHg',
  );
  await expectAccessible(page);
  await keepScreenshot(page, 'import-preview-1280');
  await page.setViewportSize(phone);
  await keepScreenshot(page, 'import-preview-390');
  await importing.getByRole('button', { name: 'Import 4 readings' }).click();
  await expect(importing).toContainText('Added 4 readings');
  await importing.getByRole('button', { name: 'Done' }).click();
  await expect(importing).toBeHidden();

  await page.setViewportSize(viewports.wide);
  // The same readings as before, row for row, on each measure's page.
  expect(await shownReadings(page)).toEqual(before);
  expect(before.bloodPressure?.join('')).toContain('128/82 mmHg');
  expect(before.bloodPressure?.join('')).toContain('left arm');
  expect(before.sugar?.join('')).toContain('=lunch');

  await page.goto('/healths');
  await card.getByRole('button', { name: 'Import readings' }).click();
  await importing.getByLabel('File of readings').setInputFiles(readingsFile);
  await expect(summary).toContainText('4 duplicates skipped');
  await expect(importing.getByRole('button', { name: 'Nothing new to import' })).toBeDisabled();
});
