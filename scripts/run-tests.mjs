// `pnpm test`: typecheck, lint, unit tests, builds, end-to-end tests; ends with one line "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';

const out = resolve('.ci-out');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const started = Date.now();

function run(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const t0 = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`  ${title}: ${result.status === 0 ? 'ok' : `failed (exit ${result.status ?? result.signal})`} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return result.status === 0;
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

let passed = 0;
let failed = 0;

// A failed step that is not itself a test counts as one failure, so it can never pass unseen.
if (!run('typecheck', 'pnpm', ['-r', '--workspace-concurrency=1', 'run', 'typecheck'])) failed++;
// The house rules (type-aware lint, import boundaries, formatting) with 0 warnings; `pnpm fix` mends most.
if (!run('lint', 'pnpm', ['lint'])) failed++;

const vitestJson = `${out}/vitest.json`;
run('unit tests (vitest)', 'pnpm', ['exec', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]);
const vitest = readJson(vitestJson);
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests + (vitest.numFailedTestSuites > 0 && vitest.numFailedTests === 0 ? 1 : 0);
} else failed++;

// The end-to-end consoles run as `pnpm start` runs them: the built web app, the compiled sandbox agent and BFF.
const built = ['web', 'sandbox', 'bff'].every((pkg) => run(`${pkg} build`, 'pnpm', ['--filter', `./${pkg}`, 'run', 'build']));
if (built) {
  const pwJson = `${out}/playwright.json`;
  run('end-to-end tests (playwright)', 'pnpm', ['--filter', './e2e', 'exec', 'playwright', 'test'], { PW_JSON_OUT: pwJson });
  const stats = readJson(pwJson)?.stats;
  if (stats) {
    passed += stats.expected + stats.flaky;
    failed += stats.unexpected + (stats.expected + stats.unexpected + stats.flaky === 0 ? 1 : 0);
  } else failed++;
} else failed++;

console.log(`\nAll steps took ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
