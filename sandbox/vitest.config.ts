import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { name: 'sandbox', environment: 'node', setupFiles: ['../shared/src/test/setup.ts'] } });
