import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Both cores: Vitest's default leaves one idle on a 2-core machine, and most files wait on a store or a socket.
  test: { projects: ['shared', 'sandbox', 'bff', 'web'], maxWorkers: 2 },
});
