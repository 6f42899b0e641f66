import fs from 'node:fs/promises';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { waitForMail } from '../fixtures/mail-outbox.ts';
import { authenticatorCode } from '../fixtures/totp.ts';
import {
  earlierAccount,
  expect,
  registerThroughApi,
  storeSession,
  test,
  viewports,
  assessmentQuestions,
  type Session,
} from '../fixtures/vitalia.fixture.ts';

const verificationSubject = 'Confirm your email address for Vitalia';
const resetSubject = 'Reset your Vitalia password';

type Check = (page: Page) => Promise<void>;
type Shot = (page: Page, name: string) => Promise<void>;

/** Checks the page with axe and keeps a screenshot at 1280 and at 600 px. */
async function captureBothWidths(page: Page, name: string, accessible: Check, keep: Shot) {
  // A full-page screenshot of a scrolled page draws the fixed app bar where the scroll left it.
  await page.evaluate(() => window.scrollTo(0, 0));
  await accessible(page);
  await keep(page, `${name}-1280`);
  await page.setViewportSize(viewports.narrow);
  await page.evaluate(() => window.scrollTo(0, 0));
  await accessible(page);
  await keep(page, `${name}-600`);
  await page.setViewportSize(viewports.wide);
}

/** Asks for a verification link through the API, as the banner's button does. */
async function askForLink(request: APIRequestContext, session: Session) {
  const sent = await request.post('/api/v1/identity/email/verify/resend', {
    headers: { authorization: `Bearer ${session.token}` },
  });
  expect(sent.status(), await sent.text()).toBe(202);
}

async function signIn(page: Page, username: string, password: string) {
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email address').fill(username);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
}

async function signOut(page: Page) {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Sign out' })
    .click();
  await expect(page).toHaveURL('/account/signin');
}

const unverifiedBanner = (page: Page) =>
  page.getByRole('region', { name: 'Please confirm your email address' });

/**
 * Runs `action`, which loads the profile, and checks that the profile says the address is
 * confirmed and that no banner asks for it.
 */
async function expectConfirmedAfter(page: Page, action: () => Promise<void>) {
  const profile = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/v1/identity/profile' &&
      response.request().method() === 'GET',
  );
  await action();
  const body = (await (await profile).json()) as { emailVerified: boolean };
  expect(body.emailVerified).toBe(true);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(unverifiedBanner(page)).toHaveCount(0);
}

