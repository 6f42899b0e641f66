import type { APIRequestContext, Page } from '@playwright/test';
import { staff } from '../fixtures/staff.mjs';
import { closeNotice, expect, staffTokens, test, viewports } from '../fixtures/vitalia.fixture.ts';

const admin = staff.find((person) => person.role === 'ADMIN')!;

/**
 * A full-page screenshot drawn from the top, with every cover loaded: the app bar is fixed, so a
 * page scrolled to a field would draw it across the middle.
 */
async function snap(
  keepScreenshot: (page: Page, name: string) => Promise<void>,
  page: Page,
  name: string,
) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForFunction(() =>
    Array.from(document.images).every((image) => image.complete && image.naturalWidth > 0),
  );
  await keepScreenshot(page, name);
}

/** Signs the administrator in through the API, with the risk assessment already answered. */
function adminTokens(request: APIRequestContext) {
  return staffTokens(request, admin);
}

/** A small PNG drawn by the browser, as a person's photo would be chosen from disk. */
async function drawnPng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 800;
    canvas.height = 450;
    const context = canvas.getContext('2d')!;
    const gradient = context.createLinearGradient(0, 0, 800, 450);
    gradient.addColorStop(0, '#d8ecf7');
    gradient.addColorStop(1, '#9cc9e6');
    context.fillStyle = gradient;
    context.fillRect(0, 0, 800, 450);
    context.fillStyle = '#1565c0';
    context.beginPath();
    context.moveTo(400, 90);
    context.bezierCurveTo(470, 190, 520, 250, 520, 300);
    context.arc(400, 300, 120, 0, Math.PI);
    context.bezierCurveTo(280, 250, 330, 190, 400, 90);
    context.fill();
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

/**
 * How many articles are published, as the API lists them: one per measure and one per risk of the
 * assessment, so a new measure's article changes no journey.
 */
async function publishedArticles(request: APIRequestContext, token: string): Promise<number> {
  const answer = await request.get('/api/v1/education/articles?limit=50', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { items: unknown[] }).items.length;
}

