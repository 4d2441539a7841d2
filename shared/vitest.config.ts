import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { name: 'shared', environment: 'node', setupFiles: ['./src/test/setup.ts'] } });
