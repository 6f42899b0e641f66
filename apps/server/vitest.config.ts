import { defineConfig } from 'vitest/config';

// Two tiers (docs/decisions/0005-tests.md): `*.int.test.ts` files open a database and run on both
// engines; plain `*.test.ts` files never do, so the PostgreSQL run (TEST_DB_DRIVER=postgres, from
// scripts/test-server-pg.mjs) leaves them out.
const onPostgres = process.env.TEST_DB_DRIVER === 'postgres';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: onPostgres
      ? ['src/**/*.int.test.ts', 'scripts/**/*.int.test.ts']
      : ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    // Migrates one database for the whole run; every test database is a copy of it.
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
