// `pnpm test`: typecheck, lint, unit tests, builds, end-to-end tests; ends with the ten slowest tests and
// one line "N passed, N failed". Typecheck, lint and the builds run side by side (their output is shown
// once each is done); the unit tests start once typecheck and builds are done, beside the lint if it is
// still running (it is the longest of the three, on one core); then the end-to-end tests run alone
// (decisions 028, 029).
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';

const out = resolve('.ci-out');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const started = Date.now();

function run(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const t0 = Date.now();
  // Not spawnSync: a step running beside this one (the lint) must have its output read meanwhile.
  return new Promise((done) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    const finish = (status, signal) => {
      console.log(`  ${title}: ${status === 0 ? 'ok' : `failed (exit ${status ?? signal})`} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      done(status === 0);
    };
    child.on('error', () => finish(null, 'spawn error'));
    child.on('close', finish);
  });
}

/** As `run`, beside other steps: the step's output is held and shown in one piece once it is done. */
function runBeside(title, command, args) {
  const t0 = Date.now();
  return new Promise((done) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (status, signal) => {
      console.log(`\n▶ ${title}`);
      process.stdout.write(Buffer.concat(output));
      console.log(`  ${title}: ${status === 0 ? 'ok' : `failed (exit ${status ?? signal})`} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      done(status === 0);
    });
  });
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Each failed test (or suite that failed outside its tests) of Vitest's JSON report, with its first message line. */
function vitestFailures(report) {
  const lines = [];
  for (const file of report.testResults ?? []) {
    const path = file.name.replace(`${process.cwd()}/`, '');
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests) lines.push(`unit: ${path} › ${test.fullName ?? test.title} — ${firstLine(test.failureMessages?.[0])}`);
    if (file.status === 'failed' && failedTests.length === 0) lines.push(`unit: ${path} (the file itself) — ${firstLine(file.message)}`);
  }
  return lines;
}

/** Each end-to-end test whose last attempt failed, from Playwright's JSON report. */
function playwrightFailures(report) {
  const lines = [];
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const error = test.results?.at(-1)?.error?.message;
        lines.push(`e2e: ${spec.file}:${spec.line} › ${test.projectName ? `[${test.projectName}] ` : ''}${spec.title} — ${firstLine(error)}`);
      }
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report?.suites ?? []) visit(suite);
  return lines;
}

/** Every unit test with its time, from Vitest's JSON report. */
function vitestTimes(report) {
  return (report?.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? []).map((test) => ({
      ms: test.duration ?? 0,
      name: `unit: ${file.name.replace(`${process.cwd()}/`, '')} › ${test.fullName ?? test.title}`,
    })),
  );
}

/** Every end-to-end test's last attempt with its time, from Playwright's JSON report. */
function playwrightTimes(report) {
  const times = [];
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const last = test.results?.at(-1);
        if (last) times.push({ ms: last.duration ?? 0, name: `e2e: ${spec.file}:${spec.line} › ${spec.title}` });
      }
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report?.suites ?? []) visit(suite);
  return times;
}

function firstLine(text) {
  // Reporters colour their messages; the plain words are what is wanted here.
  // eslint-disable-next-line no-control-regex
  const plain = String(text ?? 'no message').replace(/\u001b\[[0-9;]*m/g, '');
  return (
    plain
      .split('\n')
      .find((line) => line.trim() !== '')
      ?.trim()
      .slice(0, 300) ?? 'no message'
  );
}

let passed = 0;
let failed = 0;
/** What failed, named again just above the last line: CI shows only the end of the output. */
const failures = [];

// A failed step that is not itself a test counts as one failure, so it can never pass unseen.
function stepFailed(title) {
  failed++;
  failures.push(`step: ${title}`);
}

const builds = async () => {
  for (const pkg of ['web', 'sandbox', 'bff']) if (!(await runBeside(`${pkg} build`, 'pnpm', ['--filter', `./${pkg}`, 'run', 'build']))) return false;
  return true;
};
// The house rules (type-aware lint, import boundaries, formatting) with 0 warnings; `pnpm fix` mends most.
const linting = runBeside('lint', 'pnpm', ['lint']);
const [typechecked, built] = await Promise.all([
  runBeside('typecheck', 'pnpm', ['-r', '--workspace-concurrency=1', 'run', 'typecheck']),
  // The end-to-end consoles run as `pnpm start` runs them: the built web app, the compiled sandbox agent and BFF.
  builds(),
]);
if (!typechecked) stepFailed('typecheck');

/** Every test's time, for the ten slowest named at the end. */
const times = [];

const vitestJson = `${out}/vitest.json`;
await run('unit tests (vitest)', 'pnpm', ['exec', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]);
if (!(await linting)) stepFailed('lint');
const vitest = readJson(vitestJson);
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests + (vitest.numFailedTestSuites > 0 && vitest.numFailedTests === 0 ? 1 : 0);
  failures.push(...vitestFailures(vitest));
  times.push(...vitestTimes(vitest));
} else stepFailed('unit tests (no report)');

/** Adds one Playwright run's report to the counts; false when there is none. */
function countPlaywright(report) {
  const stats = report?.stats;
  if (!stats) return false;
  passed += stats.expected + stats.flaky;
  failed += stats.unexpected + (stats.expected + stats.unexpected + stats.flaky === 0 ? 1 : 0);
  failures.push(...playwrightFailures(report));
  times.push(...playwrightTimes(report));
  return true;
}

if (built) {
  const pwJson = `${out}/playwright.json`;
  await run('end-to-end tests (playwright)', 'pnpm', ['--filter', './e2e', 'exec', 'playwright', 'test'], { PW_JSON_OUT: pwJson });
  const report = readJson(pwJson);
  if (!countPlaywright(report)) stepFailed('end-to-end tests (no report)');
} else stepFailed('builds');

if (failures.length > 0) console.log(`\nFailed:\n${failures.map((line) => `  ${line}`).join('\n')}`);
console.log(`\nAll steps took ${((Date.now() - started) / 1000).toFixed(0)} s`);
const slowest = times.sort((a, b) => b.ms - a.ms).slice(0, 10);
if (slowest.length > 0) console.log(`Slowest tests:\n${slowest.map(({ ms, name }) => `  ${(ms / 1000).toFixed(1).padStart(6)} s  ${name}`).join('\n')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
