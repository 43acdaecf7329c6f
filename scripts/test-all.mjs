#!/usr/bin/env node
/**
 * `npm test`: every check CI runs, in order — first the set-up of what the tests need on this machine
 * (scripts/setup/setup.mjs: Chromium, PostgreSQL, the WordPress peers' packages, installed from
 * Debian's packages when missing and running as root), then typecheck, lint, unit tests (shared,
 * server, web), API tests on SQLite and PostgreSQL, integration tests against real WordPress blogs,
 * then a production build of the web app and the browser tests in Debian's Chromium. Ends with one
 * summary line of all tests counted.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { setUp } from './setup/setup.mjs';

const root = path.resolve(import.meta.dirname, '..');
const resultsDir = path.join(root, 'test-results');
fs.mkdirSync(resultsDir, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
/** API test files run at once (TEST_API_WORKERS overrides). */
const API_WORKERS = Math.max(1, Number(process.env.TEST_API_WORKERS) || 3);
/**
 * Unit test files run at once (TEST_UNIT_WORKERS overrides): vitest's default is the cores less one,
 * one file at a time on a 2-core machine, where most of the stage is loading each file's modules.
 */
const UNIT_WORKERS = Math.max(1, Number(process.env.TEST_UNIT_WORKERS) || 2);
/** "label N s" per stage run, in order. */
const stageTimes = [];
const runStarted = Date.now();
/** "stage: file > test" and the first line of its error, printed again at the very end. */
const failedTests = [];
const setup = await setUp();
stageTimes.push(`setup ${Math.round((Date.now() - runStarted) / 1000)} s`);
const failures = [...setup.failures];
/** The stage running now (stages run one at a time but typecheck and lint, asynchronously so that signals are handled). */
let current = null;
// A throwaway PostgreSQL of the set-up is stopped however the run ends (Ctrl-C included).
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    process.stdout.write(`\n${signal}: run stopped\n`);
    current?.kill(signal);
    setup.teardown();
    process.exit(128 + { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 }[signal]);
  });
}
process.on('exit', () => setup.teardown());

function run(label, command, args) {
  process.stdout.write(`\n=== ${label}: ${command} ${args.join(' ')}\n`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: setup.env });
    current = child;
    const done = (ok) => {
      current = null;
      if (!ok) failures.push(label);
      // Each stage's wall time, kept for the summary: where a slow CI run spends its minutes.
      stageTimes.push(`${label} ${Math.round((Date.now() - started) / 1000)} s`);
      resolve(ok);
    };
    child.on('error', (error) => {
      process.stdout.write(`${label}: ${error.message}\n`);
      done(false);
    });
    child.on('close', (code) => done(code === 0));
  });
}

async function vitest(label, projects, extra = []) {
  const outputFile = path.join(resultsDir, `${label}.json`);
  fs.rmSync(outputFile, { force: true });
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), ...extra, '--reporter=default', '--reporter=json', `--outputFile.json=${outputFile}`];
  const ok = await run(label, 'npx', args);
  if (fs.existsSync(outputFile)) {
    const report = JSON.parse(fs.readFileSync(outputFile, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
    for (const file of report.testResults ?? []) {
      for (const test of file.assertionResults ?? []) {
        if (test.status !== 'failed') continue;
        const reason = String(test.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 300);
        failedTests.push(`${label}: ${path.relative(process.cwd(), file.name)} > ${test.fullName}\n    ${reason}`);
      }
      // A file that failed before its tests ran (an import error, a hook) has no failed assertion.
      if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed')) {
        failedTests.push(`${label}: ${path.relative(process.cwd(), file.name)}\n    ${String(file.message ?? '').split('\n')[0].slice(0, 300)}`);
      }
    }
    if (report.numTotalTests === 0) {
      failures.push(`${label} (no tests ran)`);
    }
  } else if (ok) {
    failures.push(`${label} (no report)`);
  }
  return ok;
}

/**
 * Stages that only read the sources, at once (each is one process on one core; the machine has
 * two): their output is held and printed whole, one stage after the other.
 */
function runTogether(stages) {
  const children = new Set();
  current = { kill: (signal) => { for (const child of children) child.kill(signal); } };
  return Promise.all(stages.map(({ label, command, args }) => new Promise((resolve) => {
    const started = Date.now();
    const output = [];
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: setup.env });
    children.add(child);
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    const done = (ok, note = '') => {
      children.delete(child);
      process.stdout.write(`\n=== ${label}: ${command} ${args.join(' ')}\n${Buffer.concat(output).toString()}${note}`);
      if (!ok) failures.push(label);
      stageTimes.push(`${label} ${Math.round((Date.now() - started) / 1000)} s`);
      resolve(ok);
    };
    child.on('error', (error) => done(false, `${label}: ${error.message}\n`));
    child.on('close', (code) => done(code === 0));
  }))).finally(() => {
    current = null;
  });
}

await runTogether([
  { label: 'typecheck', command: 'npm', args: ['run', '--silent', 'typecheck'] },
  { label: 'lint', command: 'npm', args: ['run', '--silent', 'lint'] },
]);
await vitest('unit', ['shared', 'server-unit', 'web'], [`--maxWorkers=${UNIT_WORKERS}`]);
// The API tests mostly wait (on the engine's jobs, timers, the databases): three files at once,
// where vitest's default on a 2-core machine is one (its workers are the cores less one).
await vitest('api', ['api'], [`--maxWorkers=${API_WORKERS}`]);
// Against real peers installed from Debian's packages (scripts/peers/wordpress.sh, scripts/peers/mediawiki.sh)
// and Ghost from the npm registry, whose install may still be running in the background.
const waitStarted = Date.now();
await setup.ready();
for (const failure of setup.failures) if (!failures.includes(failure)) failures.push(failure);
const waited = Math.round((Date.now() - waitStarted) / 1000);
if (waited > 0) stageTimes.push(`waiting for background installs ${waited} s`);
await vitest('integration', ['integration']);
const built = await run('build', 'npm', ['run', '--silent', 'build']);
if (process.env.SKIP_E2E === '1') process.stdout.write('\n=== e2e: skipped on purpose (SKIP_E2E=1)\n');
else if (!setup.browser) failures.push('e2e (not run: no Chromium)');
else if (!built) failures.push('e2e (not run: build failed)');
else await vitest('e2e', ['e2e']);
setup.teardown();

// The last lines are what a CI log keeps: name every failed test there.
if (failedTests.length) process.stdout.write(`\nFailed tests:\n${failedTests.map((line) => `  ${line}`).join('\n')}\n`);
const onPurpose = setup.skipped.length ? `; skipped on purpose: ${setup.skipped.join(', ')}` : '';
process.stdout.write(`\n${failures.length ? `Failed stages: ${failures.join(', ')}` : 'All stages passed'}${onPurpose}\n`);
process.stdout.write(`Stage times: ${stageTimes.join(', ')}; in all ${Math.round((Date.now() - runStarted) / 1000)} s\n`);
process.stdout.write(`Tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`);
process.exit(failures.length ? 1 : 0);
