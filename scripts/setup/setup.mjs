/**
 * The set-up of `npm test` (scripts/test-all.mjs runs it first): makes this machine able to run every
 * stage, installing what is missing from Debian's packages when running as root. One step per need,
 * each its own script under scripts/setup/ (or the peers' own `install`), printed with its duration:
 *
 *   Chromium         scripts/setup/chromium.sh            skipped on purpose with SKIP_E2E=1
 *   PostgreSQL       scripts/setup/postgres.sh ensure     skipped on purpose with SKIP_POSTGRES=1
 *   WordPress peers  scripts/peers/wordpress.sh install   skipped on purpose with SKIP_WORDPRESS=1
 *   MediaWiki peers  scripts/peers/mediawiki.sh install   skipped on purpose with SKIP_MEDIAWIKI=1
 *   DokuWiki peers   scripts/peers/dokuwiki.sh install    skipped on purpose with SKIP_DOKUWIKI=1
 *   Shaarli peers    scripts/peers/shaarli.sh install     skipped on purpose with SKIP_SHAARLI=1
 *   Dovecot peers    scripts/peers/dovecot.sh install     skipped on purpose with SKIP_DOVECOT=1
 *   microsocks       scripts/peers/microsocks.sh install  skipped on purpose with SKIP_MICROSOCKS=1
 *                    (the SOCKS5 proxy of the proxy tests; their HTTP proxy is the proxy-chain package)
 *   Ghost peers      scripts/peers/ghost.sh install       skipped on purpose with SKIP_GHOST=1
 *                    (Ghost from the npm registry, installed once per machine outside the checkout:
 *                    minutes the first time, so it runs in the background while the stages that need
 *                    no peer run; `setup.ready()` waits for it before the integration tests)
 *
 * A step that cannot do its job fails the run with the reason (what is missing, how to get it);
 * only an explicit SKIP_… variable skips. REQUIRE_POSTGRES=1 / REQUIRE_WORDPRESS=1 /
 * REQUIRE_MEDIAWIKI=1 / REQUIRE_DOKUWIKI=1 / REQUIRE_SHAARLI=1 / REQUIRE_DOVECOT=1 / REQUIRE_MICROSOCKS=1 /
 * REQUIRE_GHOST=1 (CI) forbid the matching SKIP_….
 *
 * `node scripts/setup/setup.mjs` runs the set-up alone: prints the steps and the environment the
 * test stages would get, then stops a throwaway PostgreSQL it started (`--keep` leaves it running
 * for as long as the calling shell lives, for running single test files against it).
 */
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(import.meta.dirname, '../..');
const here = path.join(root, 'scripts', 'setup');

const flag = (name) => process.env[name] === '1';

/** The integration tests' peers: SKIP_/REQUIRE_{name}, their install script, what the step and its skipped tests are called. */
const PEERS = [
  { name: 'WORDPRESS', script: 'wordpress.sh', label: 'WordPress peers', tests: 'WordPress integration tests' },
  { name: 'MEDIAWIKI', script: 'mediawiki.sh', label: 'MediaWiki peers', tests: 'MediaWiki integration tests' },
  { name: 'DOKUWIKI', script: 'dokuwiki.sh', label: 'DokuWiki peers', tests: 'DokuWiki integration tests' },
  { name: 'SHAARLI', script: 'shaarli.sh', label: 'Shaarli peers', tests: 'Shaarli integration tests' },
  { name: 'DOVECOT', script: 'dovecot.sh', label: 'Dovecot peers', tests: 'Dovecot mail integration tests' },
  { name: 'MICROSOCKS', script: 'microsocks.sh', label: 'microsocks', tests: 'SOCKS5 proxy tests' },
  { name: 'GHOST', script: 'ghost.sh', label: 'Ghost peers', tests: 'Ghost integration tests', background: true },
];

function seconds(ms) {
  const s = ms / 1000;
  return s < 10 ? `${s.toFixed(1)} s` : `${Math.round(s)} s`;
}

/** Runs one step: stderr shows live; stdout carries `result:` and `env:` lines (scripts/setup/lib.sh). */
function step(label, command, args, env, ownerPid) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...env, LINKLOOM_SETUP_OWNER_PID: String(ownerPid) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      process.stderr.write(chunk);
    });
    child.on('close', (code, signal) => {
      const took = seconds(performance.now() - started);
      const lines = stdout.split('\n');
      const result = lines.find((line) => line.startsWith('result: '))?.slice('result: '.length) ?? 'done';
      const vars = Object.fromEntries(
        lines.filter((line) => line.startsWith('env: ')).map((line) => {
          const [name, ...value] = line.slice('env: '.length).split('=');
          return [name, value.join('=')];
        }),
      );
      if (code === 0) {
        process.stdout.write(`setup: ${label} ${result} (${took})\n`);
        resolve({ ok: true, vars });
      } else {
        const reason = stderr.trim().split('\n').filter(Boolean).at(-1) ?? (signal ? `killed by ${signal}` : `exit code ${code}`);
        process.stdout.write(`setup: ${label} FAILED (${took}): ${reason}\n`);
        resolve({ ok: false, reason });
      }
    });
    child.on('error', (error) => {
      process.stdout.write(`setup: ${label} FAILED: ${error.message}\n`);
      resolve({ ok: false, reason: error.message });
    });
  });
}

/**
 * Runs every step. Returns the environment for the test stages, the stages that failed, what was
 * skipped on purpose, whether the browser tests can run, `ready()` (resolves when the installs left
 * running in the background have ended; `env` and `failures` are final then) and `teardown()` (call
 * it when the run ends, also on interruption; it is synchronous).
 */
