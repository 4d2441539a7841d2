import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    // A guard against a hung test, not a speed check: two files run side by side on two cores.
    testTimeout: 15_000,
    setupFiles: ['./src/test/setup.ts'],
  },
});