test.describe('email verification', () => {
  // New accounts are confirmed by the link that makes them; an account from before that asks,
  // as these do (docs/decisions/0051-registration-confirmed-by-mail.md).
  test('the banner sends a new link, the mail link confirms the address, and the banner goes', async ({
    page,
    request,
    expectAccessible,
    keepScreenshot,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewports.wide);
    const session = await earlierAccount(request, 'verifySignedIn');
    await storeSession(page, session);
    await askForLink(request, session);
    const first = await waitForMail({ to: session.username, subject: verificationSubject });
    expect(first.link).toMatch(/\/verify\/email#token=[\w-]+$/);

    await page.goto('/account');
    const banner = unverifiedBanner(page);
    await expect(banner).toContainText(`Confirming that ${session.username} is yours`);
    await captureBothWidths(page, 'unverified-banner', expectAccessible, keepScreenshot);

    await banner.getByRole('button', { name: 'Send me a link' }).click();
    await expect(banner.getByRole('status')).toHaveText(
      `We have sent a new link to ${session.username}.`,
    );
    const second = await waitForMail({
      to: session.username,
      subject: verificationSubject,
      count: 2,
    });
    expect(second.link).not.toBe(first.link);

    // The new link retired the first one.
    await page.goto(first.link);
    await expect(page.getByRole('heading', { level: 1, name: 'Verify Email' })).toBeVisible();
    await expect(page.getByText(/This verification link is not valid/)).toBeVisible();
    await captureBothWidths(page, 'verify-email-failed', expectAccessible, keepScreenshot);

    // Opened signed in, the link still confirms the address.
    await page.goto('/');
    await page.goto(second.link);
    await expect(page).toHaveURL('/verify/email/success');
    await expect(page.getByText('Your email address is confirmed.')).toBeVisible();
    await expect(page.getByText(`${session.username} is confirmed`)).toBeVisible();
    await captureBothWidths(page, 'verify-email-success', expectAccessible, keepScreenshot);

    await expectConfirmedAfter(page, () =>
      page.getByRole('link', { name: 'Go to the dashboard' }).click(),
    );
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });

  test('works signed out too, and without a token asks for the link from the mail', async ({
    page,
    request,
    expectAccessible,
    keepScreenshot,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewports.wide);
    await page.goto('/verify/email');
    await expect(page.getByText('Open the link from the email')).toBeVisible();
    await captureBothWidths(page, 'verify-email-no-token', expectAccessible, keepScreenshot);

    const session = await earlierAccount(request, 'verifySignedOut');
    await askForLink(request, session);
    const mail = await waitForMail({ to: session.username, subject: verificationSubject });
    await page.goto(mail.link);
    await expect(page).toHaveURL('/verify/email/success');
    await page.getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/account/signin');
    await expectConfirmedAfter(page, () => signIn(page, session.username, session.password));
    await expect(page).toHaveURL('/');
  });
});

test.describe('a forgotten password', () => {
  test('a link by mail, a new password, and the person is signed in at home', async ({
    page,
    request,
    expectAccessible,
    keepScreenshot,
  }) => {
    test.setTimeout(150_000);
    await page.setViewportSize(viewports.wide);
    const session = await registerThroughApi(request);
    const newPassword = 'a quiet harbour before dawn';

    await page.goto('/account/signin');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL('/account/password/reset');
    await captureBothWidths(page, 'password-reset-request', expectAccessible, keepScreenshot);
    const ask = page.getByRole('form', { name: 'Reset password' });
    await ask.getByLabel('Email address').fill(session.username);
    await ask.getByRole('button', { name: 'Send the link' }).click();
    await expect(
      page.getByText(`If ${session.username} has a Vitalia account, a link`),
    ).toBeVisible();
    await captureBothWidths(page, 'password-reset-sent', expectAccessible, keepScreenshot);

    const mail = await waitForMail({ to: session.username, subject: resetSubject });
    expect(mail.link).toMatch(/\/account\/reset\/[\w-]+$/);
    await page.goto(mail.link);
    await expect(page.getByRole('heading', { level: 1, name: 'Set a New Password' })).toBeVisible();
    const choose = page.getByRole('form', { name: 'Set a new password' });
    await choose.getByLabel('Email address').fill(session.username);
    await choose.getByLabel('New password', { exact: true }).fill(newPassword);
    await choose.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
    await captureBothWidths(page, 'password-reset-new', expectAccessible, keepScreenshot);
    // Reading the reset mail proved the address too.
    await expectConfirmedAfter(page, () =>
      choose.getByRole('button', { name: 'Save the new password' }).click(),
    );
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByText(/Your new password is saved/)).toBeVisible();

    // The link works once.
    await signOut(page);
    await page.goto(mail.link);
    await choose.getByLabel('Email address').fill(session.username);
    await choose.getByLabel('New password', { exact: true }).fill('yet another long phrase');
    await choose
      .getByLabel('Confirm new password', { exact: true })
      .fill('yet another long phrase');
    await choose.getByRole('button', { name: 'Save the new password' }).click();
    await expect(page.getByRole('alert')).toContainText('This reset link is not valid');
    await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
    await captureBothWidths(page, 'password-reset-link-used', expectAccessible, keepScreenshot);

    // The old password is gone; the new one signs in.
    await page.goto('/account/signin');
    await signIn(page, session.username, session.password);
    await expect(page.getByRole('alert')).toContainText('Email address or password is wrong.');
    await signIn(page, session.username, newPassword);
    await expect(page).toHaveURL('/');
  });
});

