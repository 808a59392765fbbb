// npm test: lint, type-check, every package's unit tests, a production build, then the
// Playwright e2e suite in Debian Chromium against the built site. Stops at the first failure.
// `node scripts/test.mjs start:prod` runs the opt-in end-to-end test of npm run start:prod.
import { execSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './stack.mjs';

// Longest first (the packages' jest times in the 26 Nov CI run: api 361 s, devnet 192,
// shared-chain 108, mf-config 67, the rest 5-21 each): on two lanes the api's suite runs beside
// all the others instead of after most of them (under lerna it ended last: 558 s in all).
const UNIT_ORDER = ['api', 'devnet', 'shared-chain', 'mf-config', 'mfe-swap', 'shell'];

/**
 * Every package's unit tests, two packages at once (each package's jest keeps one worker on a
 * 2-core machine; the packages' fixed ports are disjoint and api's servers take free ports, so
 * they never collide). A package's output is printed when it ends, as lerna printed it.
 * Resolves false when one failed (the lanes start no other package after that).
 */
async function unitTests() {
  const { workspaces } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const withTests = workspaces.filter(
    (dir) =>
      dir !== 'e2e' &&
      JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')).scripts?.test,
  );
  const rank = (dir) => (UNIT_ORDER.includes(dir) ? UNIT_ORDER.indexOf(dir) : UNIT_ORDER.length);
  const queue = withTests.sort((a, b) => rank(a) - rank(b));
  let failed = false;
  const lane = async () => {
    while (queue.length && !failed) {
      const dir = queue.shift();
      const started = Date.now();
      const out = [];
      const code = await new Promise((resolve) => {
        const child = spawn('npm', ['test', '--silent'], {
          cwd: join(root, dir),
          env: { ...process.env, FORCE_COLOR: '0' },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        child.stdout.on('data', (d) => out.push(d));
        child.stderr.on('data', (d) => out.push(d));
        child.on('close', resolve);
      });
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      process.stdout.write(`\n--- ${dir} (${seconds} s${code ? ', FAILED' : ''}) ---\n`);
      process.stdout.write(Buffer.concat(out));
      if (code) failed = true;
    }
  };
  await Promise.all([lane(), lane()]);
  return !failed;
}

const steps = [
  [
    'lint',
    'npx eslint . && npx stylelint "**/*.css" && npx prettier --check . && node scripts/i18n-check.mjs',
  ],
  ['type-check', 'npx lerna run typecheck --concurrency 2 --loglevel warn'],
  // No import circle inside any package (madge, issue #27).
  ['import circles', 'node scripts/check-cycles.mjs'],
  ['unit tests', unitTests],
  // The e2e suite connects the local dev wallet, which only a JMSWAP_DEV_WALLET=1 build carries.
  [
    'build',
    'JMSWAP_DEV_WALLET=1 npx lerna run build --ignore @jmswap/e2e --concurrency 2 --loglevel warn',
  ],
  ['e2e (Chromium)', 'npm test -w @jmswap/e2e'],
  // Opt-in (named only): its own deploy builds take minutes when a source changed.
  ['start:prod', 'node --test scripts/start-prod.test.mjs', { optIn: true }],
];

const only = process.argv.slice(2);
for (const [name, cmd, { optIn = false } = {}] of steps) {
  if (only.length ? !only.some((o) => name.startsWith(o)) : optIn) continue;
  const started = Date.now();
  console.log(`\n=== ${name} ===`);
  let ok = true;
  if (typeof cmd === 'function') ok = await cmd();
  else
    try {
      execSync(cmd, { cwd: root, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0' } });
    } catch {
      ok = false;
    }
  if (!ok) {
    console.error(`\n=== ${name} FAILED ===`);
    process.exit(1);
  }
  console.log(`=== ${name} ok (${((Date.now() - started) / 1000).toFixed(0)} s) ===`);
}
