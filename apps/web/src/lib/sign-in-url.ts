import { paths } from './paths';
export const signInPath = paths.signIn;

/** The sign-in page that returns the person to `redirectTo` (path and query) afterwards. */
export function signInUrl(redirectTo: string): string {
  return `${signInPath}?${new URLSearchParams({ redirect: redirectTo }).toString()}`;
}

export function isSignInPath(path: string): boolean {
  const pathname = path.split(/[?#]/)[0] ?? '';
  return pathname.replace(/\/+$/, '') === signInPath;
}
