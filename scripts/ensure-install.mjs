// Installs what `npm start` / `npm test` need on a fresh machine: the npm dependencies
// (when node_modules is missing or older than package-lock.json) and, with --with-browser,
// Debian's Chromium (the benchmarks) and its headless shell (the e2e tests), and Debian's
// PostgreSQL server for the api's storage tests;
// --with-prod: what npm run start:prod runs, Debian's PostgreSQL and HAProxy.
// Nothing else is ever downloaded.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd) => execSync(cmd, { cwd: root, stdio: 'inherit' });

const marker = join(root, 'node_modules/.package-lock.json');
const lock = join(root, 'package-lock.json');
if (!existsSync(marker) || statSync(marker).mtimeMs < statSync(lock).mtimeMs) {
  console.log('[setup] installing npm dependencies');
  // `npm install`, not `npm ci`: the lockfile is written on one platform, and npm here leaves
  // other platforms' optional binaries (swc, anvil) out of it, which `npm ci` refuses.
  run('npm install --no-audit --no-fund');
}

// The full browser for the benchmarks, its headless shell for the e2e suite (a file without
// dependencies: readable before the npm install).
const { CHROMIUM, CHROMIUM_HEADLESS_SHELL } = createRequire(import.meta.url)(
  '../mf-config/src/chromium.js',
);
const browsers = [CHROMIUM.executablePath, CHROMIUM_HEADLESS_SHELL.executablePath];
if (process.argv.includes('--with-browser') && !browsers.every((b) => existsSync(b))) {
  console.log('[setup] installing Debian Chromium and its headless shell for the browser tests');
  const sudo = process.getuid && process.getuid() !== 0 ? 'sudo ' : '';
  const packages = 'chromium chromium-headless-shell';
  run(
    `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages}`,
  );
}

const hasPostgres = () =>
  existsSync('/usr/lib/postgresql') &&
  readdirSync('/usr/lib/postgresql').some((v) => existsSync(`/usr/lib/postgresql/${v}/bin/initdb`));
const withProd = process.argv.includes('--with-prod');
const wantsPostgres = ['--with-browser', '--with-postgres', '--with-prod'].some((f) =>
  process.argv.includes(f),
);
if (wantsPostgres && !hasPostgres()) {
  console.log('[setup] installing Debian PostgreSQL (the api storage tests, npm run start:prod)');
  const sudo = process.getuid && process.getuid() !== 0 ? 'sudo ' : '';
  run(
    `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql`,
  );
}

if (withProd && !existsSync('/usr/sbin/haproxy')) {
  console.log('[setup] installing Debian HAProxy (the api load balancer of npm run start:prod)');
  const sudo = process.getuid && process.getuid() !== 0 ? 'sudo ' : '';
  run(
    `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy`,
  );
}
