import { prerenderedAttribute } from './app/prerendered-attribute';

// The page's entry (index.html). A pre-rendered page (sign-in, register, reset, policy) is
// painted before the app's code runs: on a slow phone the first screen's script takes a second
// or more to run, and a browser that has it already (from the service worker, or a quick network)
// ran it before the first paint, so the form, ready in the HTML, showed only after it. index.html
// asks for that script at once (vite.config.ts preloads it), so waiting costs no download time.
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
    // A frame's callbacks run just before it is painted; a task queued from one runs after.
    requestAnimationFrame(() => setTimeout(start, 0));
    // A tab opened in the background paints no frame until it is shown; start all the same.
    setTimeout(start, 250);
  });
}

const prerendered = document.getElementById('root')?.hasAttribute(prerenderedAttribute) ?? false;
void (prerendered ? afterFirstPaint() : Promise.resolve()).then(() => import('./main'));
