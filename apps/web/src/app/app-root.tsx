import { useEffect } from 'react';
import { useRouteHandle } from './route-handle';
import { RouteGuard } from './route-guard';

/** The root route: names the browser tab after the screen, then lets the guard decide. */
export function AppRoot() {
  const { title } = useRouteHandle();
  useEffect(() => {
    document.title = title === 'Vitalia' ? title : `${title} · Vitalia`;
  }, [title]);
  return <RouteGuard />;
}
