import type { DataRouter } from 'react-router';
import { routePatterns } from '../lib/paths';

// The pages the build renders to HTML (prerender/prerender.mjs) so that they paint before any
// script has run: public, and the same for everyone who opens them signed out. Nothing personal
// is ever pre-rendered (docs/decisions/0036-prerendered-public-pages.md).
export const prerenderedPaths = [
  routePatterns.signIn,
  routePatterns.register,
  routePatterns.resetPassword,
  routePatterns.policy,
] as const;

export { prerenderedAttribute } from './prerendered-attribute';

export interface FirstPaint {
  /** The path #root says it was pre-rendered for, if any. */
  prerenderedPath: string | null;
  /** The path the browser is at. */
  pathname: string;
  /** Whether the browser holds a session (token-store.ts). */
  signedIn: boolean;
  /** window.history.state, where React Router keeps a page's state (a flash message) across reloads. */
  historyState: unknown;
}

function withoutTrailingSlash(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/**
 * Whether React may take over the pre-rendered HTML (hydrate) rather than draw the page anew. Only
 * when the browser's first render is sure to be that HTML: the page was rendered for this very
 * path, nobody is signed in (the guard would move a signed-in person off sign-in), and no state
 * rides along (a flash message the build could not know). Otherwise hydrating would mismatch, so
 * the HTML is dropped and the app renders as if there were none.
 */
export function canHydrate({ prerenderedPath, pathname, signedIn, historyState }: FirstPaint) {
  if (!prerenderedPath || signedIn) return false;
  if (withoutTrailingSlash(pathname) !== prerenderedPath) return false;
  const routerState =
    typeof historyState === 'object' && historyState !== null
      ? (historyState as { usr?: unknown }).usr
      : undefined;
  return routerState === undefined || routerState === null;
}

/**
 * Resolves once the router has loaded the matched routes' lazy modules: rendered before that, it
 * would show its loading fallback, not the page the HTML holds.
 */
export function routerReady(router: DataRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
