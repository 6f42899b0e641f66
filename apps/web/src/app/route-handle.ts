import { useMatches } from 'react-router';

/** The route meta (docs/decisions/0006-web-shell.md), carried on every route of the table. */
export interface RouteHandle {
  title: string;
  public: boolean;
  onlyWhenLoggedOut: boolean;
  /**
   * The screen shows the person's urgent readings above everything, the layout's own notices
   * included (the dashboard, My Health and a measure's page; docs/decisions/0019-clinical-safety.md).
   */
  urgentReadings?: boolean;
}

function isRouteHandle(value: unknown): value is RouteHandle {
  return (
    typeof value === 'object' &&
    value !== null &&
    'title' in value &&
    typeof value.title === 'string' &&
    'public' in value &&
    typeof value.public === 'boolean' &&
    'onlyWhenLoggedOut' in value &&
    typeof value.onlyWhenLoggedOut === 'boolean'
  );
}

// Layout routes carry no handle; the screen the person asked for is the deepest route that does.
// A route without a handle is treated as private, so forgetting one never exposes a screen.
const fallbackHandle: RouteHandle = { title: 'Vitalia', public: false, onlyWhenLoggedOut: false };

export function useRouteHandle(): RouteHandle {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return fallbackHandle;
}
