import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { contentSecurityPolicy } from '../../packages/api/src/content-security-policy.ts';
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

export default defineConfig({
  plugins: [react(), VitePWA(pwaOptions(serverPaths))],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Vite inlines small files as data: URLs; font files always ship as files of their own, so
    // they are cached apart from the styles.
    assetsInlineLimit: (file) => (/\.(woff2?|ttf|otf)$/.test(file) ? false : undefined),
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
