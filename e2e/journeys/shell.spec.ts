import type { Locator } from '@playwright/test';
import { expect, registerThroughApi, test, viewports } from '../fixtures/vitalia.fixture.ts';

test.describe('the route guard', () => {
  test('sends a visitor without a session to sign-in, remembering the page wanted', async ({
    page,
  }) => {
    await page.goto('/store?view=grid');
    await expect(page).toHaveURL('/account/signin?redirect=%2Fstore%3Fview%3Dgrid');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();

    await page.goto('/');
    await expect(page).toHaveURL('/account/signin?redirect=%2F');
  });

  test('keeps a signed-in person away from the sign-in family of pages', async ({
    page,
    signInWithStoredToken,
  }) => {
    await signInWithStoredToken(page);
    for (const path of ['/account/signin', '/account/register', '/account/password/reset']) {
      await page.goto(path);
      await expect(page, path).toHaveURL('/account');
      await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
    }
  });

  test('shows public pages to everyone', async ({ page, signInWithStoredToken }) => {
    await page.goto('/policy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await signInWithStoredToken(page);
    await page.goto('/policy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  });
});

test.describe('not found', () => {
  test('an unknown path goes to a real not-found page with a way home', async ({
    page,
    expectAccessible,
    keepScreenshot,
  }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL('/404');
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute(
      'href',
      '/',
    );
    await expectAccessible(page);
    await keepScreenshot(page, 'not-found-1280');
  });
});

test.describe('the privacy policy', () => {
  test('is readable without signing in, with real text', async ({
    page,
    request,
    expectAccessible,
    keepScreenshot,
  }) => {
    // Painted before any script runs: the page as the server sends it holds the text, with every
    // measure Vitalia keeps readings of (written in by the build from the catalogue).
    const served = await request.get('/policy', { headers: { accept: 'text/html' } });
    const html = await served.text();
    expect(html).toContain('data-prerendered="/policy"');
    expect(html).toMatch(/readings you record \(oxygen saturation, blood sugar, BMI, [^)]+\)/);
    await page.goto('/policy');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expect(main).toContainText('argon2id');
    await expect(main).toContainText('cholesterol and respiratory rate');
    expect((await main.innerText()).split(/\s+/).length).toBeGreaterThan(400);
    await expectAccessible(page);
    await keepScreenshot(page, 'policy-1280');
    await page.setViewportSize(viewports.narrow);
    await expectAccessible(page);
    await keepScreenshot(page, 'policy-600');
  });
});

test.describe('the split layout', () => {
  for (const [name, viewport] of Object.entries(viewports)) {
    test(`sign-in at ${viewport.width} px`, async ({ page, expectAccessible, keepScreenshot }) => {
      await page.setViewportSize(viewport);
      await page.goto('/account/signin');
      await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
      const splash = page.getByTestId('split-splash');
      if (name === 'wide') await expect(splash).toBeVisible();
      else await expect(splash).toBeHidden();
      await expectAccessible(page);
      await keepScreenshot(page, `signin-${viewport.width}`);
    });
  }
});

test.describe('the pre-rendered forms', () => {
  test('never send an email address or password before the app has taken the page over', async ({
    browser,
    baseURL,
  }) => {
    // Without scripts the page is what the server's HTML alone gives: as on a slow phone in the
    // seconds before the app runs.
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    const submitted: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest()) submitted.push(`${request.method()} ${request.url()}`);
    });
    // Registering asks for the address alone (docs/decisions/0051-registration-confirmed-by-mail.md).
    for (const [path, button, password] of [
      ['/account/signin', 'Sign in', true],
      ['/account/register', 'Create account', false],
    ] as const) {
      await page.goto(path);
      submitted.length = 0;
      await page.getByLabel('Email address').fill('ada@example.com');
      const last = password
        ? page.getByLabel('Password', { exact: true })
        : page.getByLabel('Email address');
      if (password) await last.fill('correct horse battery');
      await expect(page.getByRole('button', { name: button }), path).toBeDisabled();
      await last.press('Enter');
      await page.waitForTimeout(300);
      expect(submitted, path).toEqual([]);
      expect(page.url(), path).not.toContain('correct');
      expect(page.url(), path).not.toContain('ada%40example');
      await expect(page.locator('form'), path).toHaveAttribute('method', 'post');
    }
    await context.close();
  });

  test('keep what was typed before the app took the page over, and then sign in with it', async ({
    page,
    request,
  }) => {
    const person = await registerThroughApi(request);
    // The app's script is held back, as on a slow link: the person types meanwhile.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/first-screen-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/account/signin');
    const button = page.getByRole('button', { name: 'Sign in' });
    await page.getByLabel('Email address').fill(person.username);
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await expect(button).toBeDisabled();

    release();
    await expect(button).toBeEnabled();
    await expect(page.getByLabel('Email address')).toHaveValue(person.username);
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue(person.password);
    await button.click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });
});

