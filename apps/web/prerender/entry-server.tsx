// Built by Vite as a Node module (prerender/prerender.mjs) and run once per public page at build
// time: the page's HTML and the emotion styles it uses, from the same tree the browser mounts
// (src/app/app-tree.tsx). docs/decisions/0036-prerendered-public-pages.md.
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import createEmotionServer from '@emotion/server/create-instance';
import { AppTree } from '../src/app/app-tree';
import { createEmotionCache } from '../src/app/emotion-cache';
import { prerenderedPaths, routerReady } from '../src/app/first-paint';
import { createRoutes } from '../src/app/router';
import type { RouteHandle } from '../src/app/route-handle';

export { prerenderedPaths };

export interface RenderedPage {
  /** What goes inside #root. */
  html: string;
  /** emotion's <style data-emotion> tags for the head. */
  styles: string;
  /** The tab's title, as AppRoot sets it once the scripts run. */
  title: string;
}

export async function renderPage(pathname: string): Promise<RenderedPage> {
  const router = createMemoryRouter(createRoutes(), { initialEntries: [pathname] });
  await routerReady(router);
  const handle = router.state.matches.at(-1)?.route.handle as RouteHandle | undefined;
  if (!handle?.public || router.state.location.pathname !== pathname) {
    throw new Error(`${pathname} is not a public page and must not be pre-rendered`);
  }
  const emotionCache = createEmotionCache();
  const emotionServer = createEmotionServer(emotionCache);
  const html = renderToString(<AppTree router={router} emotionCache={emotionCache} />);
  const styles = emotionServer.constructStyleTagsFromChunks(
    emotionServer.extractCriticalToChunks(html),
  );
  router.dispose();
  return { html, styles, title: `${handle.title} · Vitalia` };
}
