// `npm run user:create` and `npm run user:password`: the server's command-line tasks, built first
// when the build is missing or stale. Arguments after `--` pass through.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildIfStale, root } from './build-state.mjs';

buildIfStale(['server']);
const result = spawnSync(
  process.execPath,
  [path.join(root, 'apps/server/dist/cli.js'), ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
