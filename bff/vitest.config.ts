import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'bff',
    environment: 'node',
    // A guard against a hung test, not a speed check: two files run side by side on two cores.
    testTimeout: 15_000,
    setupFiles: ['../shared/src/test/setup.ts'],
    globalSetup: ['src/test/postgres-global.ts'],
  },
});
