import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Providers } from '../app/providers';
import { UrgentReadingsSlot } from '../app/layouts/urgent-readings-slot';
import { DashboardRoute } from '../features/dashboard/routes/dashboard.route';
import { createQueryClient } from '../lib/query-client';

/**
 * The dashboard without the rest of the main layout (whose assessment dialog opens by itself when
 * nothing is saved): the screen is what these tests are about, with the layout's slot for urgent
 * readings above it, as the layout places it. Any other address shows 'Elsewhere'. `container`
 * is where it renders (the page's #root, for the copy painted at start); a new element otherwise.
 */
export function renderDashboard(
  queryClient = createQueryClient(),
  { container }: { container?: HTMLElement } = {},
) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        handle: {
          title: 'Dashboard',
          public: false,
          onlyWhenLoggedOut: false,
          urgentReadings: true,
        },
        element: (
          <>
            <UrgentReadingsSlot />
            <DashboardRoute />
          </>
        ),
      },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
    { container },
  );
  return Object.assign(router, { queryClient });
}
