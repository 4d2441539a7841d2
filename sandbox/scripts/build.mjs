// `pnpm --filter ./sandbox build`: the sandbox agent as plain JavaScript, dist/main.js. The compiled
// launcher (bff/dist/launch.js) runs it; the launcher under tsx runs src/main.ts instead.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { nodeBundle } from '../../scripts/node-bundle.mjs';

await build(nodeBundle(fileURLToPath(new URL('..', import.meta.url)), { main: 'src/main.ts' }));
console.log('sandbox: built dist/main.js');
