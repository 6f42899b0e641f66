import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { registerNavigator } from '../lib/app-navigator';
import { createQueryClient } from '../lib/query-client';
import { Providers } from '../app/providers';
import { createRoutes } from '../app/router';

/** Mounts the real route table at `path`, as a person opening that address would see it. */
export function renderApp(path: string) {
  const router = createMemoryRouter(createRoutes(), { initialEntries: [path] });
  const currentUrl = () => router.state.location.pathname + router.state.location.search;
  // As main.tsx does for the browser router: a lost session moves within the app.
  registerNavigator({
    navigate: (to) => void router.navigate(to, { replace: true }),
    currentPath: currentUrl,
  });
  const view = render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, router, currentUrl };
}
