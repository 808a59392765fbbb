// npm test: lint, type-check, every package's unit tests, a production build, then the
// Playwright e2e suite in Debian Chromium against the built site. Stops at the first failure.
// `node scripts/test.mjs start:prod` runs the opt-in end-to-end test of npm run start:prod.
//
// On two cores the steps overlap (figures: docs/benchmarks.md, "The whole suite"): lint,
// type-check and the import circles run together; the unit tests run beside them and the build,
// from the start; the e2e suite starts when both have ended, alone, so its per-test times stay
// comparable with other runs. Every step is CPU-bound on two cores (the unit tests alone keep
// 1.65 cores busy), so the order changes little of the total: only less work does.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildApps, root } from './stack.mjs';

// Longest first (the packages' jest times in the 26 Nov CI run: api 385 s, devnet 178,
// shared-chain 108, mf-config 60, the rest 6-22 each). The api's suite is as long as all the
// others together, so it runs as two jest shards (`--shard`; its servers, chains and PostgreSQL
// take free ports and temporary folders, so two at once never collide), and three lanes run
// beside one another: on two lanes the unit step (552 s at b3c7166) outlasted the build beside
// it (364 s) by three minutes on the critical path.
const UNIT_ORDER = ['api', 'devnet', 'shared-chain', 'mf-config', 'mfe-swap', 'shell'];
/** Packages whose jest suite runs as this many shards, each a queue item of its own. */
const UNIT_SHARDS = { api: Number(process.env.JMSWAP_API_SHARDS ?? 2) };
/** Unit test packages running at once. */
const UNIT_LANES = Number(process.env.JMSWAP_UNIT_LANES ?? 3);
/**
 * The unit tests' CPU priority beside the checks and the build (`nice -n`; 0: none). Each
 * package runs in a session of its own (detached), and where Linux groups sessions
 * (`/proc/sys/kernel/sched_autogroup_enabled`) the scheduler shares the CPU between the groups
 * first, whatever the nice values inside: there the unit tests get a fair share anyway.
 */
const UNIT_NICE = Number(process.env.JMSWAP_UNIT_NICE ?? 10);

const seconds = (since) => ((Date.now() - since) / 1000).toFixed(0);
const env = { ...process.env, FORCE_COLOR: '0' };
/** The process groups of the steps running in the background (stopped on a failure or Ctrl-C). */
const running = new Set();

/**
 * Runs `cmd` (a shell command); its output goes to the terminal, or, with `collect`, into the
 * returned `output` (printed by the caller when the step ends, so that steps running together
 * do not mix their lines), the command then in its own process group (stopped on a failure or
 * Ctrl-C). Resolves { ok, output }.
 */
function run(cmd, { cwd = root, collect = false, nice = 0 } = {}) {
  const args = nice ? ['nice', '-n', String(nice), 'sh', '-c', cmd] : ['sh', '-c', cmd];
  const child = spawn(args[0], args.slice(1), {
    cwd,
    env,
    detached: collect,
    stdio: ['ignore', collect ? 'pipe' : 'inherit', collect ? 'pipe' : 'inherit'],
  });
  if (collect) running.add(child);
  const out = [];
  child.stdout?.on('data', (d) => out.push(d));
  child.stderr?.on('data', (d) => out.push(d));
  return new Promise((resolve) => {
    child.on('error', (e) => out.push(Buffer.from(String(e))));
    child.on('close', (code) => {
      running.delete(child);
      resolve({ ok: code === 0, output: Buffer.concat(out) });
    });
  });
}

function stopAll() {
  for (const child of running)
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
}
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => {
    stopAll();
    process.exit(130);
  });

/**
 * Every package's unit tests, UNIT_LANES packages (or shards) at once (each package's jest keeps
 * one worker on a 2-core machine; the packages' fixed ports are disjoint, away from the e2e
 * suite's 9070-9090 and 9545-9549, and api's servers take free ports, so they never collide). A
 * package's output is handed to `report` when it ends. Resolves false when one failed (the lanes
 * start no other package after that).
 */
