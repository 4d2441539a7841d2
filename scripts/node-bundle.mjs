import { rmSync } from 'node:fs';

/**
 * The esbuild options for a Node package of this workspace (bff, sandbox): one plain JavaScript file
 * per entry point in the package's dist/ (emptied first), @credence/shared compiled in, node_modules
 * left outside. Each package's build script passes them to its own esbuild.
 */
export function nodeBundle(packageDir, entryPoints) {
  rmSync(`${packageDir}/dist`, { recursive: true, force: true });
  return {
    absWorkingDir: packageDir,
    entryPoints,
    outdir: 'dist',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    // The workspace package is TypeScript source: compile it in rather than import it at run time.
    alias: { '@credence/shared': './../shared/src/index.ts' },
    sourcemap: 'linked',
    logLevel: 'warning',
  };
}
