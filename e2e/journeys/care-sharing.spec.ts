// Care sharing (docs/decisions/0029-care-sharing.md, 0054-sharing-on-the-phone.md): a person
// shares blood pressure with their doctor, named in the list, the doctor's app reads it, the person
// sees the look and ends the share; and a link for a visit, shared from the phone, opened with its
// code in a browser that has never signed in, reloaded without the code, printed, and ended.
import type { APIRequestContext } from '@playwright/test';
import { doctorsApp, staff } from '../fixtures/staff.mjs';
import { expect, recordThroughApi, test, viewports } from '../fixtures/vitalia.fixture.ts';

const phone = { width: 390, height: 844 };
const doctor = staff.find((person) => person.role === 'DOC')!;

/**
 * The doctors' mobile app, as far as this journey needs it: it signs the doctor in at the token
 * endpoint as its confidential client, then calls with the doctor's token.
 */
async function doctorsAppSignIn(request: APIRequestContext, person: typeof doctor) {
  const agent = { 'user-agent': 'okhttp/4.12.0 (Android 14)' };
  const signedIn = await request.post('/o/token/', {
    headers: agent,
    form: {
      grant_type: 'password',
      username: person.email,
      password: person.password,
      client_id: doctorsApp.id,
      client_secret: doctorsApp.secret,
    },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const { access_token: token } = (await signedIn.json()) as { access_token: string };
  const headers = { ...agent, authorization: `Bearer ${token}` };
  return {
    get: (path: string) => request.get(path, { headers }),
    post: (path: string) => request.post(path, { headers }),
    put: (path: string, data: unknown) => request.put(path, { headers, data }),
  };
}

test('a person shares blood pressure with their doctor, sees the look, and ends it', async ({
  page,
  request,
  signInWithStoredToken,
  expectAccessible,
  keepScreenshot,
}) => {
  test.setTimeout(120_000);
  const session = await signInWithStoredToken(page);
  await recordThroughApi(request, session, { Tag: 'Systolic', TagValue: 128, MinTagValue: 82 }, 90);
  await recordThroughApi(request, session, { Tag: 'Pulse Value', TagValue: 70 }, 60);

  // The doctor has given their name in the doctors' app: the person's list shows it.
  const app = await doctorsAppSignIn(request, doctor);
  const named = await app.put('/api/v1/identity/profile', {
    FirstName: 'Ade',
    LastName: 'Bello',
  });
  expect(named.status(), await named.text()).toBe(200);
  const doctorName = 'Dr Ade Bello';

  await page.setViewportSize(viewports.wide);
  await page.goto('/healths');
  await page.getByRole('link', { name: 'Share your readings' }).click();
  await expect(page).toHaveURL(/\/sharing$/);
  await page.getByRole('button', { name: 'Invite a doctor' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a doctor' });
  await dialog.getByLabel('Doctor’s email').fill(doctor.email);
  await dialog.getByRole('radio', { name: 'Chosen measures' }).check();
  await dialog.getByRole('checkbox', { name: 'Blood pressure' }).check();
  await dialog.getByRole('button', { name: 'Send invite' }).click();
  await expect(dialog).toBeHidden();
  const share = page.getByRole('listitem', { name: doctorName });
  await expect(share.getByRole('heading', { name: doctorName })).toBeVisible();
  await expect(share).toContainText(doctor.email);
  await expect(share).toContainText(`Waiting for ${doctorName} to accept`);
  await expect(share).toContainText('Blood pressure');

  // The doctor's app: the invite is there; accepted, the patient's blood pressure reads, rated.
  const invites = (await (await app.get('/api/v1/doctor/invites')).json()) as {
    items: Array<{ id: string; patientEmail: string }>;
  };
  const invite = invites.items.find((each) => each.patientEmail === session.username);
  expect(invite).toBeDefined();
  expect((await app.post(`/api/v1/doctor/invites/${invite!.id}/accept`)).status()).toBe(200);
  const summary = await app.get(`/api/v1/doctor/patients/${invite!.id}`);
  expect(summary.status()).toBe(200);
  const body = (await summary.json()) as {
    measures: Array<{ measure: string; reading: { tagValue: string; minTagValue: string } }>;
  };
  expect(body.measures.map((each) => each.measure)).toEqual(['bloodPressure']);
  expect(body.measures[0]?.reading).toMatchObject({ tagValue: '128', minTagValue: '82' });
  const pulse = await app.get(`/api/v1/doctor/patients/${invite!.id}/readings?tag=Pulse%20Value`);
  expect(pulse.status()).toBe(404);

  // The person sees the share at work and the doctor's look in the log.
  await page.reload();
  await expect(share).toContainText(`Sharing: ${doctorName} can see what you share`);
  const log = page.getByRole('region', { name: 'Access log' });
  await expect(log).toContainText('Viewed summary: newest readings: blood pressure');
  await expect(log).toContainText(doctor.email);
  await expect(log).toContainText('an app on Android');
  await expectAccessible(page);
  await keepScreenshot(page, 'sharing-1280');
  await page.setViewportSize(phone);
  await expect(log).toContainText('Viewed summary');
  await keepScreenshot(page, 'sharing-390');
  await expectAccessible(page);
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(wide).toBeLessThanOrEqual(phone.width);
  await page.setViewportSize(viewports.wide);

  // Ended: the doctor's next call is refused as if the patient did not exist.
  await share.getByRole('button', { name: `End sharing with ${doctorName}` }).click();
  const confirm = page.getByRole('dialog', { name: `End sharing with ${doctorName}?` });
  await confirm.getByRole('button', { name: 'End sharing' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('listitem', { name: doctorName })).toContainText('Ended');
  expect((await app.get(`/api/v1/doctor/patients/${invite!.id}`)).status()).toBe(404);
  await expect(log).toContainText('Ended');
});

test('a link for a visit opens with its code in a fresh browser and prints', async ({
  page,
  browser,
  request,
  signInWithStoredToken,
  expectAccessible,
  keepScreenshot,
}) => {
  test.setTimeout(120_000);
  const session = await signInWithStoredToken(page);
  await recordThroughApi(
    request,
    session,
    { Tag: 'Systolic', TagValue: 146, MinTagValue: 94 },
    3 * 24 * 60,
  );
  await recordThroughApi(
    request,
    session,
    { Tag: 'Systolic', TagValue: 132, MinTagValue: 86 },
    24 * 60,
  );
  await recordThroughApi(request, session, { Tag: 'Systolic', TagValue: 124, MinTagValue: 80 }, 60);

  await page.setViewportSize(viewports.wide);
  await page.goto('/sharing');
  await page.getByRole('button', { name: 'Make a link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Make a link for a visit' });
  await dialog.getByLabel('What the link is for').fill('Dr Bello, Tuesday');
  await dialog.getByRole('radio', { name: 'Chosen measures' }).check();
  await dialog.getByRole('checkbox', { name: 'Blood pressure' }).check();
  await dialog.getByRole('button', { name: 'Make link' }).click();
  const ready = page.getByRole('dialog', { name: 'Your link is ready' });
  const url = await ready.getByLabel('Link').inputValue();
  expect(url).toMatch(/\/shared#[A-Za-z0-9_-]{43}$/);
  const codeText = await ready.getByRole('region', { name: 'Code' }).innerText();
  const code = /(\d{3}) ?(\d{3})/.exec(codeText)!.slice(1).join('');
  expect(code).toMatch(/^\d{6}$/);

  // Share: the phone's share sheet gets a message about the link, never the code; a browser
  // without one gets that message copied.
  await page.evaluate(() => {
    const sent: unknown[] = [];
    const copied: string[] = [];
    Object.assign(window, { sent, copied });
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: (data: unknown) => {
        sent.push(data);
        return Promise.resolve();
      },
    });
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: (text: string) => Promise.resolve(void copied.push(text)) },
    });
  });
  await ready.getByRole('button', { name: 'Share' }).click();
  await expect(ready.getByRole('status')).toHaveText('Shared. Give the code separately.');
  const sent = await page.evaluate(() => (window as unknown as { sent: ShareData[] }).sent);
  expect(sent).toHaveLength(1);
  expect(sent[0]?.url).toBe(url);
  expect(sent[0]?.text).toContain('“Dr Bello, Tuesday”');
  expect(sent[0]?.text).toContain('a 6-digit code, which I will give you separately');
  expect(JSON.stringify(sent)).not.toContain(code);
  await page.evaluate(() =>
    Object.defineProperty(navigator, 'share', { configurable: true, value: undefined }),
  );
  await ready.getByRole('button', { name: 'Share' }).click();
  await expect(ready.getByRole('status')).toContainText('a message with the link was copied');
  const copied = await page.evaluate(() => (window as unknown as { copied: string[] }).copied);
  expect(copied).toHaveLength(1);
  expect(copied[0]).toContain('A read-only link to my health readings in Vitalia');
  expect(copied[0]?.endsWith(url)).toBe(true);
  expect(copied[0]).not.toContain(code);
  await ready.getByRole('button', { name: 'Done' }).click();

  // A clinician's browser: never signed in, nothing stored. A wrong code first.
  const clinic = await browser.newContext({ viewport: viewports.wide });
  const visit = await clinic.newPage();
  const opened = await visit.goto(url);
  expect(opened?.headers()['cache-control']).toBe('no-store');
  expect(opened?.headers()['x-robots-tag']).toBe('noindex, nofollow');
  const wrongCode = code === '000000' ? '111111' : '000000';
  await visit.getByLabel('6-digit code').fill(wrongCode);
  await visit.getByRole('button', { name: 'Open' }).click();
  await expect(visit.getByLabel('6-digit code')).toHaveAccessibleDescription(
    'The code you typed is not the code of this link; 4 tries left',
  );
  await visit.getByLabel('6-digit code').fill(code);
  await visit.getByRole('button', { name: 'Open' }).click();
  await expect(visit.getByRole('heading', { level: 1 })).toHaveText(/Health readings shared by/);
  await expect(visit.getByRole('heading', { name: 'Blood pressure' })).toBeVisible();
  await expect(visit.getByRole('table').first()).toContainText('124/80');
  // Nothing to navigate to, and the secret gone from the address bar.
  await expect(visit.getByRole('navigation')).toHaveCount(0);
  expect(new URL(visit.url()).hash).toBe('');
  await expect(visit.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expectAccessible(visit);
  await keepScreenshot(visit, 'shared-link-1280');

  // Printed: the print stylesheet hides the buttons and keeps the readings.
  await visit.emulateMedia({ media: 'print' });
  await expect(visit.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(visit.getByRole('heading', { name: 'Blood pressure' })).toBeVisible();
  const pdf = await visit.pdf({ format: 'A4' });
  expect(pdf.byteLength).toBeGreaterThan(10_000);
  await keepScreenshot(visit, 'shared-link-print');
  await visit.emulateMedia({ media: 'screen' });

  // On a phone, the charts redraw for the narrower page.
  await visit.setViewportSize(phone);
  await expect(visit.getByRole('button', { name: 'Print' })).toBeVisible();
  await visit.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await keepScreenshot(visit, 'shared-link-390');

  // A pull-to-refresh: the same tab shows the readings again without the code.
  await visit.reload();
  await expect(visit.getByRole('heading', { level: 1 })).toHaveText(/Health readings shared by/);
  await expect(visit.getByRole('table').first()).toContainText('124/80');
  await expect(visit.getByLabel('6-digit code')).toHaveCount(0);
  expect(new URL(visit.url()).hash).toBe('');
  expect(await visit.evaluate(() => JSON.stringify(window.localStorage))).toBe('{}');

  // A new browser session asks for the code again.
  const later = await browser.newContext({ viewport: phone });
  const again = await later.newPage();
  await again.goto(url);
  await expect(again.getByLabel('6-digit code')).toBeVisible();
  await later.close();

  // The person sees the wrong code and the openings in the log.
  await page.reload();
  const log = page.getByRole('region', { name: 'Access log' });
  await expect(log).toContainText('link: Dr Bello, Tuesday');
  await expect(log).toContainText(
    'Someone typed a wrong code for the link “Dr Bello, Tuesday” (4 tries left)',
  );
  await expect(log).toContainText('Opened link: blood pressure (reloaded)');
  await expect(log).not.toContainText(wrongCode);

  // Ended, the link shows nothing more, even to the tab that opened it, on its next reload.
  await page.getByRole('button', { name: 'End the link Dr Bello, Tuesday' }).click();
  await page
    .getByRole('dialog', { name: 'End this link?' })
    .getByRole('button', { name: 'End link' })
    .click();
  await expect(page.getByText('The link “Dr Bello, Tuesday” has ended')).toBeVisible();
  await visit.reload();
  await expect(visit.getByText('This link has ended or does not exist.')).toBeVisible();
  await expect(visit.getByRole('table')).toHaveCount(0);
  await clinic.close();
});
