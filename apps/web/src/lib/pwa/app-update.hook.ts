/// <reference types="vite-plugin-pwa/react" />
import { useRef } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';

// An installed app may stay open for days without a page load, the only time a browser looks
// for a new worker by itself.
const updateCheckInterval = 60 * 60 * 1000;

/**
 * Registers the service worker and says when a new version of the app is waiting. The waiting
 * version takes over only through applyUpdate, the 'Reload to update' button: never on its own,
 * so a half-filled form is never lost (docs/decisions/0034-installable-app.md). Call it only in a
 * production build in a browser with service workers (UpdatePrompt checks).
 */
export function useAppUpdate(reload: () => void = () => window.location.reload()) {
  const reloadAsked = useRef(false);
  const newVersionControls = useRef(false);
  const {
    needRefresh: [updateReady],
    updateServiceWorker,
  } = useRegisterSW({
    // The new worker took control of this page: after this tab's button, reload onto the new
    // version. When the button was pressed in another tab, this one keeps its page and its prompt.
    onNeedReload() {
      if (reloadAsked.current) reload();
      else newVersionControls.current = true;
    },
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      setInterval(() => {
        // A failed check (offline, server restarting) is simply tried again next hour.
        if (navigator.onLine) registration.update().catch(() => undefined);
      }, updateCheckInterval);
    },
  });

  const applyUpdate = () => {
    reloadAsked.current = true;
    // Another tab's button already made the new worker take over: no worker is waiting any more.
    if (newVersionControls.current) reload();
    else void updateServiceWorker();
  };

  return { updateReady, applyUpdate };
}
