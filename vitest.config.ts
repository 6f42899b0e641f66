import os from 'node:os';
import { defineConfig } from 'vitest/config';

// One command runs the unit, component and integration suites of every workspace. Vitest's own
// default leaves one core free, which on a two-core machine runs every file one after another;
// the suites spend much of their time waiting (on timers, the database, a mail peer), so one file
// per core keeps both busy (docs/decisions/0005-tests.md).
export default defineConfig({
  test: {
    projects: ['packages/health', 'packages/api', 'apps/server', 'apps/web', 'tools/eslint'],
    maxWorkers: Math.max(2, os.availableParallelism()),
  },
});
