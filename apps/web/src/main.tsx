import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import '@fontsource/roboto/300.css';
import '@fontsource/roboto/400.css';
import '@fontsource/roboto/500.css';
import '@fontsource/roboto/700.css';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';
import { registerNavigator } from './lib/app-navigator';

const router = createAppRouter();

// A lost session (401, network down) then moves within the app instead of reloading it.
registerNavigator({
  navigate: (to) => void router.navigate(to, { replace: true }),
  currentPath: () => router.state.location.pathname + router.state.location.search,
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
