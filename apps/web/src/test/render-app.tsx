import { render } from '@testing-library/react';
import { IsRestoringProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { registerNavigator } from '../lib/app-navigator';
import { createQueryClient } from '../lib/query-client';
import { Providers } from '../app/providers';
import { createRoutes } from '../app/router';

/**
 * Mounts the real route table at `path`, as a person opening that address would see it.
 * `restoring` holds the queries as the app does while the readings kept on the device load.
 */
export function renderApp(path: string, { restoring = false }: { restoring?: boolean } = {}) {
  const router = createMemoryRouter(createRoutes(), { initialEntries: [path] });
  const currentUrl = () => router.state.location.pathname + router.state.location.search;
  // As main.tsx does for the browser router: a lost session moves within the app.
  registerNavigator({
    navigate: (to) => void router.navigate(to, { replace: true }),
    currentPath: currentUrl,
  });
  const view = render(
    <Providers queryClient={createQueryClient()}>
      <IsRestoringProvider value={restoring}>
        <RouterProvider router={router} />
      </IsRestoringProvider>
    </Providers>,
  );
  return { ...view, router, currentUrl };
}
