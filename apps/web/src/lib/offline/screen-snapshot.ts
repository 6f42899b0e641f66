import { storageKeys } from '../storage-keys';
import { decodeSubject } from '../token-claims';
import { offlineCacheMaxAge } from './kept-queries';

// A returning person's dashboard as they last saw it, painted from the device before the app's
// code has run (docs/decisions/0042-returning-dashboard-painted-from-the-device.md). On a slow
// phone the app takes two seconds or more to run before it can show anything; the page it drew
// last time is on the device already. This module is in src/boot.ts's chunk (vite.config.ts): it
// must run before the first screen's script, so it imports nothing that loads React.

/** Where the copy is kept: localStorage, which boot can read at once, without IndexedDB's wait. */
export const screenSnapshotKey = 'vitalia-screen-snapshot';

/** The id of the element standing in for #root while the copy is on screen. */
export const screenSnapshotId = 'vitalia-screen-snapshot';

/**
 * The offline banner (offline-banner.tsx), kept in the copy out of sight whether or not it showed
 * when the copy was drawn, and shown when the copy is painted without a network: the copy is then
 * the readings kept on the device, and says so, with their time, as the app's screen will.
 */
export const offlineNoteAttribute = 'data-offline-note';

/** Shows the copy's offline banner when `offline`, hides it otherwise. */
export function showOfflineNote(copy: HTMLElement, offline: boolean): void {
  for (const note of copy.querySelectorAll<HTMLElement>(`[${offlineNoteAttribute}]`)) {
    note.style.display = offline ? '' : 'none';
  }
}

/** A copy larger than this is not kept: localStorage holds about 5 MB for the whole site. */
export const screenSnapshotMaxLength = 600_000;

/**
 * If the app has not taken over by then (its code failed to load, say), #root, whatever it holds,
 * goes back on screen: a copy that never answers a press must not stay up for good.
 */
const giveUpAfter = 10_000;

export interface ScreenSnapshot {
  /** The subject of the access token it was drawn for (the person's account id). */
  owner: string;
  /** The path it was drawn at; it is shown at that path only. */
  path: string;
  /** When it was drawn, in milliseconds since the epoch. */
  savedAt: number;
  /** #root's HTML, without what says something of the moment (the offline banner). */
  html: string;
  /** The style rules that HTML uses. */
  css: string;
  /** The window's width when it was drawn, in CSS pixels. */
  width: number;
}

/**
 * The widths at which the app's layout changes in script, not only in CSS (MUI's breakpoints: the
 * drawer is permanent from 900 px): a copy drawn in another band is not painted, as its drawer
 * would cover a phone's screen.
 */
const layoutBands = [600, 900, 1200, 1536];

function band(width: number): number {
  return layoutBands.filter((edge) => width >= edge).length;
}

function isSnapshot(value: unknown): value is ScreenSnapshot {
  if (typeof value !== 'object' || value === null) return false;
  const { owner, path, savedAt, html, css, width } = value as Record<string, unknown>;
  return (
    typeof width === 'number' &&
    typeof owner === 'string' &&
    typeof path === 'string' &&
    typeof savedAt === 'number' &&
    typeof html === 'string' &&
    typeof css === 'string'
  );
}

