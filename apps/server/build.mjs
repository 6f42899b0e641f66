// Bundles the server into dist/: its own code, the workspace packages and most npm dependencies,
// so that starting reads a few files instead of resolving and compiling hundreds
// (docs/decisions/0048-server-layout.md, start-up). Kept outside, loaded from node_modules: packages
// with native or WebAssembly parts (PGlite, argon2, sharp), those that serve files found beside
// their own code (Swagger UI, @fastify/static), and pg-boss, which loads after the server listens.
import fs from 'node:fs';
import { build } from 'esbuild';

const ownPackages = /^@vitalia\//;
const keptOutside =
  /^(@electric-sql\/pglite|sharp|@node-rs\/argon2|@fastify\/swagger-ui|@fastify\/static|pg-native|pg-boss)(\/|$)/;
const external = (name) =>
  name.startsWith('node:') || (!ownPackages.test(name) && keptOutside.test(name));

await build({
  // The bench's hook yardstick is built too, so that it measures the server's own code.
  entryPoints: {
    main: 'src/main.ts',
    cli: 'src/cli.ts',
    'hook-yardstick': 'src/bench/hook-yardstick.ts',
    // The thread import files are read on (features/portability/import/import-pool.ts).
    'import-worker': 'src/features/portability/import/import-worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  // main.ts loads the app while the embedded database starts: a chunk of its own.
  splitting: true,
  chunkNames: '[name]-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  // Bundled CommonJS packages call require() for Node's own modules.
  banner: {
    js: "import { createRequire as __vitaliaRequire } from 'node:module'; const require = __vitaliaRequire(import.meta.url);",
  },
  plugins: [
    {
      name: 'kept-outside',
      setup(context) {
        context.onResolve({ filter: /^[^./]/ }, (args) =>
          external(args.path) ? { path: args.path, external: true } : undefined,
        );
      },
    },
  ],
});

// The hashing thread's file, beside the bundles that start it (password.service.ts finds it next
// to itself, in the sources and in dist/ alike).
fs.copyFileSync('src/features/identity/hash-worker.mjs', 'dist/hash-worker.mjs');
