// `npm start`: builds what is missing or stale, then serves web and API (by default on
// http://localhost:3000 with the embedded database in ./data). The server itself migrates the
// database and loads the demo content once.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildIfStale, root } from './build-state.mjs';

buildIfStale();
const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
