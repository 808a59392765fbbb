// npm test: lint, type-check, every package's unit tests, a production build, then the
// Playwright e2e suite in Debian Chromium against the built site. Stops at the first failure.
// `node scripts/test.mjs start:prod` runs the opt-in end-to-end test of npm run start:prod.
import { execSync } from 'node:child_process';
import { root } from './stack.mjs';

const steps = [
  [
    'lint',
    'npx eslint . && npx stylelint "**/*.css" && npx prettier --check . && node scripts/i18n-check.mjs',
  ],
  ['type-check', 'npx lerna run typecheck --concurrency 2 --loglevel warn'],
  // No import circle inside any package (madge, issue #27).
  ['import circles', 'node scripts/check-cycles.mjs'],
  // Two packages at once: each package's jest keeps one worker on a 2-core machine, and the
  // packages' fixed ports are disjoint (api's servers take free ports), so they never collide.
  ['unit tests', 'npx lerna run test --ignore @jmswap/e2e --concurrency 2 --loglevel warn'],
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
  try {
    execSync(cmd, { cwd: root, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0' } });
  } catch {
    console.error(`\n=== ${name} FAILED ===`);
    process.exit(1);
  }
  console.log(`=== ${name} ok (${((Date.now() - started) / 1000).toFixed(0)} s) ===`);
}