async function unitTests({ nice = 0, report }) {
  const { workspaces } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const withTests = workspaces.filter(
    (dir) =>
      dir !== 'e2e' &&
      JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')).scripts?.test,
  );
  const rank = (dir) => (UNIT_ORDER.includes(dir) ? UNIT_ORDER.indexOf(dir) : UNIT_ORDER.length);
  const queue = withTests
    .sort((a, b) => rank(a) - rank(b))
    .flatMap((dir) => {
      const shards = UNIT_SHARDS[dir] ?? 1;
      if (shards < 2) return [{ dir, name: dir, cmd: 'npm test --silent' }];
      return Array.from({ length: shards }, (_, i) => ({
        dir,
        name: `${dir} ${i + 1}/${shards}`,
        cmd: `npm test --silent -- --shard=${i + 1}/${shards}`,
      }));
    });
  let failed = false;
  const lane = async () => {
    while (queue.length && !failed) {
      const { dir, name, cmd } = queue.shift();
      const started = Date.now();
      const { ok, output } = await run(cmd, { cwd: join(root, dir), collect: true, nice });
      report(`\n--- ${name} (${seconds(started)} s${ok ? '' : ', FAILED'}) ---\n`, output);
      if (!ok) failed = true;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, UNIT_LANES) }, lane));
  return !failed;
}

const LINT =
  'npx eslint . && npx stylelint "**/*.css" && npx prettier --check . && node scripts/i18n-check.mjs';
const checks = [
  ['lint', LINT],
  ['type-check', 'npx lerna run typecheck --concurrency 2 --loglevel warn'],
  // No import circle inside any package (madge).
  ['import circles', 'node scripts/check-cycles.mjs'],
  // Every e2e money flow checked on chain; no focused test.
  [
    'money flows',
    'node --test scripts/check-money-flows.test.mjs && node scripts/check-money-flows.mjs',
  ],
  // READMEs within their sizes; no text names an issue.
  ['docs', 'node --test scripts/check-docs.test.mjs && node scripts/check-docs.mjs'],
  // Every installed package runs on the oldest Node package.json names.
  ['engines', 'node --test scripts/check-engines.test.mjs && node scripts/check-engines.mjs'],
];

/**
 * The e2e suite connects the local dev wallet, which only a JMSWAP_DEV_WALLET=1 build carries.
 * What `npm start` builds (the shell, the remotes, the widget SDK); not the type-check-only
 * builds of shared-chain and the api (`tsc`, the type-check step's).
 */
const buildSite = () =>
  buildApps().then(
    () => true,
    () => false,
  );
const only = process.argv.slice(2);
const wanted = (name, optIn = false) =>
  only.length ? only.some((o) => name.startsWith(o)) : !optIn;
const begun = Date.now();
const fail = (name) => {
  console.error(`\n=== ${name} FAILED ===`);
  stopAll();
  process.exit(1);
};
const done = (name, since) => console.log(`=== ${name} ok (${seconds(since)} s) ===`);

const checking = checks.filter(([name]) => wanted(name));
const foreground = ['build', 'e2e (Chromium)'].filter((name) => wanted(name));

// The unit tests beside the checks and the build, not beside the e2e suite: in the fresh-clone
// run of 3c69139 they made 51 e2e tests more than 10% slower (csp and charts tests twice as
// slow) for a minute saved, and the e2e tests' times are what the suite's comparisons read. They start
// with the checks (they need only the devnet's contracts), so that they end before the build
// does instead of three minutes after it. Their output is held until the e2e suite would start
// (or they end with nothing else running), then printed package by package.
let held = [];
const report = (title, output) => {
  if (held) held.push([title, output]);
  else process.stdout.write(Buffer.concat([Buffer.from(title), output]));
};
const flush = () => {
  for (const [title, output] of held ?? [])
    process.stdout.write(Buffer.concat([Buffer.from(title), output]));
  held = null;
};
const besideWhat = [checking.length && 'the checks', foreground.includes('build') && 'the build']
  .filter(Boolean)
  .join(' and ');
