import { afterEach, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import type { RegisterSWOptions } from 'virtual:pwa-register/react';
import { UpdatePrompt } from './update-prompt';

// The offer's own script cannot be loaded (a network failure on a browser without the old
// version's cache): the page around it must go on as it was.
vi.mock('./update-offer', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

const worker = vi.hoisted(() => ({ showPrompt: () => {} }));
vi.mock('virtual:pwa-register/react', () => ({
  useRegisterSW(_options: RegisterSWOptions) {
    const needRefresh = useState(false);
    worker.showPrompt = () => needRefresh[1](true);
    return { needRefresh, offlineReady: useState(false), updateServiceWorker: async () => {} };
  },
}));

afterEach(() => {
  vi.unstubAllEnvs();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

it('leaves the page as it was when the offer cannot be loaded', async () => {
  vi.stubEnv('PROD', true);
  Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
  render(
    <>
      <p>The page being read</p>
      <UpdatePrompt />
    </>,
  );
  await act(async () => {
    worker.showPrompt();
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
  expect(screen.getByText('The page being read')).toBeVisible();
  expect(screen.queryByText('A new version of Vitalia is ready.')).not.toBeInTheDocument();
});
