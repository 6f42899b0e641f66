import { useState } from 'react';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { useAppUpdate } from './app-update.hook';

/**
 * The service worker is registered only by a production build, in a browser that has service
 * workers: the dev server's modules and the unit tests' jsdom register nothing.
 */
export function serviceWorkerWanted(): boolean {
  return import.meta.env.PROD && typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
}

/** Offers a waiting new version of the app; mounted once at the app's root. */
export function UpdatePrompt() {
  return serviceWorkerWanted() ? <UpdateSnackbar /> : null;
}

function UpdateSnackbar() {
  const { updateReady, applyUpdate } = useAppUpdate();
  // 'Later' hides the offer for this page, say while it covers a form's button on a phone; the
  // new version still waits and is offered again at the next page load.
  const [later, setLater] = useState(false);
  return (
    // No time-out: the offer stays until taken or put off, and the page reloads only on the button.
    <Snackbar
      open={updateReady && !later}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      message="A new version of Vitalia is ready."
      action={
        <>
          <Button color="inherit" size="small" onClick={() => setLater(true)}>
            Later
          </Button>
          <Button color="secondary" variant="contained" size="small" onClick={applyUpdate}>
            Reload to update
          </Button>
        </>
      }
    />
  );
}
