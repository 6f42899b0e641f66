import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'health', include: ['src/**/*.test.ts'] },
});
