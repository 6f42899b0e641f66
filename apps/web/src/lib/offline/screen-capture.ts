import { useEffect } from 'react';
import { emotionCacheKey } from '../../app/emotion-cache';
import { currentOwner } from './device-store';
import {
  forgetScreenSnapshot,
  keepScreenSnapshot,
  screenSnapshotShown,
  showOfflineNote,
  type ScreenSnapshot,
} from './screen-snapshot';

// Draws the copy of a screen that src/boot.ts paints on the next visit before the app has run
// (lib/offline/screen-snapshot.ts, docs/decisions/0042-returning-dashboard-painted-from-the-device.md).

/** How long after the screen's data last changed the copy is drawn: after its transitions. */
export const snapshotDelay = 1000;

const classPattern = new RegExp(`\\.(${emotionCacheKey}-[\\w-]+)`, 'g');

interface RuleLike {
  cssText: string;
  selectorText?: string;
  conditionText?: string;
  cssRules?: CSSRuleList;
}

/**
 * The rules of `rules` that the copy can use: a rule naming one of the app's style classes only
 * when the copy holds that class; every other rule (the baseline, fonts, animations) as it is.
 */
function usedRules(rules: CSSRuleList, used: ReadonlySet<string>): string[] {
  const kept: string[] = [];
  for (const rule of Array.from(rules) as RuleLike[]) {
    if (typeof rule.selectorText === 'string') {
      const classes = Array.from(rule.selectorText.matchAll(classPattern), (match) => match[1]);
      if (classes.length === 0 || classes.some((name) => name !== undefined && used.has(name))) {
        kept.push(rule.cssText);
      }
    } else if (rule.cssRules && typeof rule.conditionText === 'string') {
      // @media and @supports: the rules inside them, under the same condition.
      const inner = usedRules(rule.cssRules, used);
      const at = rule.cssText.slice(0, rule.cssText.indexOf('{')).trim();
      if (inner.length > 0) kept.push(`${at} {${inner.join('')}}`);
    } else {
      kept.push(rule.cssText);
    }
  }
  return kept;
}

/** A copy of #root without any snackbar, its offline banner out of sight. */
function copyOfScreen(root: HTMLElement): HTMLElement {
  const copy = root.cloneNode(true) as HTMLElement;
  // Snackbars (a flash such as "Your password is changed", the offer of a new version) say
  // something of the moment they showed, wherever they come from.
  for (const element of copy.querySelectorAll('.MuiSnackbar-root')) element.remove();
  // The offline banner is kept out of sight: the painter shows it if the next start is offline.
  showOfflineNote(copy, false);
  return copy;
}

/** The app's style classes the copy holds. */
function classesIn(copy: HTMLElement): Set<string> {
  const used = new Set<string>();
  for (const element of copy.querySelectorAll('[class]')) {
    for (const name of element.classList) {
      if (name.startsWith(`${emotionCacheKey}-`)) used.add(name);
    }
  }
  return used;
}

/** The style rules of the page that a copy holding the classes `used` needs. */
function stylesFor(used: ReadonlySet<string>): string {
  const css: string[] = [];
  for (const style of document.querySelectorAll<HTMLStyleElement>('style[data-emotion]')) {
    if (style.sheet) css.push(...usedRules(style.sheet.cssRules, used));
  }
  return css.join('\n');
}

/** #root's HTML, without any snackbar and its offline banner out of sight, and the style rules it uses. */
export function captureScreen(root: HTMLElement): Pick<ScreenSnapshot, 'html' | 'css'> {
  const copy = copyOfScreen(root);
  return { html: copy.innerHTML, css: stylesFor(classesIn(copy)) };
}

/**
 * Draws and keeps the copy of the screen on show now, for the person signed in, in three steps
 * with a pause at each `yield`: in one go it was a task of 80-90 ms on a phone's CPU (Chromium
 * slowed four times), long enough to hold up a tap. The screen is copied in the first step, so
 * what the later steps see of it is that moment's; the page's style rules are only ever added to.
 */
function* drawScreen(
  now: number,
  shownFor: string | null = currentOwner(),
): Generator<void, void, void> {
  const owner = currentOwner();
  if (owner === null) {
    forgetScreenSnapshot();
    return;
  }
  // The screen shows the data of whoever was signed in when it settled (`shownFor`). If the
  // session on the device has changed since (another tab signed someone else in), what is on
  // screen is not the new person's: a copy kept under their name would show them someone else's
  // readings on their next start.
  if (owner !== shownFor) return;
  // The copy itself is on screen, or #root is missing: there is nothing of the app's to draw.
  const root = document.getElementById('root');
  if (screenSnapshotShown() || !root) return;
  const copy = copyOfScreen(root);
  const used = classesIn(copy);
  yield;
  const css = stylesFor(used);
  yield;
  // Whoever it was drawn for may have signed out, or someone else in, during the pauses: then
  // the copy is not theirs to keep (sign-out has already removed the one before).
  if (currentOwner() !== owner) return;
  keepScreenSnapshot({
    owner,
    path: window.location.pathname,
    savedAt: now,
    width: window.innerWidth,
    html: copy.innerHTML,
    css,
  });
}

/** Draws and keeps the copy of the screen on show now, for the person signed in, at once. */
export function keepScreen(now = Date.now()): void {
  const steps = drawScreen(now);
  while (!steps.next().done);
}

/** Runs `steps` one at a time, each in a moment the browser has nothing else to do; the answer stops them. */
function runWhenIdle(steps: Iterator<void>): () => void {
  let handle: number | null = null;
  const next = () => {
    handle = null;
    if (!steps.next().done) handle = window.requestIdleCallback(next, { timeout: 2000 });
  };
  handle = window.requestIdleCallback(next, { timeout: 2000 });
  return () => {
    if (handle !== null) window.cancelIdleCallback(handle);
  };
}

/**
 * Keeps a copy of the screen once it shows `ready` data, drawn `snapshotDelay` after each change
 * of `version` (the screen's data), in moments the browser has nothing else to do.
 */
export function useKeepScreen(ready: boolean, version: unknown): void {
  useEffect(() => {
    if (!ready) return;
    // Whose data the screen shows: the person signed in as it settled.
    const shownFor = currentOwner();
    let stop: (() => void) | null = null;
    const timer = setTimeout(() => {
      const steps = drawScreen(Date.now(), shownFor);
      if (typeof window.requestIdleCallback === 'function') {
        stop = runWhenIdle(steps);
      } else {
        while (!steps.next().done);
      }
    }, snapshotDelay);
    return () => {
      clearTimeout(timer);
      stop?.();
    };
  }, [ready, version]);
}
