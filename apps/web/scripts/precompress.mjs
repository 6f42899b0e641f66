// Writes a Brotli copy (quality 11, the smallest) beside each text file of the built app, once at
// build time; the server sends it to browsers that accept Brotli (apps/server/src/plugins/web-app.ts)
// instead of compressing the file again on every request at the fast, larger setting.
// Run by `npm run build -w apps/web` after Vite, the pre-rendering and the service worker.
// docs/decisions/0039-precompressed-assets.md.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');

// Text formats only: fonts (woff2) and pictures are compressed already.
const compressible = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt)$/;
// Below this, a compressed answer saves less than its own headers cost.
const smallest = 1024;

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

if (!fs.existsSync(path.join(distDir, 'index.html'))) {
  console.error(`precompress: ${distDir} holds no built app; run vite build first`);
  process.exit(1);
}

let count = 0;
let before = 0;
let after = 0;
for (const file of files(distDir)) {
  if (!compressible.test(file)) continue;
  const content = fs.readFileSync(file);
  if (content.length < smallest) continue;
  const compressed = zlib.brotliCompressSync(content, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    },
  });
  // A copy no smaller than the file would only cost a read.
  if (compressed.length >= content.length) continue;
  fs.writeFileSync(`${file}.br`, compressed);
  count += 1;
  before += content.length;
  after += compressed.length;
}
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(`precompress: ${count} files, ${kb(before)} to ${kb(after)} with Brotli 11`);