function readSnapshot(): ScreenSnapshot | null {
  try {
    const text = window.localStorage.getItem(screenSnapshotKey);
    if (!text) return null;
    const value: unknown = JSON.parse(text);
    return isSnapshot(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * Whose screen may be shown: the subject of the stored access token, as `currentOwner` in
 * device-store.ts reads it (that module loads IndexedDB's code and React's); null without one.
 */
function storedOwner(): string | null {
  try {
    return decodeSubject(window.localStorage.getItem(storageKeys.accessToken));
  } catch {
    return null;
  }
}

/** Removes the copy from the device (sign-out, the end of a session, another person). */
export function forgetScreenSnapshot(): void {
  try {
    window.localStorage.removeItem(screenSnapshotKey);
  } catch {
    // Storage refused: nothing was kept either.
  }
}

/** Keeps `snapshot`, replacing any other; one too large, or refused by storage, is not kept. */
export function keepScreenSnapshot(snapshot: ScreenSnapshot): boolean {
  if (snapshot.html.length + snapshot.css.length > screenSnapshotMaxLength) {
    forgetScreenSnapshot();
    return false;
  }
  try {
    window.localStorage.setItem(screenSnapshotKey, JSON.stringify(snapshot));
    return true;
  } catch {
    forgetScreenSnapshot();
    return false;
  }
}

/** The owner of the kept copy, if there is one. */
export function screenSnapshotOwner(): string | null {
  return readSnapshot()?.owner ?? null;
}

interface Shown {
  path: string;
  root: HTMLElement;
  copy: HTMLElement;
  style: HTMLStyleElement;
  timer: ReturnType<typeof setTimeout>;
}

let shown: Shown | null = null;

/**
 * Whether the app has shown a screen of its own: a copy painted after that (the session's check
 * answered late, lib/offline/session-check.ts) would cover it, so none is.
 */
let appShowing = false;

/**
 * Paints the kept copy in place of #root when it was drawn for the person signed in here, at
 * this path, in the last seven days (as long as the readings behind it are kept,
 * lib/offline/kept-queries.ts). A copy of anyone else's, or too old, or found without a session,
 * is removed. #root is taken out of the page meanwhile: the app renders into it unseen, and
 * dropScreenSnapshot puts it back once it shows the screen itself. Returns whether it painted.
 */
export function paintScreenSnapshot(now = Date.now()): boolean {
  if (shown) return true;
  if (appShowing) return false;
  const snapshot = readSnapshot();
  if (!snapshot) return false;
  const owner = storedOwner();
  const age = now - snapshot.savedAt;
  if (owner === null || snapshot.owner !== owner || age < 0 || age > offlineCacheMaxAge) {
    forgetScreenSnapshot();
    return false;
  }
  if (snapshot.path !== window.location.pathname) return false;
  if (band(snapshot.width) !== band(window.innerWidth)) return false;
  const root = document.getElementById('root');
  if (!root) return false;

  const style = document.createElement('style');
  style.textContent = snapshot.css;
  const copy = document.createElement('div');
  copy.id = screenSnapshotId;
  // Assistive technology hears that the page is still loading, and nothing in it answers yet: its
  // buttons and fields are disabled until the app's own take their place; its links are plain
  // links, which work.
  copy.setAttribute('aria-busy', 'true');
  copy.innerHTML = snapshot.html;
  for (const control of copy.querySelectorAll<HTMLButtonElement>(
    'button, input, select, textarea',
  )) {
    control.disabled = true;
  }
  // What acts as a button without being one (MUI's list items in the drawer) says so too.
  for (const control of copy.querySelectorAll('[role="button"], [role="menuitem"], [role="tab"]')) {
    control.setAttribute('aria-disabled', 'true');
    control.setAttribute('tabindex', '-1');
  }
  showOfflineNote(copy, navigator.onLine === false);
  document.head.append(style);
  root.replaceWith(copy);
  shown = {
    path: snapshot.path,
    root,
    copy,
    style,
    timer: setTimeout(dropScreenSnapshot, giveUpAfter),
  };
  return true;
}

/** Whether the kept copy is on screen now. */
export function screenSnapshotShown(): boolean {
  return shown !== null;
}

/** The element the app renders into: #root, also while the copy stands in for it. */
export function appContainer(): HTMLElement | null {
  return shown?.root ?? document.getElementById('root');
}

/** Puts #root back in the copy's place; nothing when the copy is not shown. */
export function dropScreenSnapshot(): void {
  appShowing = true;
  if (!shown) return;
  const { root, copy, style, timer } = shown;
  shown = null;
  clearTimeout(timer);
  copy.replaceWith(root);
  style.remove();
}

/** The app is at `pathname`: a copy drawn for another path goes at once. */
export function dropScreenSnapshotAwayFrom(pathname: string): void {
  if (shown && shown.path !== pathname) dropScreenSnapshot();
}

/** Tests start each from a page where the app has shown nothing yet. */
export function forgetScreenSnapshotStateForTests(): void {
  if (shown) clearTimeout(shown.timer);
  shown = null;
  appShowing = false;
}
