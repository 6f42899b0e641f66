import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accessToken } from '../../test/identity-fixtures';
import { clearTokens, setTokens } from '../token-store';
import { captureScreen, keepScreen, snapshotDelay, useKeepScreen } from './screen-capture';
import {
  dropScreenSnapshot,
  forgetScreenSnapshotStateForTests,
  keepScreenSnapshot,
  paintScreenSnapshot,
  screenSnapshotKey,
  type ScreenSnapshot,
} from './screen-snapshot';

let root: HTMLElement;
let style: HTMLStyleElement;

beforeEach(() => {
  forgetScreenSnapshotStateForTests();
  root = document.createElement('div');
  root.id = 'root';
  root.innerHTML = [
    '<header class="vt-1a-bar">Dashboard</header>',
    '<div class="vt-2b-alert" role="status" data-offline-note="">Offline: showing readings from 27 Nov 2026, 23:02</div>',
    '<h2 class="vt-3c-heading">Your measures</h2>',
    '<div class="MuiSnackbar-root" role="presentation">Your password is changed.</div>',
  ].join('');
  document.body.append(root);
  // Styles as the app's emotion writes them: one tag for its key, rules of every screen seen.
  style = document.createElement('style');
  style.setAttribute('data-emotion', 'vt');
  style.textContent = [
    'body { margin: 0px; }',
    '.vt-1a-bar { color: white; }',
    '.vt-2b-alert { color: blue; }',
    '.vt-3c-heading:hover { color: red; }',
    '.vt-9z-store { color: green; }',
    '@media (min-width: 600px) { .vt-1a-bar { height: 64px; } .vt-9z-store { width: 10px; } }',
    '@media (min-width: 900px) { .vt-9z-store { width: 20px; } }',
  ].join('\n');
  document.head.append(style);
  window.history.replaceState(null, '', '/');
});

afterEach(() => {
  dropScreenSnapshot();
  root.remove();
  style.remove();
});

function kept(): ScreenSnapshot | null {
  const text = window.localStorage.getItem(screenSnapshotKey);
  return text ? (JSON.parse(text) as ScreenSnapshot) : null;
}

describe('drawing the copy of a screen', () => {
  it('leaves out what says something of the moment, and the styles of other screens', () => {
    const { html, css } = captureScreen(root);

    expect(html).toContain('Your measures');
    expect(html).toContain('Dashboard');
    expect(html).not.toContain('Your password is changed');
    // The offline banner showing as it was drawn is kept out of sight, with its styles: the next
    // start shows it only if it is offline too (screen-snapshot.test.ts).
    const copy = document.createElement('div');
    copy.innerHTML = html;
    expect(copy.querySelector('[role="status"]')).toHaveStyle({ display: 'none' });
    expect(copy.querySelector('[role="status"]')).toHaveTextContent(
      'Offline: showing readings from 27 Nov 2026, 23:02',
    );
    expect(css).toMatch(/\.vt-2b-alert\s*\{\s*color: blue;\s*\}/);
    // The baseline and the rules of the classes in the copy, media conditions kept.
    expect(css).toContain('margin: 0px');
    expect(css).toMatch(/\.vt-1a-bar\s*\{\s*color: white;\s*\}/);
    expect(css).toMatch(/\.vt-3c-heading:hover\s*\{\s*color: red;\s*\}/);
    expect(css).toMatch(
      /@media \(min-width: 600px\)\s*\{\s*\.vt-1a-bar\s*\{\s*height: 64px;\s*\}\s*\}/,
    );
    // Nothing of a class the copy does not hold, nor an empty media rule.
    expect(css).not.toContain('vt-9z-store');
    expect(css).not.toContain('900px');
  });

  it("keeps it filed under the person signed in, at the screen's path", () => {
    setTokens({ accessToken: accessToken('USER', 900, 'user-7'), refreshToken: 'r' });

    keepScreen(Date.parse('2026-11-28T08:00:00Z'));

    expect(kept()).toMatchObject({
      owner: 'user-7',
      path: '/',
      savedAt: Date.parse('2026-11-28T08:00:00Z'),
    });
    expect(kept()?.html).toContain('Your measures');
  });

  it('keeps nothing, and removes what was kept, without a session', () => {
    keepScreenSnapshot({
      owner: 'user-7',
      path: '/',
      savedAt: 1,
      html: '<p>x</p>',
      css: '',
      width: 1024,
    });

    keepScreen();

    expect(kept()).toBeNull();
  });

  it('never draws the copy itself while it stands in for #root', () => {
    setTokens({ accessToken: accessToken('USER', 900, 'user-7'), refreshToken: 'r' });
    const savedAt = Date.now() - 60_000;
    keepScreenSnapshot({
      owner: 'user-7',
      path: '/',
      savedAt,
      html: '<p>old</p>',
      css: '',
      width: 1024,
    });
    expect(paintScreenSnapshot()).toBe(true);

    keepScreen();

    expect(kept()).toMatchObject({ savedAt, html: '<p>old</p>' });
  });
});

