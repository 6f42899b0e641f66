import { useSyncExternalStore } from 'react';

const nothingToWatch = () => () => undefined;

/**
 * False in a page's pre-rendered HTML and while React takes it over, true from then on (and at
 * once in a page React renders itself). A pre-rendered form keeps its submit button disabled until
 * then: pressed before the app has taken the page over, the browser would submit the form itself,
 * as a GET with the email address and password in the address (seen by a review on 2026-11-27;
 * docs/decisions/0036-prerendered-public-pages.md).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    nothingToWatch,
    () => true,
    () => false,
  );
}
