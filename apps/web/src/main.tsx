import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
// Roboto's Latin subset only (what Vitalia's text is written in), each with font-display: swap;
// vite.config.ts preloads the regular weight.
import '@fontsource/roboto/latin-300.css';
import '@fontsource/roboto/latin-400.css';
import '@fontsource/roboto/latin-500.css';
import '@fontsource/roboto/latin-700.css';
import { AppTree } from './app/app-tree';
import { createEmotionCache } from './app/emotion-cache';
import { canHydrate, prerenderedAttribute, routerReady } from './app/first-paint';
import { createAppRouter } from './app/router';
import { getAccessToken } from './lib/token-store';
import { registerNavigator } from './lib/app-navigator';
import { appContainer } from './lib/offline/screen-snapshot';

const router = createAppRouter();

// A lost session (401, network down) then moves within the app instead of reloading it.
registerNavigator({
  navigate: (to) => void router.navigate(to, { replace: true }),
  currentPath: () => router.state.location.pathname + router.state.location.search,
});

// #root, also while a returning person's dashboard kept on the device stands in for it (boot.ts).
const container = appContainer();
if (!container) throw new Error('index.html has no #root element');

// The public pages come pre-rendered, and index.html holds a skeleton of the app shell; either
// stays on screen until the first screen's code has loaded, so React's first render is the page
// itself, never the loading fallback (docs/decisions/0036-prerendered-public-pages.md).
const hydrate = canHydrate({
  prerenderedPath: container.getAttribute(prerenderedAttribute),
  pathname: window.location.pathname,
  signedIn: getAccessToken() !== null,
  historyState: window.history.state,
});
const app = <AppTree router={router} emotionCache={createEmotionCache()} />;
void routerReady(router).then(() => {
  // The first render runs as a transition, so React works on it in slices of a few milliseconds
  // and lets the browser in between, instead of holding the main thread for one long task (a
  // phone's first hydration was 380 ms of blocking in Lighthouse's run; docs/performance.md).
  startTransition(() => {
    // Hydrating takes the pre-rendered HTML over as it is; otherwise the render replaces it.
    if (hydrate) {
      hydrateRoot(container, app);
      return;
    }
    // A page rendered for someone else (signed out, no flash message) is not shown to this
    // person even for a moment: a signed-in person on sign-in is about to be moved on.
    if (container.hasAttribute(prerenderedAttribute)) container.replaceChildren();
    createRoot(container).render(app);
  });
});
