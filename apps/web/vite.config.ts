import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { contentSecurityPolicy } from '../../packages/api/src/content-security-policy.ts';
import { MEASURE_LIST } from '../../packages/health/src/measure.catalog.ts';
import { pwaOptions } from './pwa.config.ts';

// The API server owns these paths; in development Vite forwards them so the browser sees one
// origin, exactly as in production where the server also serves the built app.
// Trailing slashes keep app routes that merely start with the same letters (say /onboarding) local.
// /uploads/ holds the profile pictures the server stores (profilePicturePrefix in the contract).
const serverPaths = ['/api/', '/o/', '/uploads/', '/healthz', '/readyz'];
const apiServer = 'http://127.0.0.1:3000';

// The policy the production server sends, from the same module, imported by its path so that Vite
// bundles it into this config. `vite preview` sends it too, so a build that would break under it
// shows up before deployment.
const previewPolicy = contentSecurityPolicy();

/**
 * Preloads Roboto's regular Latin file from index.html (and so from every pre-rendered page), so
 * the text's font arrives with the first styles instead of after them. Its name carries a hash
 * known only once the bundle is written, hence a plugin rather than a line in index.html.
 */
const preloadRegularFont: Plugin = {
  name: 'vitalia-preload-regular-font',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler: (_html, { bundle }) => {
      const font = Object.keys(bundle ?? {}).find((file) =>
        /roboto-latin-400-normal-[\w-]+\.woff2$/.test(file),
      );
      if (!font) throw new Error('The build has no Latin Roboto 400 file to preload');
      return [
        {
          tag: 'link',
          attrs: {
            rel: 'preload',
            as: 'font',
            type: 'font/woff2',
            href: `/${font}`,
            crossorigin: '',
          },
          injectTo: 'head-prepend',
        },
      ];
    },
  },
};

/**
 * The first screen's script and styles asked for from index.html, as they were when src/main.tsx
 * was the entry: src/boot.ts, the entry now, imports main only after the first paint, and without
 * these the script would start downloading only then and the fonts' styles arrive after the text.
 * The scripts are fetched only (preload), not compiled ahead (modulepreload): compiling half a
 * megabyte held the entry back, and with it the dashboard boot paints from the device, 0.3 s on
 * the phone profile (docs/decisions/0042-returning-dashboard-painted-from-the-device.md).
 */
const preloadFirstScreen: Plugin = {
  name: 'vitalia-preload-first-screen',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler: (html, { bundle }) => {
      const chunks = Object.values(bundle ?? {}).filter((output) => output.type === 'chunk');
      const main = chunks.find((chunk) =>
        chunk.moduleIds.some((id) => /[\\/]src[\\/]main\.tsx$/.test(id)),
      );
      if (!main) throw new Error('The build has no chunk with src/main.tsx');
      // What Vite links already (the entry's own imports) is not linked twice.
      const scripts = [main.fileName, ...main.imports].filter(
        (file) => !html.includes(`/${file}"`),
      );
      return [
        ...scripts.map((file) => ({
          tag: 'link',
          attrs: { rel: 'preload', as: 'script', crossorigin: '', href: `/${file}` },
          injectTo: 'head' as const,
        })),
        ...[...(main.viteMetadata?.importedCss ?? [])].map((file) => ({
          tag: 'link',
          attrs: { rel: 'stylesheet', crossorigin: '', href: `/${file}` },
          injectTo: 'head' as const,
        })),
      ];
    },
  },
};

/**
 * The first screen in few files: the entry, the sign-in page and its layout, with everything they
 * import (React, MUI's parts they use, the router; not the API client, loaded on first use by
 * src/lib/api-client.ts), become one chunk,
 * instead of forty small ones each a round trip on a slow phone. Every other screen stays a lazy
 * chunk of its own (docs/performance.md). A screen not named here still works: its
 * modules just come in more, smaller files.
 */
const firstScreen =
  /[\\/]src[\\/](main|app[\\/]layouts[\\/]split-layout|features[\\/]identity[\\/]routes[\\/]sign-in\.route)\.tsx$/;
