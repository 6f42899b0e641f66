import { useEffect } from 'react';
import { useRouteHandle } from './route-handle';
import { RouteGuard } from './route-guard';
import { UpdatePrompt } from '../lib/pwa/update-prompt';

/**
 * The root route: names the browser tab after the screen, then lets the guard decide. The offer of
 * a new version of the app sits here, above every layout.
 */
export function AppRoot() {
  const { title } = useRouteHandle();
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
