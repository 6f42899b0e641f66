import { defineConfig } from 'vitest/config';

// One command runs the unit, component and integration suites of every workspace.
export default defineConfig({
  test: {
    projects: ['packages/health', 'packages/api', 'apps/server', 'apps/web', 'tools/eslint'],
  },
});