/** The layout of the pages anyone may open (the privacy policy, a reminder's stop link). */
const simpleScreen =
  /[\\/]src[\\/](app[\\/]layouts[\\/]simple-layout|features[\\/]legal[\\/]routes[\\/]privacy-policy\.route)\.tsx$/;
/**
 * The same for a returning person's first screen: the main layout, the dashboard, and what the
 * device keeps for the session (src/lib/offline/kept-readings.ts, asked for by src/boot.ts beside
 * the app's code, and at sign-in, when the dashboard comes next).
 */
const signedInScreen =
  /[\\/]src[\\/](app[\\/]layouts[\\/]main-layout\.tsx|features[\\/]dashboard[\\/]routes[\\/]dashboard\.route\.tsx|lib[\\/]offline[\\/]kept-readings\.ts)$/;

export default defineConfig({
  plugins: [react(), VitePWA(pwaOptions(serverPaths)), preloadRegularFont, preloadFirstScreen],
  // The measures' names, read from the catalogue when the app is built, for the pages that name
  // them all but must not load the measures' rules to do it (the privacy policy, a public page
  // with a budget of its own: e2e/journeys/weight.spec.ts). src/build-constants.d.ts types it.
  define: { __MEASURE_NAMES__: JSON.stringify(MEASURE_LIST.map((measure) => measure.displayName)) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Vite inlines small files as data: URLs; font files always ship as files of their own, so
    // they are cached apart from the styles.
    assetsInlineLimit: (file) => (/\.(woff2?|ttf|otf)$/.test(file) ? false : undefined),
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Vite's helper for lazy imports with the entry, not in the first screen's chunk,
            // which the entry would otherwise import, and run, before the first paint; with it
            // what the entry runs itself: the copy of the dashboard it paints
            // (lib/offline/screen-snapshot.ts) and the little that module reads.
            {
              name: 'boot',
              test: /preload-helper|[\\/]src[\\/](boot|app[\\/]prerendered-attribute|lib[\\/](storage-keys|token-claims|offline[\\/](screen-snapshot|kept-queries)))\.ts$/,
            },
            // The question whether a stored session goes on, which the entry asks a returning
            // person's server before it paints their copy (lib/offline/session-check.ts): a chunk
            // of its own, loaded only when a session is stored, so that it is neither in the
            // sign-in page's scripts nor waiting behind the signed-in screens' chunk.
            { name: 'session-check', test: /[\\/]src[\\/]lib[\\/]offline[\\/]session-check\.ts$/ },
            { name: 'first-screen', test: firstScreen, includeDependenciesRecursively: true },
            // The LinkedIn button the sign-in and register pages load when the server offers it
            // (features/identity/components/social-sign-in.tsx), with the parts of it the first
            // screen lacks (MUI's Divider, the icon), so that it brings no signed-in screen's
            // chunk with it: a chunk of its own, which the screens that share Divider import.
            {
              name: 'linkedin-sign-in',
              test: /[\\/]src[\\/]features[\\/]identity[\\/]components[\\/]linkedin-sign-in\.tsx$/,
              includeDependenciesRecursively: true,
            },
            // MUI's TextField, with the Select, menu and popover it brings, kept off the sign-in
            // page (src/components/ui/text-input.tsx): a chunk of its own, so the other public
            // forms that use it do not load the signed-in screens' chunk to get it.
            {
              name: 'text-field',
              test: /[\\/]@mui[\\/]material[\\/](esm[\\/])?TextField[\\/]/,
              includeDependenciesRecursively: true,
            },
            // In this order: what a later screen shares with an earlier one stays in the earlier
            // one's chunk, so the policy page never loads the signed-in screens' code.
            { name: 'simple-screen', test: simpleScreen, includeDependenciesRecursively: true },
            {
              name: 'signed-in-screen',
              test: signedInScreen,
              includeDependenciesRecursively: true,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: Object.fromEntries(serverPaths.map((path) => [path, { target: apiServer }])),
  },
  preview: {
    headers: { 'Content-Security-Policy': previewPolicy },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['@testing-library/jest-dom/vitest', './src/test/setup.ts'],
    // Above Testing Library's wait (src/test/setup.ts), so a failed find reports what it missed.
    testTimeout: 15_000,
  },
});
