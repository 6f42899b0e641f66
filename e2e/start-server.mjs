// The journeys' server: staff accounts are made first with the operators' task (the embedded
// database belongs to one process at a time), then the built server starts on that database.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { staff } from './fixtures/staff.mjs';

const dist = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'apps',
  'server',
  'dist',
);

for (const person of staff) {
  const made = spawnSync(
    process.execPath,
    [
      path.join(dist, 'cli.js'),
      'user:create',
      '--email',
      person.email,
      '--role',
      person.role,
      '--password-stdin',
    ],
    { input: person.password, stdio: ['pipe', 'inherit', 'inherit'] },
  );
  if (made.status !== 0) process.exit(made.status ?? 1);
}

const server = spawn(process.execPath, [path.join(dist, 'main.js')], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
