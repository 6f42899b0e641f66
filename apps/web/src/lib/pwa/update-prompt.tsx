import { Suspense, useState } from 'react';
import { optionalLazy } from '../optional-lazy';
import { useAppUpdate } from './app-update.hook';

/**
 * The service worker is registered only by a production build, in a browser that has service
 * workers: the dev server's modules and the unit tests' jsdom register nothing.
 */
export function serviceWorkerWanted(): boolean {
  return import.meta.env.PROD && typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
}

// The offer's Snackbar (with its transition and click-away parts) is not in the first screen's
// script, which every visit loads: it is asked for only when a new version waits. An offer that
// cannot be loaded is left out; the new version is offered again at the next page load.
const UpdateOffer = optionalLazy(() => import('./update-offer'));

/** Offers a waiting new version of the app; mounted once at the app's root. */
export function UpdatePrompt() {
  return serviceWorkerWanted() ? <UpdateSnackbar /> : null;
}

function UpdateSnackbar() {
  const { updateReady, applyUpdate } = useAppUpdate();
  // 'Later' hides the offer for this page, say while it covers a form's button on a phone; the
  // new version still waits and is offered again at the next page load.
  const [later, setLater] = useState(false);
  if (!updateReady) return null;
  return (
    <Suspense fallback={null}>
      <UpdateOffer open={!later} onLater={() => setLater(true)} onReload={applyUpdate} />
    </Suspense>
  );
}
