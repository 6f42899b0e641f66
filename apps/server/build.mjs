// Bundles the server's own code and the workspace packages (TypeScript sources) into dist/.
// npm dependencies stay external and load from node_modules, so native and WebAssembly parts
// (PGlite, later argon2 and sharp) keep their own files.
import fs from 'node:fs';
import { build } from 'esbuild';

const ownPackages = /^@vitalia\//;

await build({
  // The bench's hook yardstick is built too, so that it measures the server's own code.
  entryPoints: {
    main: 'src/main.ts',
    cli: 'src/cli.ts',
    'hook-yardstick': 'src/bench/hook-yardstick.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-npm-dependencies',
      setup(context) {
        context.onResolve({ filter: /^[^./]/ }, (args) =>
          ownPackages.test(args.path) ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});

// The hashing thread's file, beside the bundles that start it (password.service.ts finds it next
// to itself, in the sources and in dist/ alike).
fs.copyFileSync('src/features/identity/hash-worker.mjs', 'dist/hash-worker.mjs');
