// Bundles the server's own code and the workspace packages (TypeScript sources) into dist/.
// npm dependencies stay external and load from node_modules, so native and WebAssembly parts
// (PGlite, later argon2 and sharp) keep their own files.
import { build } from 'esbuild';

const ownPackages = /^@vitalia\//;

await build({
  entryPoints: { main: 'src/main.ts', cli: 'src/cli.ts' },
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
