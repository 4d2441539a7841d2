import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'bff', environment: 'node', setupFiles: ['../shared/src/test/setup.ts'], globalSetup: ['src/test/postgres-global.ts'] },
});
