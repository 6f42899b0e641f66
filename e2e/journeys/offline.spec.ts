import type { APIRequestContext, Page } from '@playwright/test';
import {
  expect,
  recordThroughApi,
  registerThroughApi,
  test,
  viewports,
  type Session,
} from '../fixtures/vitalia.fixture.ts';

// Issue 22, docs/decisions/0035-offline-readings.md: a signed-in person's readings open without a
// network from what the device kept, readings saved offline wait and are sent exactly once when
// the network returns (even when the answer to a send is lost), one taken back is never sent, and
// signing out leaves nothing.

interface HistoryPage {
  items: { tagValue: string; takenAt: string }[];
}

async function oxygenOnServer(request: APIRequestContext, session: Session): Promise<string[]> {
  const answer = await request.get('/api/v1/records/healths', {
    headers: { Authorization: `Bearer ${session.token}` },
    params: { tag: 'SPO2Value', order: 'ASC', limit: 50 },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as HistoryPage).items.map((item) => item.tagValue);
}

/** What the app keeps in IndexedDB: the number of entries in its store, per database. */
async function keptOnDevice(page: Page) {
  return page.evaluate(async () => {
    const found: Record<string, number> = {};
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const opening = indexedDB.open(name);
        opening.onsuccess = () => resolve(opening.result);
        opening.onerror = () => reject(new Error(String(opening.error)));
      });
      let count = 0;
      for (const store of Array.from(db.objectStoreNames)) {
        count += await new Promise<number>((resolve, reject) => {
          const counting = db.transaction(store).objectStore(store).count();
          counting.onsuccess = () => resolve(counting.result);
          counting.onerror = () => reject(new Error(String(counting.error)));
        });
      }
      db.close();
      found[name] = count;
    }
    return found;
  });
}

/** The keys of the queries the app kept for offline use, as 'records/history/SPO2Value'. */
async function keptQueries(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const opening = indexedDB.open('vitalia-offline');
      opening.onsuccess = () => resolve(opening.result);
      opening.onerror = () => reject(new Error(String(opening.error)));
    });
    if (!db.objectStoreNames.contains('kept')) return [];
    const kept = await new Promise<unknown>((resolve, reject) => {
      const reading = db.transaction('kept').objectStore('kept').get('query-cache');
      reading.onsuccess = () => resolve(reading.result);
      reading.onerror = () => reject(new Error(String(reading.error)));
    });
    db.close();
    const queries =
      (kept as { state?: { queries?: { queryKey: unknown[] }[] } } | undefined)?.state?.queries ??
      [];
    return queries.map((query) => query.queryKey.join('/'));
  });
}

/** The copy of the dashboard kept on the device for the next start, if any. */
async function screenCopy(page: Page): Promise<{ owner: string; html: string } | null> {
  const text = await page.evaluate(() => localStorage.getItem('vitalia-screen-snapshot'));
  return text ? (JSON.parse(text) as { owner: string; html: string }) : null;
}

/** The URLs of every Cache Storage entry that holds an API answer. */
async function cachedApiAnswers(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const entry of await cache.keys()) {
        if (new URL(entry.url).pathname.startsWith('/api/')) urls.push(entry.url);
      }
    }
    return urls;
  });
}

