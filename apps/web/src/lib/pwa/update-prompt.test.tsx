import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { RegisterSWOptions } from 'virtual:pwa-register/react';
import { useAppUpdate } from './app-update.hook';
import { UpdatePrompt } from './update-prompt';

// Stands in for vite-plugin-pwa's registration: the test plays the worker's events.
const worker = vi.hoisted(() => ({
  options: undefined as RegisterSWOptions | undefined,
  showPrompt: () => {},
  updateServiceWorker: vi.fn(async () => {}),
  registered: vi.fn(),
}));

vi.mock('virtual:pwa-register/react', () => ({
  useRegisterSW(options: RegisterSWOptions) {
    const needRefresh = useState(false);
    const offlineReady = useState(false);
    worker.registered();
    worker.options = options;
    worker.showPrompt = () => needRefresh[1](true);
    return { needRefresh, offlineReady, updateServiceWorker: worker.updateServiceWorker };
  },
}));

function withServiceWorkers() {
  vi.stubEnv('PROD', true);
  Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
}

beforeEach(() => {
  worker.updateServiceWorker.mockClear();
  worker.registered.mockClear();
});

afterEach(() => {
  vi.unstubAllEnvs();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('UpdatePrompt', () => {
  it('registers nothing outside a production build', () => {
    render(<UpdatePrompt />);
    expect(worker.registered).not.toHaveBeenCalled();
  });

  it('offers a waiting version, and the button applies it', async () => {
    withServiceWorkers();
    render(<UpdatePrompt />);
    expect(worker.registered).toHaveBeenCalled();
    expect(screen.queryByText('A new version of Vitalia is ready.')).not.toBeInTheDocument();

    act(() => worker.showPrompt());
    expect(await screen.findByText('A new version of Vitalia is ready.')).toBeVisible();
    expect(worker.updateServiceWorker).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Reload to update' }));
    expect(worker.updateServiceWorker).toHaveBeenCalledTimes(1);
  });

  it('can be put off without applying the update', async () => {
    withServiceWorkers();
    render(<UpdatePrompt />);
    act(() => worker.showPrompt());
    await userEvent.click(await screen.findByRole('button', { name: 'Later' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Reload to update' })).not.toBeInTheDocument(),
    );
    expect(worker.updateServiceWorker).not.toHaveBeenCalled();
  });
});

describe('useAppUpdate', () => {
  it('reloads only after the button, once the new version controls the page', () => {
    const reload = vi.fn();
    const { result } = renderHook(() => useAppUpdate(reload));
    act(() => worker.showPrompt());
    act(() => result.current.applyUpdate());
    expect(worker.updateServiceWorker).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();

    worker.options?.onNeedReload?.();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('keeps the page when another tab applied the update, and reloads on this button', () => {
    const reload = vi.fn();
    const { result } = renderHook(() => useAppUpdate(reload));
    act(() => worker.showPrompt());
    worker.options?.onNeedReload?.();
    expect(reload).not.toHaveBeenCalled();
    expect(result.current.updateReady).toBe(true);

    act(() => result.current.applyUpdate());
    expect(reload).toHaveBeenCalledTimes(1);
    expect(worker.updateServiceWorker).not.toHaveBeenCalled();
  });
});
