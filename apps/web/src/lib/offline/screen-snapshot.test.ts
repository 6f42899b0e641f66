import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accessToken } from '../../test/identity-fixtures';
import { storageKeys } from '../storage-keys';
import {
  appContainer,
  dropScreenSnapshot,
  forgetScreenSnapshotStateForTests,
  dropScreenSnapshotAwayFrom,
  keepScreenSnapshot,
  paintScreenSnapshot,
  screenSnapshotId,
  screenSnapshotKey,
  screenSnapshotMaxLength,
  screenSnapshotShown,
  type ScreenSnapshot,
} from './screen-snapshot';

const now = Date.parse('2026-11-28T08:00:00Z');

function aSnapshot(overrides: Partial<ScreenSnapshot> = {}): ScreenSnapshot {
  return {
    owner: 'user-1',
    path: '/',
    savedAt: now - 3600_000,
    html: '<main><h2 class="vt-abc-heading">Your measures</h2><p>Oxygen saturation 97 %</p><button type="button">Add reading</button><a href="tel:112">Call 112</a></main>',
    css: '.vt-abc-heading{color:rgb(11, 42, 91);}',
    width: window.innerWidth,
    ...overrides,
  };
}

function signedInAs(sub: string) {
  window.localStorage.setItem(storageKeys.accessToken, accessToken('USER', 900, sub));
  window.localStorage.setItem(storageKeys.refreshToken, 'refresh');
}

function kept(): ScreenSnapshot | null {
  const text = window.localStorage.getItem(screenSnapshotKey);
  return text ? (JSON.parse(text) as ScreenSnapshot) : null;
}

let root: HTMLElement;

beforeEach(() => {
  forgetScreenSnapshotStateForTests();
  root = document.createElement('div');
  root.id = 'root';
  root.innerHTML = '<div class="shell" aria-busy="true">Loading Vitalia</div>';
  document.body.append(root);
  window.history.replaceState(null, '', '/');
});

afterEach(() => {
  dropScreenSnapshot();
  root.remove();
  vi.useRealTimers();
});

