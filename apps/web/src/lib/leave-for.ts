/**
 * Leaves the app for another site (LinkedIn) with a full page load. A module of its own, so that
 * tests can stand in for the one thing jsdom cannot do.
 */
export function leaveFor(url: string): void {
  window.location.assign(url);
}
