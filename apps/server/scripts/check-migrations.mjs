// Fails when the Drizzle schema holds changes that no committed migration does: it generates into a
// scratch copy of the migrations and looks for a new file. Generated SQL is never edited by hand,
// so a diff here means someone changed a table and forgot `npm run db:generate`.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const committed = path.join(serverRoot, 'src', 'db', 'migrations');
// drizzle-kit only accepts an `out` relative to the config, so the scratch copy lives in the package.
fs.mkdirSync(path.join(serverRoot, 'node_modules', '.cache'), { recursive: true });
const scratch = fs.mkdtempSync(path.join(serverRoot, 'node_modules', '.cache', 'migration-check-'));

try {
  fs.cpSync(committed, scratch, { recursive: true });
  const before = new Set(listFiles(scratch));
  const output = execFileSync('npx', ['drizzle-kit', 'generate', '--name', 'uncommitted_check'], {
    cwd: serverRoot,
    env: { ...process.env, MIGRATIONS_OUT: path.relative(serverRoot, scratch) },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const added = listFiles(scratch).filter((file) => !before.has(file) && file.endsWith('.sql'));
  if (added.length === 0 && !output.includes('No schema changes')) {
    // drizzle-kit reports some failures on stdout and still exits 0; never call that a pass.
    console.error(`drizzle-kit did not confirm the schema:\n${output}`);
    process.exitCode = 1;
  } else if (added.length > 0) {
    const sql = fs.readFileSync(path.join(scratch, added[0]), 'utf8');
    console.error('The schema differs from the committed migrations. Run `npm run db:generate`.');
    console.error(`The missing migration would be:\n${sql}`);
    process.exitCode = 1;
  } else {
    console.log('Schema and committed migrations agree.');
  }
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}

function listFiles(dir) {
  return fs.readdirSync(dir, { recursive: true }).map(String);
}
