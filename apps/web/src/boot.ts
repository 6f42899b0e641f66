import { prerenderedAttribute } from './app/prerendered-attribute';
import { forgetScreenSnapshot, paintScreenSnapshot } from './lib/offline/screen-snapshot';
import { sessionStored } from './lib/storage-keys';

// The page's entry (index.html). A pre-rendered page (sign-in, register, reset, policy) is
// painted before the app's code runs: on a slow phone the first screen's script takes a second
// or more to run, and a browser that has it already (from the service worker, or a quick network)
// ran it before the first paint, so the form, ready in the HTML, showed only after it. The script
// is asked for here, after that paint, so the paint's styles and fonts have the link to
// themselves (prerender/prerender.mjs leaves out the preload links index.html has).
// The app shell's skeleton does not wait: a returning person's dashboard needs the app's code to
// show anything, and waiting for a paint of the skeleton first made it 0.2 s later on the phone
// profile (docs/performance.md).

function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      resolve();
    };
    // The browser's own record of the page's first paint with content, once it is on screen
    // (buffered: also when it came before this line ran).
    if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      new PerformanceObserver((list, observer) => {
        if (!list.getEntries().some((entry) => entry.name === 'first-contentful-paint')) return;
        observer.disconnect();
        start();
      }).observe({ type: 'paint', buffered: true });
    } else {
      // A frame's callbacks run just before it is painted; a task queued from one runs after.
      requestAnimationFrame(() => setTimeout(start, 0));
    }
    // A tab opened in the background paints nothing until it is shown; start all the same.
    setTimeout(start, 250);
  });
}

const prerendered = document.getElementById('root')?.hasAttribute(prerenderedAttribute) ?? false;
// A returning person's dashboard as they last saw it, kept on the device, is painted and stays
// until the app shows the screen itself (lib/offline/screen-snapshot.ts,
// docs/decisions/0042-returning-dashboard-painted-from-the-device.md). Offline it is painted at
// once, before the app's code is run, like a pre-rendered page. Online it waits for the server to
// say the session goes on (lib/offline/session-check.ts), while the app's code loads: a session
// ended from another device shows nothing of the person, and the copy is removed.
const offline = navigator.onLine === false;
const snapshot = !prerendered && offline && paintScreenSnapshot();
void (prerendered || snapshot ? afterFirstPaint() : Promise.resolve()).then(() => import('./main'));
if (!prerendered && !offline && sessionStored()) {
  void import('./lib/offline/session-check')
    .then(({ storedSessionVerdict }) => storedSessionVerdict())
    .then((verdict) => {
      if (verdict === 'ended') forgetScreenSnapshot();
      // The network gone: the copy is what the app shows offline of the device's readings. A
      // server that answered without saying (an error) or too slowly says nothing of the
      // session: no copy, and the app shows what its own calls find.
      else if (verdict === 'live' || verdict === 'offline') paintScreenSnapshot();
    })
    // Its script not loaded (offline, not in the service worker's cache): no copy this time.
    .catch(() => undefined);
}
// A signed-in person's first screen asks the server for their data at once: the API client,
// otherwise loaded on first use (lib/api-client.ts, docs/decisions/0040-api-client-on-first-use.md),
// is asked for now, beside the app's code rather than after it, and so are the readings kept on
// the device, which the screen waits for (app/providers.tsx). Only when a session is stored: a
// signed-out visitor of any page sent index.html does not download them before using a form.
if (!prerendered && sessionStored()) {
  void import('./lib/http-client').catch(() => undefined);
  void import('./lib/offline/kept-readings').catch(() => undefined);
}
