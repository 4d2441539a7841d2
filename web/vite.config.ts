import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const bff = process.env.CREDENCE_BFF_URL ?? 'http://127.0.0.1:8080';

/** Writes `.br` and `.gz` beside each script, stylesheet and page, for the BFF to send as they are (precompressed). */
function precompress(): Plugin {
  return {
    name: 'credence-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const file of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg)$/.test(file)) continue;
        const path = join(options.dir ?? 'dist', file);
        const data = readFileSync(path);
        writeFileSync(`${path}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  server: { proxy: { '/api': { target: bff, changeOrigin: false } } },
  preview: { proxy: { '/api': { target: bff, changeOrigin: false } } },
  build: { sourcemap: false, reportCompressedSize: true },
});
