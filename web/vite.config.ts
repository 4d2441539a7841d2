import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const bff = process.env.CREDENCE_BFF_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  server: { proxy: { '/api': { target: bff, changeOrigin: false } } },
  preview: { proxy: { '/api': { target: bff, changeOrigin: false } } },
  build: { sourcemap: false, reportCompressedSize: true },
});
