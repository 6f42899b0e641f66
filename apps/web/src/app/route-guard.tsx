import { Navigate, Outlet, useLocation } from 'react-router';
import { signInPath, signInUrl } from '../lib/sign-in-url';
import { safeRedirectTarget } from '../lib/safe-redirect';
import { landingAfterSignIn, sessionEndedOnPurpose, useAccessToken } from '../lib/token-store';
import { useRouteHandle } from './route-handle';
import { paths } from '../lib/paths';

export const accountLandingPath = paths.account;

/**
 * Spec section 4: signed-out visitors only see public routes, signed-in people are kept off the
 * sign-in and registration screens. Because it reads the token through the store's hook, clearing
 * the tokens anywhere (a 401, another tab) moves the person at once.
 */
export function RouteGuard() {
  const handle = useRouteHandle();
  const token = useAccessToken();
  const location = useLocation();

  if (!token && !handle.public) {
    // After Logout the guard alone moves the person: a second navigation from the layout would
    // race this one.
    const to = sessionEndedOnPurpose()
      ? signInPath
      : signInUrl(location.pathname + location.search);
    return <Navigate replace to={to} />;
  }
  if (token && handle.onlyWhenLoggedOut) {
    // Someone who just signed in on this page goes where that screen decided; someone who
    // arrives already signed in goes to the page named in redirect, or to their account.
    const wanted = new URLSearchParams(location.search).get('redirect');
    const landing = landingAfterSignIn(location.key);
    const to = landing?.to ?? safeRedirectTarget(wanted, accountLandingPath);
    return <Navigate replace to={to} state={landing?.state} />;
  }
  return <Outlet />;
}