describe("the copy of a returning person's dashboard", () => {
  it('is painted in place of #root, for the person signed in, at its path', () => {
    signedInAs('user-1');
    keepScreenSnapshot(aSnapshot());

    expect(paintScreenSnapshot(now)).toBe(true);

    const copy = document.getElementById(screenSnapshotId);
    expect(copy).toHaveTextContent('Your measures');
    expect(copy).toHaveTextContent('Oxygen saturation 97 %');
    expect(copy).toHaveAttribute('aria-busy', 'true');
    // Nothing in it answers until the app's own buttons take their place; links still work.
    expect(copy?.querySelector('button')).toBeDisabled();
    expect(copy?.querySelector('a')).toHaveAttribute('href', 'tel:112');
    // Its styles come with it.
    expect([...document.head.querySelectorAll('style')].map((s) => s.textContent)).toContain(
      '.vt-abc-heading{color:rgb(11, 42, 91);}',
    );
    // #root is out of the page, and still where the app renders.
    expect(document.getElementById('root')).toBeNull();
    expect(appContainer()).toBe(root);
    expect(screenSnapshotShown()).toBe(true);
  });

  it("shows the offline banner it carries when painted without a network, with the readings' time", () => {
    signedInAs('user-1');
    const banner =
      '<div role="status" data-offline-note="" style="display: none;">Offline: showing readings from 28 Nov 2026, 07:00</div>';
    keepScreenSnapshot(aSnapshot({ html: banner + aSnapshot().html }));
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);

    paintScreenSnapshot(now);

    expect(
      within(document.getElementById(screenSnapshotId)!).getByRole('status'),
    ).toHaveTextContent('Offline: showing readings from 28 Nov 2026, 07:00');
    expect(screen.getByRole('status')).toBeVisible();

    // Online, the same copy keeps it out of sight (at the next start).
    dropScreenSnapshot();
    forgetScreenSnapshotStateForTests();
    onLine.mockReturnValue(true);
    paintScreenSnapshot(now);
    expect(document.getElementById(screenSnapshotId)).toHaveTextContent('Your measures');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('is not painted over a screen the app has shown itself (a late answer on the session)', () => {
    signedInAs('user-1');
    keepScreenSnapshot(aSnapshot());
    root.innerHTML = '<h2>The app’s own dashboard</h2>';
    dropScreenSnapshot();

    expect(paintScreenSnapshot(now)).toBe(false);
    expect(document.getElementById(screenSnapshotId)).toBeNull();
    expect(document.getElementById('root')).toHaveTextContent('The app’s own dashboard');
  });

  it('gives way to #root, styles and all, once the app shows the screen', () => {
    signedInAs('user-1');
    keepScreenSnapshot(aSnapshot());
    paintScreenSnapshot(now);
    const styles = document.head.querySelectorAll('style').length;

    dropScreenSnapshot();

    expect(document.getElementById(screenSnapshotId)).toBeNull();
    expect(document.getElementById('root')).toBe(root);
    expect(document.head.querySelectorAll('style')).toHaveLength(styles - 1);
    expect(screenSnapshotShown()).toBe(false);
    // It stays kept for the next start.
    expect(kept()?.owner).toBe('user-1');
  });

  it('gives way at once when the app is at another path', () => {
    signedInAs('user-1');
    keepScreenSnapshot(aSnapshot());
    paintScreenSnapshot(now);

    dropScreenSnapshotAwayFrom('/');
    expect(screenSnapshotShown()).toBe(true);
    dropScreenSnapshotAwayFrom('/account/signin');
    expect(screenSnapshotShown()).toBe(false);
    expect(document.getElementById('root')).toBe(root);
  });

  it('gives way after 10 s if the app never takes over', () => {
    vi.useFakeTimers();
    signedInAs('user-1');
    keepScreenSnapshot(aSnapshot());
    paintScreenSnapshot(now);

    vi.advanceTimersByTime(9_000);
    expect(screenSnapshotShown()).toBe(true);
    vi.advanceTimersByTime(1_000);
    expect(screenSnapshotShown()).toBe(false);
    expect(document.getElementById('root')).toBe(root);
  });

  it("is never shown to another person, and removed when found under another's session", () => {
    signedInAs('user-2');
    keepScreenSnapshot(aSnapshot({ owner: 'user-1' }));

    expect(paintScreenSnapshot(now)).toBe(false);

    expect(document.getElementById(screenSnapshotId)).toBeNull();
    expect(document.getElementById('root')).toBe(root);
    expect(kept()).toBeNull();
  });

  it('is removed when found without a session', () => {
    keepScreenSnapshot(aSnapshot());

    expect(paintScreenSnapshot(now)).toBe(false);
    expect(kept()).toBeNull();
  });

  it('is removed when older than the readings kept on the device (seven days)', () => {
    signedInAs('user-1');
    keepScreenSnapshot(aSnapshot({ savedAt: now - 8 * 24 * 3600_000 }));

    expect(paintScreenSnapshot(now)).toBe(false);
    expect(kept()).toBeNull();
  });

  it('is painted only at the path it was drawn at, and kept meanwhile', () => {
    signedInAs('user-1');
    keepScreenSnapshot(aSnapshot());
    window.history.replaceState(null, '', '/health');

    expect(paintScreenSnapshot(now)).toBe(false);
    expect(document.getElementById('root')).toBe(root);
    expect(kept()?.path).toBe('/');
  });

  it('is not kept when too large for the device, nor is the one before it', () => {
    keepScreenSnapshot(aSnapshot());

    const stored = keepScreenSnapshot(
      aSnapshot({ html: `<p>${'x'.repeat(screenSnapshotMaxLength)}</p>` }),
    );

    expect(stored).toBe(false);
    expect(kept()).toBeNull();
  });

  it('is not painted at a width where the layout differs (a drawer drawn for a desktop)', () => {
    signedInAs('user-1');
    keepScreenSnapshot(aSnapshot({ width: window.innerWidth >= 900 ? 390 : 1280 }));

    expect(paintScreenSnapshot(now)).toBe(false);
    expect(document.getElementById('root')).toBe(root);
  });

  it('is ignored when what storage holds is not a copy', () => {
    signedInAs('user-1');
    window.localStorage.setItem(screenSnapshotKey, '{"owner":"user-1"}');

    expect(paintScreenSnapshot(now)).toBe(false);
    expect(document.getElementById('root')).toBe(root);
  });
});