async function addOxygen(page: Page, value: string) {
  await page.getByRole('button', { name: 'Add reading' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add a reading: Oxygen saturation' });
  await dialog.getByLabel('Oxygen saturation (SpO2)').fill(value);
  await dialog.getByRole('button', { name: 'Save reading' }).click();
  await expect(dialog).toBeHidden();
}

test.describe('offline readings', () => {
  test('open from the device offline, wait to send, go once each, and leave with sign-out', async ({
    page,
    context,
    request,
    signInWithStoredToken,
    keepScreenshot,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewports.phone);
    const session = await signInWithStoredToken(page);
    await recordThroughApi(request, session, { Tag: 'SPO2Value', TagValue: '97' }, 120);
    await recordThroughApi(request, session, { Tag: 'SPO2Value', TagValue: '96' }, 60);

    // Online: the dashboard and the measure's readings are seen, and the service worker is ready.
    await page.goto('/');
    await expect(page.getByTestId('tile-oxygen')).toBeVisible();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.goto('/healths/oxygen');
    const table = page.getByRole('table', { name: 'Readings' });
    await expect(table.getByRole('row')).toHaveCount(3);
    // What was seen is kept (saved a second after the screen settles).
    await expect
      .poll(() => keptQueries(page))
      .toEqual(
        expect.arrayContaining([
          'records/analysis',
          'records/history/SPO2Value',
          'identity/profile',
        ]),
      );

    // Offline, a reload still opens the dashboard, from what the device kept, and says so.
    await context.setOffline(true);
    await page.goto('/');
    await expect(page.getByTestId('tile-oxygen')).toBeVisible();
    const banner = page.getByTestId('offline-banner');
    await expect(banner).toContainText(
      /^Offline: showing readings from \d{1,2} \w{3} \d{4}, \d\d:\d\d$/,
    );
    await expect(page).toHaveURL(/\/$/);
    await keepScreenshot(page, 'offline-banner-390');

    // Two readings recorded offline wait on the device, rated as usual.
    await page.goto('/healths/oxygen');
    await expect(page.getByTestId('offline-banner')).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(3);
    await addOxygen(page, '93');
    await addOxygen(page, '94');
    const waiting = page.getByTestId('pending-reading');
    await expect(waiting).toHaveCount(2);
    await expect(waiting.getByText('Waiting to send')).toHaveCount(2);
    await expect(waiting.first().locator('[data-colour="red"]')).toHaveText('Low');
    // The latest reading is the newest waiting one, never the calmer 97 % sent before them.
    const latest = page.getByRole('region', { name: 'Latest reading' });
    await expect(latest).toContainText('94');
    await expect(latest.getByText('Waiting to send')).toBeVisible();
    await expect(latest.locator('[data-colour="green"]')).toHaveCount(0);
    await keepScreenshot(page, 'offline-waiting-to-send-390');
    // A mistyped 79 (for 97) raises the alarm at once, and can be taken back before it is sent.
    await addOxygen(page, '79');
    await expect(waiting).toHaveCount(3);
    await expect(page.getByText('Get emergency care now')).toBeVisible();
    await waiting.first().getByRole('button', { name: 'Discard' }).click();
    const question = page.getByRole('dialog', { name: 'Discard this reading?' });
    await expect(question).toContainText('it has not been sent, and will not be.');
    await keepScreenshot(page, 'offline-discard-question-390');
    await question.getByRole('button', { name: 'Discard' }).click();
    await expect(waiting).toHaveCount(2);
    await expect(page.getByText('Get emergency care now')).toBeHidden();
    await expect(latest).toContainText('94');
    expect(await oxygenOnServer(request, session)).toEqual(['97', '96']);
    // The dashboard shows them too, still offline.
    await page.goto('/');
    await expect(page.getByTestId('pending-reading')).toHaveCount(2);
    await expect(page.getByTestId('pending-reading').getByText('Waiting to send')).toHaveCount(2);
    await page.goto('/healths/oxygen');
    await expect(waiting).toHaveCount(2);

    // Back online, the first send reaches the server but its answer is lost; the outbox sends it
    // again with the same key, and the server answers the first answer instead of a second one.
    let dropped = 0;
    await context.route('**/api/v1/records/health', async (route) => {
      if (route.request().method() !== 'POST' || dropped > 0) return route.fallback();
      dropped += 1;
      await route.fetch();
      await route.abort('connectionreset');
    });
    await context.setOffline(false);
    await expect(waiting).toHaveCount(0, { timeout: 30_000 });
    expect(dropped).toBe(1);
    await expect(table.getByRole('row')).toHaveCount(5);
    await expect(page.getByTestId('offline-banner')).toBeHidden();
    expect(await oxygenOnServer(request, session)).toEqual(['97', '96', '93', '94']);

    // Signing out leaves nothing of the person on the device. The email the sign-in form keeps
    // for its two-factor step (this journey signed in with a stored token) and a unit chosen on
    // this device before units moved to the profile go too.
    await page.evaluate((username) => {
      window.localStorage.setItem('username', username);
      window.localStorage.setItem('vitalia.displayUnit.sugar', 'mmol/L');
    }, session.username);
    await page.goto('/');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
    await expect
      .poll(async () => Object.values(await keptOnDevice(page)).reduce((a, b) => a + b, 0))
      .toBe(0);
    expect(await cachedApiAnswers(page)).toEqual([]);
    expect(await screenCopy(page)).toBeNull();
    // Nor any key of the app in localStorage (README.md: signing out removes everything).
    await expect.poll(() => page.evaluate(() => Object.keys(window.localStorage))).toEqual([]);
  });

  // docs/decisions/0042-returning-dashboard-painted-from-the-device.md
  test("a returning person's dashboard is painted from the device at once, then the app's own takes its place", async ({
    page,
    context,
    request,
    signInWithStoredToken,
  }) => {
    await page.setViewportSize(viewports.phone);
    const session = await signInWithStoredToken(page);
    await recordThroughApi(request, session, { Tag: 'SPO2Value', TagValue: '97' }, 60);
    await page.goto('/');
    await expect(page.getByTestId('tile-oxygen')).toContainText('97');
    // A copy of the screen is kept a second after it settles.
    await expect.poll(async () => (await screenCopy(page))?.html ?? '').toContain('tile-oxygen');

    // The next start paints that copy before the app has run: what it showed is recorded as it
    // appears. A reading recorded elsewhere meanwhile is on the app's own screen once it is up.
    await page.addInitScript(() => {
      new MutationObserver((_changes, observer) => {
        const copy = document.getElementById('vitalia-screen-snapshot');
        if (!copy) return;
        observer.disconnect();
        const seen = window as unknown as { painted: string; paintedVisible: string };
        seen.painted = copy.textContent ?? '';
        // What is on show of it, out-of-sight parts (the offline banner online) left out.
        seen.paintedVisible = copy.innerText;
      }).observe(document, { childList: true, subtree: true });
    });
    await recordThroughApi(request, session, { Tag: 'SPO2Value', TagValue: '98' }, 1);
    const paintedVisible = () =>
      page.evaluate(() => (window as unknown as { paintedVisible?: string }).paintedVisible);
    await page.reload();
    // Online, the copy is painted once the server has said the session goes on.
    const painted = () =>
      page.evaluate(() => (window as unknown as { painted?: string }).painted ?? '');
    await expect.poll(painted).toContain('Your measures');
    expect(await painted()).toContain('Oxygen saturation97');
    expect(await paintedVisible()).not.toContain('Offline');
    await expect(page.getByTestId('tile-oxygen')).toContainText('98');
    await expect(page.locator('#vitalia-screen-snapshot')).toHaveCount(0);
    // The app's own buttons answer.
    await page.getByRole('button', { name: 'Add reading' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await page.keyboard.press('Escape');

    // Offline, the copy says at once that it shows the readings kept, and from when, as the
    // app's own screen does after it.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const kept = localStorage.getItem('vitalia-screen-snapshot');
          const copy = document.createElement('div');
          copy.innerHTML = kept ? (JSON.parse(kept) as { html: string }).html : '';
          return copy.querySelector('[data-testid="tile-oxygen"]')?.textContent ?? '';
        }),
      )
      .toContain('98');
    // A returning person's phone has the app installed from an earlier visit: its service worker is
    // active before the network goes (on a loaded machine it can still be installing here).
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await context.setOffline(true);
    await page.reload();
    expect(await paintedVisible()).toMatch(
      /Offline: showing readings from \d{1,2} \w{3} \d{4}, \d\d:\d\d/,
    );
    await expect(page.getByTestId('offline-banner')).toBeVisible();
    await expect(page.getByTestId('tile-oxygen')).toContainText('98');
    await context.setOffline(false);

    // Another person's session on this device: the copy is never shown, and it is removed.
    const other = await registerThroughApi(request);
    await page.evaluate(
      ([access, refresh]) => {
        window.localStorage.setItem('accessToken', access);
        window.localStorage.setItem('refreshToken', refresh);
      },
      [other.token, other.refreshToken] as const,
    );
    await page.evaluate(() => delete (window as unknown as { painted?: string }).painted);
    await page.reload();
    await expect(
      page.getByRole('heading', { name: 'Welcome. Start with one reading' }),
    ).toBeVisible();
    expect(
      await page.evaluate(() => (window as unknown as { painted?: string }).painted),
    ).toBeUndefined();
    expect((await screenCopy(page))?.html ?? '').not.toContain('tile-oxygen');
  });

  // docs/decisions/0042-returning-dashboard-painted-from-the-device.md
  test('a phone whose session was ended from another device shows nothing of the person, online', async ({
    page,
    request,
    signInWithStoredToken,
  }) => {
    await page.setViewportSize(viewports.phone);
    const session = await signInWithStoredToken(page);
    await recordThroughApi(request, session, { Tag: 'SPO2Value', TagValue: '97' }, 60);
    await page.goto('/');
    await expect(page.getByTestId('tile-oxygen')).toContainText('97');
    await expect.poll(async () => (await screenCopy(page))?.html ?? '').toContain('tile-oxygen');
    await expect.poll(async () => (await keptQueries(page)).length).toBeGreaterThan(0);

    // The person, on a laptop, ends every other session: the phone's among them.
    const laptop = await request.post('/api/v1/identity/login', {
      data: { Username: session.username, password: session.password },
    });
    expect(laptop.status(), await laptop.text()).toBe(200);
    const { token } = (await laptop.json()) as { token: string };
    const ended = await request.post('/api/v1/identity/sessions/end-others', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(ended.status(), await ended.text()).toBe(200);

    // Everything the phone shows is recorded from the first element on.
    await page.addInitScript(() => {
      const seen = window as unknown as { shown: string[] };
      seen.shown = [];
      new MutationObserver(() => {
        const text = document.body?.innerText ?? '';
        if (text) seen.shown.push(text);
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
    const shown = await page.evaluate(() => (window as unknown as { shown: string[] }).shown);
    expect(shown.join('\n')).not.toContain('Oxygen saturation');
    expect(shown.join('\n')).not.toContain('Your measures');
    // What the device kept of the person is gone with the session.
    expect(await screenCopy(page)).toBeNull();
    await expect.poll(() => keptQueries(page)).toEqual([]);
  });
});