export async function setUp({ ownerPid = process.pid } = {}) {
  const env = { ...process.env };
  const failures = [];
  const skipped = [];
  const cleanups = [];
  /** Installs still running (peers marked `background`): ready() waits for them. */
  const background = [];
  process.stdout.write('\n=== setup: what the tests need on this machine\n');

  /** SKIP_X=1 skips on purpose, unless REQUIRE_X=1 (CI) forbids it. */
  function skipWanted(skipVar, requireVar) {
    if (!flag(skipVar)) return false;
    if (requireVar && flag(requireVar)) {
      failures.push(`setup (${requireVar}=1 and ${skipVar}=1 contradict each other)`);
      delete env[skipVar];
      return false;
    }
    return true;
  }

  let browser = false;
  if (skipWanted('SKIP_E2E')) {
    skipped.push('browser tests (SKIP_E2E=1)');
    process.stdout.write('setup: Chromium skipped on purpose (SKIP_E2E=1)\n');
  } else {
    const chromium = await step('Chromium', 'bash', [path.join(here, 'chromium.sh')], env, ownerPid);
    if (chromium.ok) browser = true;
    else failures.push(`setup: Chromium (${chromium.reason})`);
  }

  if (skipWanted('SKIP_POSTGRES', 'REQUIRE_POSTGRES')) {
    skipped.push('PostgreSQL half of the API tests (SKIP_POSTGRES=1)');
    delete env.REQUIRE_POSTGRES;
    process.stdout.write('setup: PostgreSQL skipped on purpose (SKIP_POSTGRES=1)\n');
  } else {
    const postgres = await step('PostgreSQL', 'bash', [path.join(here, 'postgres.sh'), 'ensure'], env, ownerPid);
    if (postgres.ok) {
      env.TEST_DATABASE_URL = postgres.vars.TEST_DATABASE_URL ?? env.TEST_DATABASE_URL;
      env.REQUIRE_POSTGRES = '1';
      const dir = postgres.vars.LINKLOOM_PG_THROWAWAY;
      if (dir) cleanups.push({ label: 'PostgreSQL', what: `stopped the throwaway cluster in ${dir}`, command: 'bash', args: [path.join(here, 'postgres.sh'), 'stop', dir] });
    } else {
      failures.push(`setup: PostgreSQL (${postgres.reason})`);
      // The SQLite half of the API suite still runs; the PostgreSQL half says it is skipped.
      delete env.REQUIRE_POSTGRES;
    }
  }

  // The peers of the integration tests, each installed by its script's `install` (which refuses with
  // its SKIP_… variable, so those tests skip with that reason); a failure leaves its tests skipped.
  for (const peer of PEERS) {
    if (skipWanted(`SKIP_${peer.name}`, `REQUIRE_${peer.name}`)) {
      skipped.push(`${peer.tests} (SKIP_${peer.name}=1)`);
      delete env[`REQUIRE_${peer.name}`];
      process.stdout.write(`setup: ${peer.label} skipped on purpose (SKIP_${peer.name}=1)\n`);
      continue;
    }
    const install = ['bash', path.join(root, 'scripts', 'peers', peer.script), 'install'];
    // A background install runs niced: the stages that run meanwhile (lint, typecheck, unit, api) keep
    // the cores, and it takes what they leave (tsc uses one core of two). Unniced, Ghost's 6–12 minute
    // install slowed those stages by a third to a half.
    const [command, ...args] = peer.background ? ['nice', '-n', '15', ...install] : install;
    const installing = step(peer.label, command, args, env, ownerPid).then((installed) => {
      if (installed.ok) env[`REQUIRE_${peer.name}`] = '1';
      else {
        failures.push(`setup: ${peer.label} (${installed.reason})`);
        delete env[`REQUIRE_${peer.name}`];
      }
    });
    if (peer.background) {
      process.stdout.write(`setup: ${peer.label} installing in the background\n`);
      background.push(installing);
    } else await installing;
  }

  let tornDown = false;
  function teardown() {
    if (tornDown) return;
    tornDown = true;
    for (const cleanup of cleanups) {
      const started = performance.now();
      const result = spawnSync(cleanup.command, cleanup.args, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
      const took = seconds(performance.now() - started);
      process.stdout.write(`teardown: ${cleanup.label} ${result.status === 0 ? cleanup.what : 'FAILED to stop (a later run sweeps it)'} (${took})\n`);
    }
  }
  /** Resolves once every background install has ended (its failure, if any, is in `failures`). */
  const ready = () => Promise.all(background).then(() => undefined);
  return { env, failures, skipped, browser, teardown, ready };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const keep = process.argv.includes('--keep');
  // A kept throwaway cluster belongs to the calling shell: the next set-up sweeps it once that ends.
  const setup = await setUp({ ownerPid: keep ? process.ppid : process.pid });
  await setup.ready();
  const names = ['TEST_DATABASE_URL', 'REQUIRE_POSTGRES', 'SKIP_POSTGRES', ...PEERS.flatMap((peer) => [`REQUIRE_${peer.name}`, `SKIP_${peer.name}`]), 'SKIP_E2E'];
  for (const name of names) {
    const value = setup.env[name]?.replace(/\/\/([^:/@]*):[^@]*@/, '//$1:***@');
    if (value !== undefined) process.stdout.write(`env for the tests: ${name}=${value}\n`);
  }
  if (setup.failures.length) process.stdout.write(`Failed: ${setup.failures.join(', ')}\n`);
  if (setup.skipped.length) process.stdout.write(`Skipped on purpose: ${setup.skipped.join(', ')}\n`);
  if (keep) process.stdout.write('Kept running; stop a throwaway cluster with: bash scripts/setup/postgres.sh stop DIR\n');
  else setup.teardown();
  process.exit(setup.failures.length ? 1 : 0);
}