test.describe('two-factor sign-in', () => {
  test('switch it on, sign in with a code, then with a recovery code, and switch it off', async ({
    page,
    signInWithStoredToken,
    expectAccessible,
    keepScreenshot,
  }) => {
    // Two widths of eleven screens, each checked with axe: slow on a busy machine.
    test.setTimeout(240_000);
    await page.setViewportSize(viewports.wide);
    const session = await signInWithStoredToken(page);

    // The account page leads to security, which says two-factor sign-in is off.
    await page.goto('/account');
    await page.getByRole('link', { name: 'Security' }).click();
    await expect(page).toHaveURL('/account/security');
    const section = page.getByRole('region', { name: 'Two-factor sign-in' });
    await expect(section.getByText('Off', { exact: true })).toBeVisible();
    await captureBothWidths(page, 'security-off', expectAccessible, keepScreenshot);

    // 1. The password again.
    await section.getByRole('button', { name: 'Switch on' }).click();
    const confirm = section.getByRole('form', { name: 'Confirm your password' });
    await confirm.getByLabel('Current password', { exact: true }).fill('not my password');
    await confirm.getByRole('button', { name: 'Continue' }).click();
    await expect(
      section.getByText('The password you typed is not your current password.'),
    ).toBeVisible();
    await captureBothWidths(page, 'security-password-refused', expectAccessible, keepScreenshot);
    await confirm.getByLabel('Current password', { exact: true }).fill(session.password);
    await confirm.getByRole('button', { name: 'Continue' }).click();

    // 2. The QR code and the key; the test is the authenticator app.
    const qr = section.getByRole('img', { name: /QR code/ });
    await expect(qr).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
    expect(await qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    const shownKey = await section.getByLabel('Setup key').inputValue();
    expect(shownKey).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
    await captureBothWidths(page, 'security-qr', expectAccessible, keepScreenshot);
    const codeForm = section.getByRole('form', { name: 'Confirm a code from the app' });
    await codeForm.getByLabel('Code from the app').fill(authenticatorCode(shownKey));
    await codeForm.getByRole('button', { name: 'Switch on' }).click();

    // 3. Ten recovery codes, shown once, downloadable.
    const list = section.getByRole('list', { name: 'Recovery codes' });
    await expect(list.getByRole('listitem')).toHaveCount(10);
    const recoveryCodes = await list.getByRole('listitem').allTextContents();
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    await captureBothWidths(page, 'security-recovery-codes', expectAccessible, keepScreenshot);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('vitalia-recovery-codes.txt');
    const saved = await fs.readFile(await download.path(), 'utf8');
    expect(saved).toContain(`Vitalia recovery codes for ${session.username}`);
    for (const code of recoveryCodes) expect(saved).toContain(code);
    await section.getByRole('button', { name: 'I have saved them' }).click();
    await expect(section.getByText(/Two-factor sign-in is on\./)).toBeVisible();
    await expect(section.getByText('On', { exact: true })).toBeVisible();
    await captureBothWidths(page, 'security-on', expectAccessible, keepScreenshot);

    // Sign out, sign in: the password step asks for a code.
    await signOut(page);
    await signIn(page, session.username, session.password);
    await expect(page).toHaveURL('/account/mfa/verify');
    const verify = page.getByRole('form', { name: 'Two-factor verification' });
    const codeField = verify.getByLabel('Authentication code');
    await expect(codeField).toHaveAttribute('inputmode', 'numeric');
    await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
    await captureBothWidths(page, 'mfa-verify', expectAccessible, keepScreenshot);
    await codeField.fill('000000');
    await verify.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert')).toContainText(
      'That code is not right, or it has expired.',
    );
    await expect(page.getByRole('alert').getByRole('link', { name: 'Start again' })).toBeVisible();
    await captureBothWidths(page, 'mfa-verify-refused', expectAccessible, keepScreenshot);
    // The code used to switch on is spent; the next time step's code is within the drift allowed.
    await codeField.fill(authenticatorCode(shownKey, 1));
    await verify.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    // Again, with a recovery code.
    await signOut(page);
    await signIn(page, session.username, session.password);
    await expect(page).toHaveURL('/account/mfa/verify');
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await verify.getByLabel('Recovery code').fill(recoveryCodes[0]!);
    await captureBothWidths(page, 'mfa-verify-recovery', expectAccessible, keepScreenshot);
    await verify.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    // Switching off takes the password and a code; a used recovery code does not count.
    await page.goto('/account/security');
    await section.getByRole('button', { name: 'Switch off' }).click();
    const off = section.getByRole('form', { name: 'Switch off two-factor sign-in' });
    await off.getByLabel('Current password', { exact: true }).fill(session.password);
    await off.getByLabel('Code from the app, or a recovery code').fill(recoveryCodes[0]!);
    await off.getByRole('button', { name: 'Switch off' }).click();
    await expect(
      off.getByText('The code is not a current code or an unused recovery code.'),
    ).toBeVisible();
    await captureBothWidths(page, 'security-switch-off', expectAccessible, keepScreenshot);
    await off.getByLabel('Code from the app, or a recovery code').fill(recoveryCodes[1]!);
    await off.getByRole('button', { name: 'Switch off' }).click();
    await expect(section.getByText(/Two-factor sign-in is off\./)).toBeVisible();
    await expect(section.getByText('Off', { exact: true })).toBeVisible();

    // And the password alone signs in again.
    await signOut(page);
    await signIn(page, session.username, session.password);
    await expect(page).toHaveURL('/');
  });
});

/**
 * At the LinkedIn stand-in (e2e/fixtures/linkedin-stand-in.mjs, a real OpenID provider): signs in
 * on its development login page with `email` and consents, until it sends the browser back. Like
 * LinkedIn, it remembers who signed in there, and then sends the browser straight back.
 */
