import { StrictMode } from 'react';
import { CacheProvider, type EmotionCache } from '@emotion/react';
import { RouterProvider, type DataRouter } from 'react-router';
import { Providers } from './providers';

interface AppTreeProps {
  router: DataRouter;
  emotionCache: EmotionCache;
}

/**
 * The whole app, as the browser mounts it (main.tsx) and as the build pre-renders the public pages
 * (prerender/entry-server.tsx). One tree for both, so the HTML written at build time is exactly
 * what the browser's first render produces and React can take it over without repainting.
 */
export function AppTree({ router, emotionCache }: AppTreeProps) {
  return (
    <StrictMode>
      <CacheProvider value={emotionCache}>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </CacheProvider>
    </StrictMode>
  );
}