describe('drawing the copy in moments the browser is idle', () => {
  // The browser's idle callbacks, run one at a time by the test.
  let waiting: IdleRequestCallback[] = [];
  const runIdle = () => {
    const callback = waiting.shift();
    callback?.({ didTimeout: false, timeRemaining: () => 10 });
  };

  beforeEach(() => {
    vi.useFakeTimers();
    waiting = [];
    window.requestIdleCallback = (callback) => waiting.push(callback);
    window.cancelIdleCallback = (handle) => {
      waiting[handle - 1] = () => undefined;
    };
    setTokens({ accessToken: accessToken('USER', 900, 'user-7'), refreshToken: 'r' });
  });

  afterEach(() => {
    vi.useRealTimers();
    // jsdom has neither; the other tests draw at once.
    delete (window as Partial<Window>).requestIdleCallback;
    delete (window as Partial<Window>).cancelIdleCallback;
    clearTokens();
  });

  it('draws it in steps, one idle moment each, and keeps it after the last', () => {
    renderHook(() => useKeepScreen(true, 'data-1'));
    vi.advanceTimersByTime(snapshotDelay);

    runIdle();
    runIdle();
    expect(kept()).toBeNull();
    runIdle();

    expect(kept()).toMatchObject({ owner: 'user-7', path: '/' });
    expect(kept()?.html).toContain('Your measures');
    expect(waiting).toHaveLength(0);
  });

  it('keeps the screen as it was when the drawing began', () => {
    renderHook(() => useKeepScreen(true, 'data-1'));
    vi.advanceTimersByTime(snapshotDelay);
    runIdle();
    root.querySelector('h2')!.textContent = 'Changed later';
    runIdle();
    runIdle();

    expect(kept()?.html).toContain('Your measures');
    expect(kept()?.html).not.toContain('Changed later');
  });

  it('keeps nothing when the person signs out while it is drawn', () => {
    renderHook(() => useKeepScreen(true, 'data-1'));
    vi.advanceTimersByTime(snapshotDelay);
    runIdle();
    clearTokens();
    runIdle();
    runIdle();

    expect(kept()).toBeNull();
  });

  it('keeps nothing under the first person when another signs in while it is drawn', () => {
    renderHook(() => useKeepScreen(true, 'data-1'));
    vi.advanceTimersByTime(snapshotDelay);
    runIdle();
    setTokens({ accessToken: accessToken('USER', 900, 'user-8'), refreshToken: 'r' });
    runIdle();
    runIdle();

    expect(kept()).toBeNull();
  });

  it('keeps nothing when another person signs in after the screen settled, before it is drawn', () => {
    renderHook(() => useKeepScreen(true, 'data-1'));
    // The first person's screen is still on show; another tab has signed someone else in.
    setTokens({ accessToken: accessToken('USER', 900, 'user-8'), refreshToken: 'r' });
    vi.advanceTimersByTime(snapshotDelay);
    runIdle();
    runIdle();
    runIdle();

    expect(kept()).toBeNull();
  });

  it('stops a drawing when the data changes, and draws the newer screen', () => {
    const { rerender } = renderHook(({ version }) => useKeepScreen(true, version), {
      initialProps: { version: 'data-1' },
    });
    vi.advanceTimersByTime(snapshotDelay);
    runIdle();
    rerender({ version: 'data-2' });
    root.querySelector('h2')!.textContent = 'Newer measures';
    runIdle();
    runIdle();
    expect(kept()).toBeNull();

    vi.advanceTimersByTime(snapshotDelay);
    runIdle();
    runIdle();
    runIdle();

    expect(kept()?.html).toContain('Newer measures');
  });
});