test.describe('education', () => {
  test('search the articles, read one with its sources, and find the way back', async ({
    page,
    request,
    signInWithStoredToken,
    expectAccessible,
    keepScreenshot,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewports.wide);
    const session = await signInWithStoredToken(page);
    const published = await publishedArticles(request, session.token);

    // The list: a page of cards, newest first, and more on request.
    await page.goto('/education');
    await expect(page.getByRole('heading', { level: 1, name: 'Education' })).toBeVisible();
    const cards = page.getByRole('region', { name: 'Articles' }).getByRole('article');
    await expect(cards).toHaveCount(12);
    await expect(cards.first()).toContainText('min read');
    await expect(page.getByRole('link', { name: 'Manage articles' })).toHaveCount(0);
    await expectAccessible(page);
    await snap(keepScreenshot, page, 'education-1280');
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(cards).toHaveCount(published);
    await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);

    // Search reads the bodies too: nail polish is only mentioned inside the oxygen article.
    await page.getByRole('searchbox', { name: 'Search articles' }).fill('nail polish');
    await expect(page).toHaveURL(/\?q=nail\+polish$/);
    const oxygen = page.getByRole('article', {
      name: 'Oxygen saturation: what your SpO2 number tells you',
    });
    await expect(cards.first()).toHaveAccessibleName(
      'Oxygen saturation: what your SpO2 number tells you',
    );
    await page.getByRole('searchbox', { name: 'Search articles' }).fill('zebra crossing');
    await expect(page.getByText('No articles match “zebra crossing”')).toBeVisible();
    await page.getByRole('button', { name: 'Clear the search' }).click();
    await expect(page).toHaveURL('/education');
    await page.getByRole('searchbox', { name: 'Search articles' }).fill('nail polish');
    await expect(page).toHaveURL(/\?q=nail\+polish$/);

    // The article: markdown rendered, sources as links to the public pages, related articles.
    await oxygen.getByRole('link', { name: /^Oxygen saturation/ }).click();
    await expect(page).toHaveURL('/education/oxygen-saturation');
    const article = page.getByRole('article', {
      name: 'Oxygen saturation: what your SpO2 number tells you',
    });
    await expect(
      article.getByRole('heading', { level: 3, name: 'Getting a reading you can trust' }),
    ).toBeVisible();
    await expect(article.getByRole('listitem').filter({ hasText: 'nail polish' })).toBeVisible();
    const sources = page.getByRole('region', { name: 'Sources' });
    const who = sources.getByRole('link', { name: /^WHO: Pulse Oximetry Training Manual/ });
    await expect(who).toHaveAttribute('href', /^https:\/\/www\.who\.int\//);
    await expect(who).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(
      sources.getByRole('link', {
        name: /^NHS England: Pulse oximetry to detect early deterioration/,
      }),
    ).toBeVisible();
    await expect(sources.getByRole('listitem')).toHaveCount(4);
    const related = page.getByRole('complementary', { name: 'Related articles' });
    await expect(related.getByRole('article').first()).toBeVisible();
    await expect(page).toHaveTitle('Oxygen saturation: what your SpO2 number tells you · Vitalia');
    await expectAccessible(page);
    await snap(keepScreenshot, page, 'education-article-1280');

    // Back to the search it came from; a tag leads to the articles sharing it.
    await page.getByRole('link', { name: 'Back to the list' }).click();
    await expect(page).toHaveURL(/\?q=nail\+polish$/);
    await expect(page.getByRole('searchbox', { name: 'Search articles' })).toHaveValue(
      'nail polish',
    );
    await oxygen.getByRole('link', { name: /^Oxygen saturation/ }).click();
    await article.getByRole('link', { name: 'Articles tagged Lungs' }).click();
    await expect(page).toHaveURL('/education?tag=lungs');
    await expect(page.getByRole('button', { name: 'Lungs' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByRole('article', { name: /^Smoking/ })).toBeVisible();

    // At 600 px: one column of cards, and the article above its related ones.
    await page.setViewportSize(viewports.narrow);
    await page.goto('/education');
    await expect(cards).toHaveCount(12);
    const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
    expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1);
    await expectAccessible(page);
    await snap(keepScreenshot, page, 'education-600');
    await page.goto('/education/blood-pressure');
    await expect(
      page.getByRole('article', { name: 'Blood pressure at home: the two numbers explained' }),
    ).toBeVisible();
    await expectAccessible(page);
    await snap(keepScreenshot, page, 'education-article-600');

    // An address no article has.
    await page.goto('/education/no-such-article');
    await expect(
      page.getByRole('heading', { name: 'We could not find that article' }),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Browse all articles' }).click();
    await expect(page).toHaveURL('/education');
  });

  test('an administrator writes, illustrates and publishes an article, and a reader finds it', async ({
    page,
    browser,
    request,
    signInWithStoredToken,
    expectAccessible,
    keepScreenshot,
  }, testInfo) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewports.wide);
    const session = await signInWithStoredToken(page);
    const publishedBefore = await publishedArticles(request, session.token);

    // Someone who is not an administrator is turned away from the editor.
    await page.goto('/education/admin/new');
    await expect(
      page.getByRole('heading', { name: 'This page is for the people who write the articles' }),
    ).toBeVisible();

    // The administrator, in a browser of their own.
    const tokens = await adminTokens(request);
    const adminContext = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      viewport: viewports.wide,
    });
    const adminPage = await adminContext.newPage();
    await adminPage.goto('/policy');
    await adminPage.evaluate(({ token, refreshToken }) => {
      window.localStorage.setItem('accessToken', token);
      window.localStorage.setItem('refreshToken', refreshToken);
    }, tokens);
    await adminPage.goto('/education');
    await adminPage.getByRole('link', { name: 'Manage articles' }).click();
    await expect(adminPage).toHaveURL('/education/admin');
    const table = adminPage.getByRole('table', { name: 'Articles' });
    // A row per article, under the header row.
    await expect(table.getByRole('row')).toHaveCount(publishedBefore + 1);
    await expectAccessible(adminPage);
    await snap(keepScreenshot, adminPage, 'education-admin-1280');

    // A new draft: the slug follows the title, the preview follows the body.
    await adminPage.getByRole('link', { name: 'New article' }).click();
    await expect(adminPage).toHaveURL('/education/admin/new');
    await adminPage.getByLabel('Title').fill('Drinking water: how much you need');
    await expect(adminPage.getByLabel('Slug')).toHaveValue('drinking-water-how-much-you-need');
    await adminPage
      .getByLabel('Summary')
      .fill(
        'Why good hydration matters for your blood pressure and kidneys, and how to tell you are drinking enough.',
      );
    const tags = adminPage.getByRole('combobox', { name: 'Tags' });
    await tags.fill('blood-pressure');
    await tags.press('Enter');
    await tags.fill('Heart');
    await tags.press('Enter');
    await adminPage.getByRole('combobox', { name: 'Illustration' }).click();
    await adminPage.getByRole('option', { name: 'Blood pressure' }).click();
    await adminPage.getByRole('button', { name: 'Add a source' }).click();
    await adminPage.getByLabel('Source 1 name').fill('NHS: Water, drinks and your health');
    await adminPage
      .getByLabel('Source 1 address')
      .fill(
        'https://www.nhs.uk/live-well/eat-well/food-guidelines-and-food-labels/water-drinks-nutrition/',
      );
    await adminPage
      .getByRole('textbox', { name: 'Body' })
      .fill(
        [
          'Your body is more than half water, and good **hydration** keeps your blood volume,',
          'your blood pressure and your kidneys working as they should.',
          '',
          '## How much to drink',
          '',
          '- Six to eight cups a day suits most adults.',
          '- Drink more in hot weather, when you exercise, or when you have a fever.',
          '',
          '## Signs you need more',
          '',
          'Dark yellow urine, a dry mouth and headaches are early signs. <b>HTML</b> stays text.',
        ].join('\n'),
      );
    const preview = adminPage.getByRole('region', { name: 'Preview' });
    await expect(
      preview.getByRole('heading', { level: 4, name: 'How much to drink' }),
    ).toBeVisible();
    await expect(preview).toContainText('<b>HTML</b> stays text.');
    await expectAccessible(adminPage);
    await snap(keepScreenshot, adminPage, 'education-editor-1280');
    await adminPage.getByRole('button', { name: 'Save draft' }).first().click();
    await expect(adminPage).toHaveURL(/\/education\/admin\/[0-9a-f-]{36}$/);
    await expect(adminPage.getByText(/The draft is saved/)).toBeVisible();

    // A draft is invisible to readers.
    await page.goto('/education?q=hydration');
    await expect(page.getByText('No articles match “hydration”')).toBeVisible();

    // The administrator's own cover, previewed before it is uploaded.
    await adminPage.getByLabel('Cover image file').setInputFiles({
      name: 'water.png',
      mimeType: 'image/png',
      buffer: await drawnPng(adminPage),
    });
    await expect(
      adminPage.getByRole('img', { name: 'Preview of the image to upload' }),
    ).toBeVisible();
    await adminPage.getByRole('button', { name: 'Upload this image' }).click();
    await expect(adminPage.getByText('The new cover is saved.')).toBeVisible();
    await expect(adminPage.getByRole('img', { name: 'The current cover' })).toHaveAttribute(
      'src',
      /^\/uploads\/covers\/[0-9a-f-]{36}\.webp$/,
    );

    await adminPage.getByRole('button', { name: 'Publish', exact: true }).click();
    const published = adminPage
      .getByRole('alert')
      .filter({ hasText: 'The article is published: readers can find it now.' });
    await expect(published).toBeVisible();
    await expect(adminPage.getByRole('button', { name: 'Unpublish' })).toBeVisible();
    // Put away, so it does not cover the form in the screenshot below.
    await closeNotice(published);

    // At 600 px the preview sits under the textarea.
    await adminPage.setViewportSize(viewports.narrow);
    // The textarea grows to its new line count a frame or two after the resize, so both boxes are
    // read together, again until the layout has settled.
    const bodyBox = adminPage.getByRole('textbox', { name: 'Body' });
    await expect
      .poll(async () => {
        const [body, previewBox] = await Promise.all([
          bodyBox.boundingBox(),
          preview.boundingBox(),
        ]);
        return previewBox!.y - (body!.y + body!.height);
      })
      .toBeGreaterThan(-1);
    await expectAccessible(adminPage);
    await snap(keepScreenshot, adminPage, 'education-editor-600');
    await adminContext.close();

    // The reader finds it by a word of its body, and reads it with its cover and source.
    await page.goto('/education');
    await page.getByRole('searchbox', { name: 'Search articles' }).fill('hydration');
    await expect(page).toHaveURL('/education?q=hydration');
    const found = page.getByRole('article', { name: 'Drinking water: how much you need' });
    await expect(found).toBeVisible();
    await found.getByRole('link', { name: 'Drinking water: how much you need' }).click();
    await expect(page).toHaveURL('/education/drinking-water-how-much-you-need');
    const article = page.getByRole('article', { name: 'Drinking water: how much you need' });
    await expect(article.locator('img').first()).toHaveAttribute('src', /^\/uploads\/covers\//);
    await expect(
      article.getByRole('heading', { level: 3, name: 'Signs you need more' }),
    ).toBeVisible();
    await expect(article).toContainText('<b>HTML</b> stays text.');
    await expect(
      page.getByRole('region', { name: 'Sources' }).getByRole('link', {
        name: /^NHS: Water, drinks and your health/,
      }),
    ).toBeVisible();
  });
});

test.describe('from a measure to its article', () => {
  test('the blood pressure page links to the article about blood pressure', async ({
    page,
    signInWithStoredToken,
  }) => {
    await signInWithStoredToken(page);
    await page.goto('/healths/blood-pressure');
    await page.getByRole('link', { name: 'Read about blood pressure' }).click();
    await expect(page).toHaveURL(/^http:\/\/[^/]+\/education\/[a-z0-9-]+$/);
    await expect(page.getByRole('heading', { level: 2 }).first()).toContainText(/blood pressure/i);
    await expect(page.getByRole('heading', { name: 'Sources' })).toBeVisible();
  });
});
