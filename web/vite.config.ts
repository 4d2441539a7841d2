import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import { ROUTE_MODULES } from './src/app/route-modules';
import { precompiledCatalogues, withoutMessageParser } from './src/i18n/precompiled-catalogues';

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

/**
 * Writes `route-preloads.json`: for each path of ROUTE_MODULES, the chunks its page needs that the entry
 * does not already load, for the BFF to name in the page it sends. Read from the bundle as written, after
 * Vite has dropped the chunks that held only CSS (a stylesheet two pages share is one): a file named
 * here is always one the build wrote. A module that is no longer a chunk of its own fails the build.
 */
function routePreloads(): Plugin {
  let src = '';
  return {
    name: 'credence-route-preloads',
    apply: 'build',
    configResolved(config) {
      src = resolve(config.root, 'src');
    },
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const chunks = Object.values(bundle).filter((output): output is Rollup.OutputChunk => output.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const withImports = (file: string, into = new Set<string>()) => {
        if (into.has(file)) return into;
        into.add(file);
        for (const imported of byFile.get(file)?.imports ?? []) withImports(imported, into);
        return into;
      };
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) return this.error('route-preloads: the build has no entry chunk');
      const loadedFirst = withImports(entry.fileName);
      const preloads: Record<string, string[]> = {};
      for (const [path, modules] of Object.entries(ROUTE_MODULES)) {
        const files = new Set<string>();
        for (const module of modules) {
          const page = chunks.find((chunk) => chunk.facadeModuleId?.replace(/\.tsx?$/, '') === join(src, module));
          if (!page) return this.error(`route-preloads: ${module} (for ${path}) is not a chunk of its own`);
          for (const file of withImports(page.fileName)) if (!loadedFirst.has(file)) files.add(`/${file}`);
        }
        const unwritten = [...files].find((file) => !existsSync(join(dir, file)));
        if (unwritten) return this.error(`route-preloads: ${unwritten} (for ${path}) is not a file the build wrote`);
        preloads[path] = [...files];
      }
      writeFileSync(join(dir, 'route-preloads.json'), JSON.stringify(preloads, null, 1));
    },
  };
}

export default defineConfig({
  plugins: [react(), precompiledCatalogues(), precompress(), routePreloads()],
  resolve: { alias: [withoutMessageParser] },
  server: { proxy: { '/api': { target: bff, changeOrigin: false } } },
  preview: { proxy: { '/api': { target: bff, changeOrigin: false } } },
  build: { sourcemap: false, reportCompressedSize: true },
});
