// Key names are shared with the stored values of the spec's older client, so a browser that
// already holds a session keeps it. A module of its own so that src/boot.ts can tell a stored
// session without loading the token store (or React) with it.
export const storageKeys = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  username: 'username',
} as const;

/** Whether this browser holds a session, read straight from storage (which may be refused). */
export function sessionStored(): boolean {
  try {
    return Boolean(
      window.localStorage.getItem(storageKeys.accessToken) ||
      window.localStorage.getItem(storageKeys.refreshToken),
    );
  } catch {
    return false;
  }
}
