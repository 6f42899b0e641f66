import type { APIRequestContext } from '@playwright/test';
import { waitForMail } from '../fixtures/mail-outbox.ts';
import {
  expect,
  keepMailScreenshots,
  test,
  viewports,
  type Session,
} from '../fixtures/vitalia.fixture.ts';

const phone = { width: 390, height: 844 };

/** Runs the reminders due at `at`, as the minutely job would then (TEST_HOOKS, never in production). */
async function runRemindersAt(request: APIRequestContext, at: Date) {
  const answer = await request.post('/api/test/reminders/due', {
    data: { at: at.toISOString() },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { reminders: { sent: number } }).reminders;
}

async function nextDue(request: APIRequestContext, session: Session): Promise<Date> {
  const answer = await request.get('/api/v1/reminders', {
    headers: { authorization: `Bearer ${session.token}` },
  });
  const { items } = (await answer.json()) as { items: Array<{ nextDueAt: string }> };
  expect(items).toHaveLength(1);
  return new Date(items[0]!.nextDueAt);
}

test('a reminder to measure: set it, get the mail, open the form from it, stop it from the mail', async ({
  page,
  request,
  signInWithStoredToken,
  expectAccessible,
  keepScreenshot,
}) => {
  test.setTimeout(90_000);
  const session = await signInWithStoredToken(page);
  await page.setViewportSize(viewports.wide);
  await page.goto('/healths/blood-pressure');
  await page.getByRole('button', { name: 'Remind me' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remind me to measure blood pressure' });
  await dialog.getByRole('button', { name: 'Every day' }).click();
  // Text on the 24-hour clock: the browser's own time input showed '08:00 AM' in an English
  // browser, beside the 24-hour times of the rest of the app.
  const time = dialog.getByRole('textbox', { name: 'Time', exact: true });
  await expect(time).toHaveValue('08:00');
  await expect(time).toHaveAttribute('type', 'text');
  await time.fill('0800');
  await time.blur();
  await expect(time).toHaveValue('08:00');
  const zone = dialog.getByRole('combobox', { name: 'Time zone' });
  await zone.fill('Africa/Lag');
  await page.getByRole('option', { name: 'Africa/Lagos' }).click();
  await expect(zone).toHaveValue('Africa/Lagos');
  await expectAccessible(page);
  await keepScreenshot(page, 'reminder-settings-1280');
  await page.setViewportSize(phone);
  await keepScreenshot(page, 'reminder-settings-390');
  await page.setViewportSize(viewports.wide);
  await dialog.getByRole('button', { name: 'Set reminder' }).click();
  await expect(page.getByRole('button', { name: 'Reminder: Every day at 08:00' })).toBeVisible();

  await page.goto('/healths');
  const list = page.getByRole('region', { name: 'Reminders' });
  await expect(list).toContainText('Every day at 08:00 (Africa/Lagos)');
  await keepScreenshot(page, 'reminders-on-my-health-1280');

  // Its time comes: one mail, with a link straight to the reading form.
  const due = await nextDue(request, session);
  expect(await runRemindersAt(request, new Date(due.getTime() + 30_000))).toMatchObject({
    sent: 1,
  });
  const mail = await waitForMail({
    to: session.username,
    subject: 'Time to measure your blood pressure',
  });
  expect(mail.link).toMatch(/\/healths\/blood-pressure\?add=1$/);
  await keepMailScreenshots(page, mail.html, 'reminder-mail');

  await page.goto(mail.link);
  await expect(page.getByRole('dialog', { name: 'Add a reading: Blood pressure' })).toBeVisible();
  await page.keyboard.press('Escape');

  // The mail's stop link works without signing in.
  const stopLink = /https?:\/\/\S+\/reminders\/stop\/\S+/.exec(mail.text)?.[0];
  expect(stopLink).toBeDefined();
  const stranger = await page.context().browser()!.newContext();
  const signedOut = await stranger.newPage();
  await signedOut.setViewportSize(phone);
  await signedOut.goto(stopLink!);
  await signedOut.getByRole('button', { name: 'Stop this reminder' }).click();
  await expect(
    signedOut.getByText('You will get no more reminders to measure your blood pressure.'),
  ).toBeVisible();
  await expectAccessible(signedOut);
  await keepScreenshot(signedOut, 'reminder-stopped-390');
  await stranger.close();

  // And the next one is not sent.
  expect(
    await runRemindersAt(request, new Date(due.getTime() + 24 * 3600_000 + 30_000)),
  ).toMatchObject({ sent: 0 });
  await page.reload();
  await expect(page.getByRole('button', { name: 'Remind me' })).toBeVisible();
});

test('the weekly summary: switched on from My Health, mailed on Monday with urgent readings first', async ({
  page,
  request,
  signInWithStoredToken,
  keepScreenshot,
}) => {
  test.setTimeout(60_000);
  const session = await signInWithStoredToken(page);
  await page.setViewportSize(viewports.wide);
  await page.goto('/healths');
  const toggle = page.getByRole('switch', { name: 'Weekly summary by mail' });
  await expect(toggle).toBeEnabled();
  // It turns on once the server has answered.
  await toggle.click();
  await expect(toggle).toBeChecked();
  await expect(page.getByText(/Mondays at 08:00 \(UTC\).*Next: Mon/)).toBeVisible();
  const answer = await request.get('/api/v1/reminders/weekly-summary', {
    headers: { authorization: `Bearer ${session.token}` },
  });
  const { nextDueAt } = (await answer.json()) as { nextDueAt: string };
  const due = new Date(nextDueAt);

  // A week of readings, taken in the days before it is due.
  const record = async (reading: Record<string, unknown>, daysBefore: number) => {
    const saved = await request.post('/api/v1/records/health', {
      headers: { authorization: `Bearer ${session.token}` },
      data: {
        ...reading,
        TakenAt: new Date(
          Math.min(due.getTime() - daysBefore * 86_400_000, Date.now()),
        ).toISOString(),
      },
    });
    expect(saved.status(), await saved.text()).toBe(201);
  };
  await record({ Tag: 'Systolic', TagValue: 132, MinTag: 'Diastolic', MinTagValue: 86 }, 5);
  await record({ Tag: 'Systolic', TagValue: 121, MinTag: 'Diastolic', MinTagValue: 79 }, 3);
  await record({ Tag: 'Pulse Value', TagValue: 72 }, 2);
  await record({ Tag: 'SPO2Value', TagValue: 91 }, 1);
  const ran = await request.post('/api/test/reminders/due', {
    data: { at: new Date(due.getTime() + 30_000).toISOString() },
  });
  expect(((await ran.json()) as { reminders: { summaries: number } }).reminders.summaries).toBe(1);
  const mail = await waitForMail({ to: session.username, subject: /^Your week in Vitalia, to / });
  expect(mail.text).toMatch(/needed care/);
  await keepMailScreenshots(page, mail.html, 'weekly-summary-mail');
  // From the top: a full-page picture taken scrolled would draw the fixed bar mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await keepScreenshot(page, 'weekly-summary-switch-1280');
});
