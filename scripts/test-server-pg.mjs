// Runs the server's integration tier (`*.int.test.ts`, the files that open a database) again on
// PostgreSQL; apps/server/vitest.config.ts selects only those when TEST_DB_DRIVER=postgres.
// TEST_DATABASE_URL names a server and a database to connect to for administration; the run
// migrates one template database named after itself, every test file copies it into a database of
// its own, and both are dropped afterwards, so runs never collide. Under CI a missing or unreachable
// PostgreSQL fails the run: a silently skipped suite would look green.
import { spawnSync } from 'node:child_process';
import pg from 'pg';

const url = process.env.TEST_DATABASE_URL;
const inCi = process.env.CI === 'true';

if (!url) {
  if (inCi) {
    console.error('TEST_DATABASE_URL is not set; CI must run the server suite on PostgreSQL.');
    process.exit(1);
  }
  console.log(
    'Server suite on PostgreSQL skipped: set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres to run it.',
  );
  process.exit(0);
}

try {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  const { rows } = await client.query('show server_version');
  await client.end();
  console.log(`Server suite on PostgreSQL ${rows[0].server_version}`);
} catch (error) {
  console.error(`PostgreSQL at TEST_DATABASE_URL cannot be reached: ${error.message}`);
  process.exit(1);
}

const result = spawnSync('npx', ['vitest', 'run', '--project', 'server'], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DB_DRIVER: 'postgres' },
});
process.exit(result.status ?? 1);
