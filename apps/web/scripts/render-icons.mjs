// Renders the app's icons (the manifest's and the apple-touch-icon) from their SVG drawings to
// the PNGs in public/icons/, which are committed: launchers want PNG, and drawing them once here
// keeps the build free of an image toolchain. Run again after changing a drawing:
//   node apps/web/scripts/render-icons.mjs
// Uses Debian's Chromium, as the browser journeys do (scripts/ensure-chromium.mjs).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(webRoot, 'public', 'icons');

// The favicon (rounded corners, transparent outside them) for launchers that show the icon as it
// is; the full-bleed square for those that cut their own shape (maskable, iOS).
const favicon = path.join(webRoot, 'public', 'favicon.svg');
const fullBleed = path.join(webRoot, 'scripts', 'icons', 'icon-full-bleed.svg');

const icons = [
  { source: favicon, size: 192, file: 'icon-192.png' },
  { source: favicon, size: 512, file: 'icon-512.png' },
  { source: fullBleed, size: 512, file: 'icon-maskable-512.png' },
  { source: fullBleed, size: 180, file: 'apple-touch-icon-180.png' },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  fs.mkdirSync(outDir, { recursive: true });
  for (const { source, size, file } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const svg = fs.readFileSync(source).toString('base64');
    await page.setContent(
      `<body style="margin:0"><img src="data:image/svg+xml;base64,${svg}" ` +
        `width="${size}" height="${size}" style="display:block"></body>`,
    );
    await page.locator('img').evaluate((img) => img.decode());
    await page.screenshot({ path: path.join(outDir, file), omitBackground: true });
    await page.close();
    console.log(`${file} (${size}x${size}) from ${path.relative(webRoot, source)}`);
  }
} finally {
  await browser.close();
}
