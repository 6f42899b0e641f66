// Renders the public pages (sign-in, register, password reset, privacy policy) to HTML with their
// styles, after the client build, so that they paint before any script runs; the browser's React
// then takes the HTML over (src/main.tsx). Run by `npm run build` of apps/web.
// Writes dist/prerendered/<path>.html, each dist/index.html with the page inside #root, its
// emotion styles in the head and its title; the server answers each path with its page
// (apps/server/src/plugins/web-app.ts). docs/decisions/0036-prerendered-public-pages.md.
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, loadConfigFromFile } from 'vite';

const webRoot = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(webRoot, 'dist');
const serverBundle = path.join(webRoot, 'node_modules', '.cache', 'prerender');

/** Where a page's HTML goes, under dist/prerendered/ (the server reads the same layout). */
export function prerenderedFile(pathname) {
  return path.join(dist, 'prerendered', `${pathname.replace(/^\/+/, '')}.html`);
}

/** A preload link of the first screen's script (the entry's own boot chunk is a modulepreload). */
const firstScreenPreload = /<link rel="preload" as="script"[^>]*>/;

// index.html's #root holds the app shell skeleton between these markers; a pre-rendered page puts
// its own HTML there instead.
const rootPattern = /<div id="root">[\s\S]*?<!-- \/app-shell -->\s*<\/div>/;

/**
 * dist/index.html with one page's HTML, styles and title in it. The page paints without its
 * script, which only makes it answer presses, so the first screen's script is not preloaded:
 * src/boot.ts, small and first, asks for it after the first paint, and the styles and fonts of
 * that paint have the link to themselves. The app shell of index.html keeps its preloads: it
 * shows nothing without its script. docs/decisions/0036-prerendered-public-pages.md.
 */
export function pageDocument(template, pathname, page) {
  if (!rootPattern.test(template)) throw new Error('dist/index.html has no app shell in #root');
  if (!firstScreenPreload.test(template)) {
    throw new Error('dist/index.html preloads no script (vite.config.ts preloadFirstScreen)');
  }
  const root = `<div id="root" data-prerendered="${pathname}">${page.html}</div>`;
  return template
    .replace(new RegExp(`\\s*${firstScreenPreload.source}`, 'g'), '')
    .replace(rootPattern, () => root)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
    .replace('</head>', () => `${page.styles}\n  </head>`);
}

function escapeHtml(text) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

// The service worker's registration (src/lib/pwa/) is never rendered at build time, as
// UpdatePrompt needs a browser with service workers; its module only has to resolve.
const pwaRegisterStub = {
  name: 'vitalia-prerender-pwa-register',
  resolveId: (id) => (id === 'virtual:pwa-register/react' ? '\0pwa-register-stub' : undefined),
  load: (id) =>
    id === '\0pwa-register-stub'
      ? `export function useRegisterSW() {
           throw new Error('The service worker is never registered while pre-rendering');
         }`
      : undefined,
};

async function main() {
  // The same asset rule as vite.config.ts, so image URLs in the HTML are the client build's, and
  // the same constants it writes into the app (the measures' names the policy lists). The PWA
  // plugin is left out: this build writes no service worker.
  const client = await loadConfigFromFile(
    { command: 'build', mode: 'production' },
    path.join(webRoot, 'vite.config.ts'),
  );
  await build({
    configFile: false,
    root: webRoot,
    define: client?.config.define,
    logLevel: 'warn',
    plugins: [react(), pwaRegisterStub],
    build: {
      ssr: path.join(webRoot, 'prerender', 'entry-server.tsx'),
      outDir: serverBundle,
      emptyOutDir: true,
      assetsInlineLimit: (file) => (/\.(woff2?|ttf|otf)$/.test(file) ? false : undefined),
    },
  });
  const { renderPage, prerenderedPaths } = await import(
    pathToFileURL(path.join(serverBundle, 'entry-server.js')).href
  );
  const template = await fs.readFile(path.join(dist, 'index.html'), 'utf8');
  for (const pathname of prerenderedPaths) {
    const page = await renderPage(pathname);
    const file = prerenderedFile(pathname);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, pageDocument(template, pathname, page));
    console.log(`prerendered ${pathname} -> ${path.relative(webRoot, file)}`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await main();
  // The rendered app leaves timers behind (the query cache's long gcTime for the readings kept
  // offline, src/lib/offline/query-persistence.ts), which would hold the build open for as long.
  process.exit(0);
}