const beside = besideWhat !== '';
let unitStarted;
let unit = Promise.resolve(true);
const startUnit = () => {
  if (!wanted('unit tests') || unitStarted) return;
  unitStarted = Date.now();
  const nice = beside ? UNIT_NICE : 0;
  console.log(
    nice
      ? `\n=== unit tests (beside ${besideWhat}, nice ${nice}; their output when those end) ===`
      : '\n=== unit tests ===',
  );
  if (!beside) flush();
  unit = unitTests({ nice, report });
};

// The devnet's contracts first: the unit tests and the e2e setup read them (and would both
// compile them at once when missing).
if (wanted('build') || wanted('unit tests')) {
  const started = Date.now();
  if (!(await run('node devnet/scripts/compile.mjs')).ok) fail('contracts');
  console.log(`=== contracts ok (${seconds(started)} s) ===`);
}
startUnit();

// Lint, type-check and import circles together; each step's output when it ends.
if (checking.length) {
  const together = checking.length > 1 ? ' (together)' : '';
  console.log(`\n=== ${checking.map(([name]) => name).join(', ')}${together} ===`);
  const results = await Promise.all(
    checking.map(async ([name, cmd]) => {
      const started = Date.now();
      const result = await run(cmd, { collect: true });
      const took = seconds(started);
      console.log(`\n--- ${name} (${took} s) ---`);
      process.stdout.write(result.output);
      return { name, took, ...result };
    }),
  );
  for (const { name, ok, took } of results) if (ok) console.log(`=== ${name} ok (${took} s) ===`);
  const failed = results.find((r) => !r.ok);
  if (failed) fail(failed.name);
}

let unitDone = false;
const finishUnit = async () => {
  flush();
  if (!(await unit)) fail('unit tests');
  if (wanted('unit tests') && !unitDone) done('unit tests', unitStarted);
  unitDone = true;
};
// Once the site is built, what the e2e suite would otherwise set up first (its chains seeded
// and saved) is made beside the end of the unit tests, which mostly wait on their chains and
// databases; the suite then restores it in seconds. The extra builds some specs load are made by
// the suite itself, in the background at a lower priority (e2e/fixtures/extra-builds.ts).
let preparing;
const startPrepare = () => {
  if (!wanted('e2e (Chromium)')) return;
  const started = Date.now();
  preparing = run('node e2e/scripts/prepare.mjs', { collect: true }).then((result) => ({
    ...result,
    took: seconds(started),
  }));
};
const finishPrepare = async () => {
  if (!preparing) return;
  const { ok, output, took } = await preparing;
  console.log(`\n--- e2e setup made ahead (${took} s) ---`);
  process.stdout.write(output);
  if (!ok) fail('e2e setup');
};
for (const name of foreground) {
  if (name === 'e2e (Chromium)') {
    await finishUnit();
    await finishPrepare();
  }
  const started = Date.now();
  console.log(`\n=== ${name} ===`);
  const ok = name === 'build' ? await buildSite() : (await run('npm test -w @jmswap/e2e')).ok;
  if (!ok) {
    flush();
    fail(name);
  }
  done(name, started);
  if (name === 'build') startPrepare();
}
await finishUnit();

// Opt-in (named only): its own deploy builds take minutes when a source changed.
if (wanted('start:prod', true)) {
  const started = Date.now();
  console.log('\n=== start:prod ===');
  const steps =
    'node scripts/ensure-install.mjs --with-prod && node --test scripts/supervisor.test.mjs scripts/start-prod.test.mjs';
  if (!(await run(steps)).ok) fail('start:prod');
  done('start:prod', started);
}
console.log(`\n=== all steps ok (${seconds(begun)} s) ===`);