test.describe('the main layout', () => {
  test('at 1280 px the drawer is permanent and every entry navigates', async ({
    page,
    signInWithStoredToken,
    expectAccessible,
    keepScreenshot,
  }) => {
    await page.setViewportSize(viewports.wide);
    await signInWithStoredToken(page);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open navigation' })).toBeHidden();
    await expect(page.getByRole('banner')).toContainText('Welcome');
    await expect(page.getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/account');
    await expectAccessible(page);
    await keepScreenshot(page, 'dashboard-1280');

    const entries: Array<[string, string, string]> = [
      ['Education', '/education', 'Education'],
      ['My Health', '/healths', 'My Health - Vitals'],
      ['Store', '/store', 'Store'],
      ['Profile', '/account/profile', 'Profile'],
      ['Dashboard', '/', 'Dashboard'],
    ];
    for (const [entry, path, title] of entries) {
      await nav.getByRole('link', { name: entry, exact: true }).click();
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(nav.getByRole('link', { name: entry, exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
    }
  });

  test('at 600 px the drawer opens from the menu button and closes after a route change', async ({
    page,
    signInWithStoredToken,
    expectAccessible,
    keepScreenshot,
  }) => {
    await page.setViewportSize(viewports.narrow);
    await signInWithStoredToken(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await expectAccessible(page);
    await keepScreenshot(page, 'dashboard-600');

    await page.getByRole('button', { name: 'Open navigation' }).click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toBeVisible();
    await expectAccessible(page);
    await keepScreenshot(page, 'dashboard-600-drawer-open');

    await nav.getByRole('link', { name: 'Store', exact: true }).click();
    await expect(page).toHaveURL('/store');
    await expect(page.getByRole('heading', { level: 1, name: 'Store' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  });

  test('the keyboard sees where it is: a solid 2 px ring 2 px off each control, none on a click', async ({
    page,
    signInWithStoredToken,
    keepScreenshot,
  }) => {
    await page.setViewportSize(viewports.wide);
    await signInWithStoredToken(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const ringOf = (locator: Locator) =>
      locator.evaluate((element) => {
        const style = getComputedStyle(element);
        return {
          style: style.outlineStyle,
          width: parseFloat(style.outlineWidth),
          offset: parseFloat(style.outlineOffset),
          color: style.outlineColor,
          band: style.boxShadow,
        };
      });
    /** Tabs until `locator` has the focus, as a person would; never more than 30 presses. */
    const tabTo = async (locator: Locator) => {
      for (let presses = 0; presses < 30; presses += 1) {
        await page.keyboard.press('Tab');
        if (await locator.evaluate((element) => element === document.activeElement)) return;
      }
      throw new Error('the keyboard never reached it');
    };

    // The first stop, 'Skip to content', has the ring; the page it moves to is no control and has
    // none.
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await tabTo(skip);
    expect((await ringOf(skip)).style).toBe('solid');
    await page.keyboard.press('Enter');
    const main = page.getByRole('main');
    await expect(main).toBeFocused();
    expect(await ringOf(main)).toMatchObject({ style: 'none', band: 'none' });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    // In the navy app bar the ring is white.
    const account = page.getByRole('banner').getByRole('link', { name: 'Account' });
    await tabTo(account);
    const barRing = await ringOf(account);
    expect(barRing.style).toBe('solid');
    expect(barRing.width).toBeGreaterThanOrEqual(2);
    expect(barRing.color).toBe('rgb(255, 255, 255)');

    // A button on the light surfaces: navy (#0b2a5b, 13:1 on the page).
    const update = page.getByRole('button', { name: 'Update health data' });
    await tabTo(update);
    const buttonRing = await ringOf(update);
    expect(buttonRing.style).toBe('solid');
    expect(buttonRing.width).toBeGreaterThanOrEqual(2);
    expect(buttonRing.offset).toBeGreaterThanOrEqual(2);
    expect(buttonRing.color).toBe('rgb(11, 42, 91)');
    // The gap between the button and the outline is white, so the ring shows on navy too (once
    // the button's shadow has finished its transition).
    await expect
      .poll(async () => (await ringOf(update)).band)
      .toBe('rgb(255, 255, 255) 0px 0px 0px 2px');
    await keepScreenshot(page, 'focus-ring-button-1280');

    // A drawer entry (three back: Sign out, Profile, Store): the ring inside its edge, where the
    // drawer cannot clip it.
    const nav = page.getByRole('navigation', { name: 'Main' });
    const store = nav.getByRole('link', { name: 'Store' });
    for (let presses = 0; presses < 3; presses += 1) await page.keyboard.press('Shift+Tab');
    await expect(store).toBeFocused();
    const entryRing = await ringOf(store);
    expect(entryRing.style).toBe('solid');
    expect(entryRing.width).toBeGreaterThanOrEqual(2);

    // A pointer press draws no ring.
    await page.goto('/');
    await update.click();
    await page
      .getByRole('dialog', { name: 'Assessment form' })
      .getByRole('button', { name: 'Cancel' })
      .click();
    await expect(page.getByRole('dialog', { name: 'Assessment form' })).toBeHidden();
    const clicked = nav.getByRole('link', { name: 'Education' });
    await clicked.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Education' })).toBeVisible();
    expect((await ringOf(clicked)).style).toBe('none');

    await page.setViewportSize(viewports.phone);
    await page.goto('/');
    await tabTo(page.getByRole('button', { name: 'Open navigation' }));
    expect((await ringOf(page.getByRole('button', { name: 'Open navigation' }))).color).toBe(
      'rgb(255, 255, 255)',
    );
    await keepScreenshot(page, 'focus-ring-menu-390');
  });

  test('Sign out ends the session and lands on sign-in', async ({
    page,
    signInWithStoredToken,
  }) => {
    await page.setViewportSize(viewports.wide);
    await signInWithStoredToken(page);
    await page.goto('/education');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Sign out' })
      .click();
    await expect(page).toHaveURL('/account/signin');
    expect(await page.evaluate(() => window.localStorage.getItem('accessToken'))).toBeNull();
    await page.goto('/education');
    await expect(page).toHaveURL('/account/signin?redirect=%2Feducation');
  });
});

test.describe('the server', () => {
  test('serves the API reference beside the app', async ({ page, request }) => {
    const document = await request.get('/api/openapi.json');
    expect(document.ok()).toBe(true);
    expect((await document.json()).info.title).toBe('Vitalia API');
    await page.goto('/api/docs/');
    await expect(page.getByText('Vitalia API').first()).toBeVisible();
  });
});
