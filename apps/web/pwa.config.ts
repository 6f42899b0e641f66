// The web app manifest and the service worker (Workbox's generateSW through vite-plugin-pwa).
// What is precached, why API answers are never cached by the worker, and when a new version is
// applied: docs/decisions/0034-installable-app.md.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { VitePWAOptions } from 'vite-plugin-pwa';
import { prerenderedPaths } from './src/app/first-paint.ts';

// The spec's colours (src/app/theme.ts brandColors; theme-color in index.html).
const darkBlue = '#0b2a5b';
const green = '#2e7d32';

// Renders the public pages to dist/prerendered/ (docs/decisions/0036-prerendered-public-pages.md).
const prerenderScript = fileURLToPath(new URL('./prerender/prerender.mjs', import.meta.url));

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The plugin's options. serverPaths are the paths the API server owns (vite.config.ts): a page
 * load under them goes to the network, never to the app's offline page.
 */
export function pwaOptions(serverPaths: readonly string[]): Partial<VitePWAOptions> {
  return {
    // A new worker waits until the person presses 'Reload to update' (src/lib/pwa/), so that a
    // half-filled form is never lost to a reload nobody asked for.
    registerType: 'prompt',
    // Registered from the app (src/lib/pwa/), only in production builds, not by an injected script.
    injectRegister: false,
    // Precached with the manifest's icons (includeManifestIcons, on by default).
    includeAssets: ['favicon.svg', 'icons/apple-touch-icon-180.png'],
    manifest: {
      id: '/',
      name: 'Vitalia',
      short_name: 'Vitalia',
      description:
        'Record your health readings, see what they mean and order health products, also offline.',
      lang: 'en',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: darkBlue,
      background_color: green,
      categories: ['health', 'medical'],
      // A long press on the installed app's icon: straight to recording
      // (docs/decisions/0055-morning-check.md).
      shortcuts: [
        {
          name: 'Morning check',
          short_name: 'Morning check',
          description: 'Several readings on one form, saved in one step',
          url: '/healths/morning-check',
          icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
        },
        {
          name: 'Add a blood pressure reading',
          short_name: 'Blood pressure',
          description: 'The blood pressure form, open',
          url: '/healths/blood-pressure?add=1',
          icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
        },
      ],
      // Drawn in scripts/icons/ and public/favicon.svg, rendered by scripts/render-icons.mjs.
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        {
          src: '/icons/icon-maskable-512.png',
          sizes: '512x512',
          type: 'image/png',
          purpose: 'maskable',
        },
      ],
    },
    integration: {
      // The public pages are rendered to HTML after the app is built and before the worker is
      // generated, so that the worker precaches them: an installed app then opens sign-in as
      // painted HTML too, offline included. A process of its own, because rendering the app
      // leaves timers behind that would hold the build open.
      beforeBuildServiceWorker: () => {
        execFileSync(process.execPath, [prerenderScript], { stdio: 'inherit' });
      },
    },
    workbox: {
      // The app shell (index.html and any page prerendered to HTML beside it), every hashed script
      // and style (a route opened offline needs its lazy chunk), and the Latin Roboto files only:
      // the other subsets (Cyrillic, Greek, Vietnamese...) and the older .woff copies would
      // double what a phone downloads on install for text Vitalia does not show. The education and
      // store pictures (about 120 KB of SVG) load from the network; offline they are missing, as
      // are the article and product texts the API sends. The app's own pictures (the sign-in
      // pages' splash) are precached with the scripts that name them.
      globPatterns: ['**/*.html', 'assets/*.{js,css,svg}', 'assets/*-latin-*.woff2'],
      globIgnores: ['**/node_modules/**', 'assets/*-latin-ext-*', 'prerendered/**'],
      // Each pre-rendered page is precached under its own path (the server answers that path with
      // it), versioned by the file's content, instead of under /prerendered/.
      templatedURLs: Object.fromEntries(
        prerenderedPaths.map((pathname) => [pathname, `prerendered${pathname}.html`]),
      ),
      // Any app route opened offline gets the app, which then routes on its own; pages the server
      // answers (the API, shared-link redirects, uploads, health checks) always go to it.
      navigateFallback: 'index.html',
      navigateFallbackDenylist: serverPaths.map(
        (serverPath) => new RegExp(`^${escapeRegExp(serverPath)}`),
      ),
      // No runtimeCaching on purpose: health data is kept only by the app's own persisted query
      // cache (src/lib/offline/), which sign-out clears; a worker cache of API answers would
      // outlive the session.
      cleanupOutdatedCaches: true,
    },
  };
}
