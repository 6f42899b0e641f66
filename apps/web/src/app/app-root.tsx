import { useEffect, useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { useRouteHandle } from './route-handle';
import { RouteGuard } from './route-guard';
import { UpdatePrompt } from '../lib/pwa/update-prompt';
import { dropScreenSnapshotAwayFrom } from '../lib/offline/screen-snapshot';

/**
 * The root route: names the browser tab after the screen, then lets the guard decide. The offer of
 * a new version of the app sits here, above every layout.
 */
export function AppRoot() {
  const { title } = useRouteHandle();
  const { pathname } = useLocation();
  // The copy of a screen painted at start (src/boot.ts) is of one path: the person sent elsewhere
  // (a sign-in that ended, a link) sees where they are at once.
  useLayoutEffect(() => dropScreenSnapshotAwayFrom(pathname), [pathname]);
  useEffect(() => {
    document.title = title === 'Vitalia' ? title : `${title} · Vitalia`;
  }, [title]);
  return (
    <>
      <RouteGuard />
      <UpdatePrompt />
    </>
  );
}