async function atLinkedin(page: Page, email: string) {
  const vitalia = new URL(test.info().project.use.baseURL!).origin;
  const back = () => {
    const url = new URL(page.url());
    return url.origin === vitalia && url.pathname !== '/account/signin';
  };
  const shown = (locator: Locator) => locator.isVisible().catch(() => false);
  // The stand-in's pages may wait on things this closed network never delivers, so the journey
  // watches the address and the forms rather than page loads.
  const login = page.locator('input[name="login"]');
  await expect.poll(async () => back() || (await shown(login))).toBe(true);
  if (back()) return;
  await login.fill(email);
  await page.locator('input[name="password"]').fill('anything at the stand-in');
  await page.locator('button[type="submit"]').click();
  const consent = page.locator('button[type="submit"]', { hasText: /continue/i });
  await expect.poll(async () => back() || (await shown(consent))).toBe(true);
  if (!back()) await consent.click();
  await expect.poll(back).toBe(true);
}

test.describe('signing in with LinkedIn', () => {
  test('a new member arrives where they were going, and comes back to the same account', async ({
    page,
    expectAccessible,
    keepScreenshot,
  }) => {
    test.setTimeout(90_000);
    const email = `linkedin-${Date.now()}@example.com`;
    await page.setViewportSize(viewports.wide);
    await page.goto('/healths');
    await expect(page).toHaveURL('/account/signin?redirect=%2Fhealths');
    await expectAccessible(page);
    await keepScreenshot(page, 'signin-with-linkedin-1280');
    await page.getByRole('link', { name: 'Sign in with LinkedIn' }).click();
    await atLinkedin(page, email);

    // Signed in as a new member, on the page asked for, named as LinkedIn named them.
    // A new member is asked the assessment first; the dialog hides the page behind it.
    await expect(page).toHaveURL('/healths');
    const dialog = page.getByRole('dialog', { name: 'Assessment form' });
    for (const question of assessmentQuestions) {
      await dialog
        .getByRole('group', { name: question })
        .getByRole('button', { name: 'No' })
        .click();
    }
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('User assessment saved successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('banner')).toContainText('Welcome, Chidi');
    await signOut(page);

    // Back again through LinkedIn: the same account, whose answers are kept, so no dialog.
    await page.getByRole('link', { name: 'Sign in with LinkedIn' }).click();
    await atLinkedin(page, email);
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('banner')).toContainText('Welcome, Chidi');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Assessment form' })).toHaveCount(0);
    await expectAccessible(page);
    await keepScreenshot(page, 'linkedin-returning-1280');
  });

  test('a member with a password connects LinkedIn, and LinkedIn then opens the same account', async ({
    page,
    signInWithStoredToken,
    expectAccessible,
    keepScreenshot,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewports.wide);
    const session = await signInWithStoredToken(page);

    // The owner's own email address at LinkedIn: signing in with it would have answered 409.
    await page.goto('/account/security');
    const section = page.getByRole('region', { name: 'Sign in with LinkedIn' });
    await expect(section.getByText('Not connected')).toBeVisible();
    await section.getByRole('button', { name: 'Connect LinkedIn' }).click();
    // A way into the account is added only with its password.
    const form = section.getByRole('form', { name: 'Connect LinkedIn' });
    await form.getByLabel('Current password', { exact: true }).fill(session.password);
    await expectAccessible(page);
    await keepScreenshot(page, 'security-linkedin-connect-1280');
    await form.getByRole('button', { name: 'Continue to LinkedIn' }).click();
    // The browser leaves once the server has checked the password.
    await expect(page).not.toHaveURL(/\/account\/security$/);
    await atLinkedin(page, session.username);

    await expect(page).toHaveURL('/account/security');
    await expect(
      page.getByText("LinkedIn is connected: 'Sign in with LinkedIn' now opens this account."),
    ).toBeVisible();
    await expect(section.getByText('Connected', { exact: true })).toBeVisible();
    await captureBothWidths(page, 'security-linkedin-connected', expectAccessible, keepScreenshot);

    // Signed out, LinkedIn opens this account: the account page names its address.
    await signOut(page);
    await page.getByRole('link', { name: 'Sign in with LinkedIn' }).click();
    await atLinkedin(page, session.username);
    await expect(page).toHaveURL('/');
    await page.goto('/account');
    await expect(page.getByRole('main')).toContainText(session.username);
  });

  test('a cancelled sign-in and a refused code each say so, with a way back', async ({
    page,
    expectAccessible,
    keepScreenshot,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewports.wide);
    await page.goto('/account/social/linkedin?error=user_cancelled_login');
    await expect(page.getByText('LinkedIn sign-in was cancelled')).toBeVisible();
    await captureBothWidths(page, 'linkedin-cancelled', expectAccessible, keepScreenshot);

    // A code this browser never asked for (no sign-in was started here) is refused.
    await page.goto('/account/social/linkedin?code=a-code&state=a-state');
    await expect(page.getByRole('alert')).toContainText('Invalid Access Token');
    await captureBothWidths(page, 'linkedin-failed', expectAccessible, keepScreenshot);
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await expect(page).toHaveURL('/account/signin');
  });
});
