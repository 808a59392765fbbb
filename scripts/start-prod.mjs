// npm run start:prod: the whole site run the way production runs it, on this machine.
// - Deploy builds (no dev wallet) of the shell, the widget SDK and every remote, copied to
//   .run/prod/www/<app>/ as to a static host (so a later `npm start` build cannot change them).
// - One jmswap-serve process per app with production settings: no source maps, its CSP and
//   cache headers, a metrics listener.
// - A PostgreSQL server of its own (data in .run/prod/pg) and two api instances on it, behind
//   HAProxy (deploy/haproxy/jmswap-api.cfg): networks.json's api.url names the balancer.
// - A supervisor: an api, a static server or the balancer that dies is started again, with a
//   delay that doubles while it keeps dying (supervisor.mjs), said in the terminal and its log.
// - The local chains (devnet), on ports of their own: the local stack has no public chains.
// - One config folder, JMSWAP_CONFIG_DIR (default .run/prod/config), read by every server:
//   remotes.json, networks.json, widget.json, written only when absent.
// - Logs: one file per process in .run/prod/logs/, JSON lines at info.
// Ports: PROD_PORTS in ports.mjs, away from npm start's and the e2e suite's.
//   --no-build    serve what the last start:prod deployed
//   --build-only  build and deploy, then exit
//   --fresh       seed the chains again (as npm start -- --fresh)
// Ctrl-C (SIGINT, SIGTERM, SIGHUP) stops everything: the servers, the apis (they drain), the
// chains, then PostgreSQL, and leaves no process behind.
import { closeSync, cpSync, existsSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { compile } from '../devnet/scripts/compile.mjs';
import { buildApps, root, startApi, startDevnet, writeRuntimeConfig } from './stack.mjs';
import { PROD_PORTS, prodStackPorts, takenPorts } from './ports.mjs';
import { postgresRunning, startPostgres, stopPostgres } from './postgres.mjs';
import { balancerEnv, startLoadBalancer } from './load-balancer.mjs';
import { supervise } from './supervisor.mjs';

// The deploy builds write each app's dist-deploy/ (`build:deploy`), never the dist/ folders a
// running `npm start` serves; the release records, pins and widget SDK are read from there too.
process.env.JMSWAP_DIST_DIR = 'dist-deploy';
const require = createRequire(import.meta.url);
const mf = require('@jmswap/mf-config');

const startedAt = Date.now();
const FLAGS = ['--no-build', '--build-only', '--fresh'];
const argv = process.argv.slice(2);
if (argv.some((a) => !FLAGS.includes(a))) {
  console.error(`usage: npm run start:prod [-- ${FLAGS.map((f) => `[${f}]`).join(' ')}]`);
  process.exit(2);
}
const skipBuild = argv.includes('--no-build');
const buildOnly = argv.includes('--build-only');
const fresh = argv.includes('--fresh');

const PROD = join(root, '.run/prod');
const configDir = resolve(process.env.JMSWAP_CONFIG_DIR || join(PROD, 'config'));
const wwwDir = join(PROD, 'www');
const logDir = join(PROD, 'logs');
const pgDir = join(PROD, 'pg');
/** The networks.json the local chains wrote (the config folder's is copied from it). */
const chainsFile = join(PROD, 'chains/networks.json');
const LOG_LEVEL = process.env.LOG_LEVEL || 'info';
const API_URLS = PROD_PORTS.api.map((port) => `http://localhost:${port}`);
/** What browsers call: the load balancer in front of the instances. */
const API_URL = `http://localhost:${PROD_PORTS.balancer}`;
const BALANCER_ENV = balancerEnv({
  port: PROD_PORTS.balancer,
  adminPort: PROD_PORTS.balancerAdmin,
  apiPorts: PROD_PORTS.api,
});
const SHELL_URL = `http://localhost:${PROD_PORTS.apps.shell}`;

const say = (line) => console.log(`[start:prod] ${line}`);
const seconds = (from) => ((Date.now() - from) / 1000).toFixed(1);
const rel = (p) => relative(root, p) || '.';
const openLog = (name) => openSync(join(logDir, `${name}.log`), 'a');

// ---------------------------------------------------------------------------------------------
// Children and stopping. Every child runs in its own process group (detached), so that a
// Ctrl-C reaches this process alone and everything stops in order: the apis finish what is
// in flight while the database is still up, the chains after them, PostgreSQL last.

/** @type {{ name: string, child: import('node:child_process').ChildProcess }[]} */
const children = [];
/** The supervised processes (supervisor.mjs): stopped from restarting before anything stops. */
const supervisors = [];
let pgStarted = false;
let stopping;

/** Every process started, for stopping; `supervised` ones are told of by their supervisor. */
function track(name, child, { supervised = false } = {}) {
  children.push({ name, child });
  child.once('exit', (code, signal) => {
    const at = children.findIndex((c) => c.child === child);
    if (at >= 0 && supervised) children.splice(at, 1);
    if (stopping || supervised) return;
    console.error(
      `[start:prod] ${name} exited (${signal ?? `code ${code}`}); see ${rel(join(logDir, `${logName(name)}.log`))}`,
    );
  });
}
const logName = (name) => name.replace(/ /g, '-');

/**
 * Tells of a supervised process's deaths and restarts in the terminal and in its own log file
 * (a JSON line, as the api's and the static servers' own lines).
 */
function supervisorSays(name) {
  const fd = openLog(logName(name));
  return (line, level) => {
    (level === 'warn' ? console.error : console.log)(`[start:prod] ${line}`);
    const entry = { level: level === 'warn' ? 40 : 30, time: Date.now(), service: 'supervisor' };
    writeSync(fd, JSON.stringify({ ...entry, msg: line }) + '\n');
  };
}

/** Starts `name` with `start(onSpawn)` under a supervisor; resolves once it first runs. */
async function supervised(name, start) {
  const supervisor = await supervise({
    name,
    say: supervisorSays(name),
    start: () => start((child) => track(name, child, { supervised: true })),
  });
  supervisors.push(supervisor);
  return supervisor;
}

const killGroup = (child, signal) => {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // gone already
  }
};

/** Sends `signal` to the child's group; SIGKILL after `ms`; resolves once it exited. */
function terminate({ child }, signal, ms) {
  return new Promise((done) => {
    const finish = () => {
      clearTimeout(timer);
      killGroup(child, 'SIGKILL'); // anything the child left in its group (a chain)
      done();
    };
    const timer = setTimeout(() => killGroup(child, 'SIGKILL'), ms);
    if (child.exitCode !== null || child.signalCode !== null) return finish();
    child.once('exit', finish);
    killGroup(child, signal);
  });
}

function stopAll(code) {
  stopping ??= (async () => {
    say('stopping ...');
    for (const supervisor of supervisors) supervisor.stop();
    const chains = children.filter((c) => c.name === 'devnet');
    const rest = children.filter((c) => c.name !== 'devnet');
    // The apis drain within API_SHUTDOWN_TIMEOUT_MS (10 s): a little more before SIGKILL.
    await Promise.all(rest.map((c) => terminate(c, 'SIGTERM', 15000)));
    await Promise.all(chains.map((c) => terminate(c, 'SIGINT', 10000)));
    if (pgStarted) {
      try {
        stopPostgres(pgDir);
        pgStarted = false;
      } catch (error) {
        console.error(`[start:prod] PostgreSQL did not stop: ${error.message}`);
        code = 1;
      }
    }
    say(`stopped${code ? ' (with errors)' : ''}`);
    process.exit(code);
  })();
  return stopping;
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'])
  process.on(signal, () => {
    if (stopping) say('still stopping (the apis drain for up to 10 s)');
    void stopAll(0);
  });
process.on('uncaughtException', (error) => {
  console.error('[start:prod] failed:', error);
  void stopAll(1);
});
// Last resort (an exit nobody planned): no process outlives this one.
process.on('exit', () => {
  for (const { child } of children)
    if (child.exitCode === null && child.signalCode === null) killGroup(child, 'SIGKILL');
  if (pgStarted)
    try {
      stopPostgres(pgDir);
    } catch {
      // nothing more to do
    }
});

async function fail(message) {
  console.error(`[start:prod] ${message}`);
  await stopAll(1);
}

// ---------------------------------------------------------------------------------------------
// Build and deploy.

/** The version folders a remote's build writes (its package version). */
const remoteVersion = (app) => mf.appVersion(app);

/**
 * Copies what the build wrote to the static hosts' folders, every file (the .gz/.br twins, the
 * source maps the servers keep to themselves, the release records): the shell's app and widget,
 * each remote's version folder. A folder is swapped in whole, never half copied.
 */
function deploy() {
  const copies = [
    ['shell', join(mf.distDir('shell'), 'app'), join(wwwDir, 'shell/app')],
    ['shell', join(mf.distDir('shell'), 'widget'), join(wwwDir, 'shell/widget')],
    ...mf.REMOTE_APPS.map((app) => [
      app,
      join(mf.distDir(app), remoteVersion(app)),
      join(wwwDir, app, remoteVersion(app)),
    ]),
  ];
  for (const [app, from, to] of copies) {
    if (!existsSync(from)) throw new Error(`${app}: ${rel(from)} was not built`);
    // A dot folder beside it: the servers never serve dotfiles.
    const staging = join(dirname(to), `.deploy-${basename(to)}-${process.pid}`);
    rmSync(staging, { recursive: true, force: true });
    cpSync(from, staging, { recursive: true });
    rmSync(to, { recursive: true, force: true });
    renameSync(staging, to);
  }
}

async function buildAndDeploy() {
  const started = Date.now();
  const logFile = join(logDir, 'build.log');
  const output = openSync(logFile, 'w');
  say(`building the deploy builds (no dev wallet); output in ${rel(logFile)}`);
  try {
    await buildApps({ deploy: true, output });
  } catch (error) {
    const tail = readFileSync(logFile, 'utf8').trim().split('\n').slice(-30).join('\n');
    throw new Error(`${error.message}:\n${tail}`);
  } finally {
    closeSync(output);
  }
  // Each remote version gets its release record (the shell runs only pinned code).
  for (const app of mf.REMOTE_APPS) mf.pinLocalVersion(mf.APPS[app].remoteKey, remoteVersion(app));
  deploy();
  say(`built and deployed to ${rel(wwwDir)}/ in ${seconds(started)} s`);
}

function checkDeployed() {
  const missing = [
    join(wwwDir, 'shell/app/index.html'),
    ...mf.REMOTE_APPS.map((app) => join(wwwDir, app, remoteVersion(app), 'mf-manifest.json')),
  ].filter((file) => !existsSync(file));
  if (missing.length)
    throw new Error(
      `--no-build: nothing deployed yet (${missing.map(rel).join(', ')}): run it without --no-build`,
    );
}

// ---------------------------------------------------------------------------------------------
// The config folder.

/** npm start's remotes.json with each remote's base moved to its start:prod server. */
function prodRemotesFile() {
  let text = JSON.stringify(mf.defaultRemotesFile());
  for (const app of mf.REMOTE_APPS)
    text = text.replaceAll(
      `http://localhost:${mf.APPS[app].port}`,
      `http://localhost:${PROD_PORTS.apps[app]}`,
    );
  return JSON.parse(text);
}

function writeDefaultConfig() {
  const written = writeRuntimeConfig({
    dir: configDir,
    remotes: prodRemotesFile(),
    // No partner page runs here: add the partners' origins to embed the widget.
    widget: { allowedHosts: [] },
  });
  for (const file of written) say(`wrote the default ${rel(file)}`);
}

/**
 * Pins, in remotes.json, the release record of every version it names that is deployed in
 * .run/prod/www (the shell refuses a remote's code without one), with the preload hints of its
 * screen's files, as `remote:use` writes them (without them the html's head script waits for
 * the manifest and the record before it can start the screen's files: a round trip later);
 * other pins and hints stay as they are.
 */
function pinDeployed() {
  const file = mf.readRemotesFile(configDir);
  for (const [key, entry] of Object.entries(file.remotes ?? {})) {
    const app = mf.remoteApp(key);
    if (!app || !entry || typeof entry !== 'object') continue;
    const fresh = {};
    const hints = {};
    for (const version of [entry.version, entry.fallbackVersion, entry.canary?.version]) {
      const folder = typeof version === 'string' && join(wwwDir, app, version);
      if (!folder || !existsSync(join(folder, mf.RECORD_FILE))) continue;
      fresh[version] = mf.recordPin(folder);
      const files = mf.readPreloadHints(folder, key);
      if (files) hints[version] = files;
    }
    entry.integrity = mf.keptPins(entry, fresh);
    const preload = { ...entry.preload, ...hints };
    for (const version of Object.keys(preload))
      if (!entry.integrity[version]) delete preload[version];
    if (Object.keys(preload).length) entry.preload = preload;
    else delete entry.preload;
  }
  mf.writeRemotesFile(file, configDir);
}

/**
 * networks.json: the chains' own when the folder has none. One that is there is the operator's
 * and stays; a difference from the running chains is said (delete the file to take theirs).
 */
function syncNetworksFile() {
  const target = join(configDir, 'networks.json');
  const chains = JSON.parse(readFileSync(chainsFile, 'utf8'));
  if (!existsSync(target)) {
    writeFileSync(target, JSON.stringify(chains, null, 2) + '\n');
    say(`wrote the default ${rel(target)} (the local chains, api ${API_URL})`);
    return;
  }
  let current;
  try {
    current = JSON.parse(readFileSync(target, 'utf8'));
  } catch (error) {
    throw new Error(`${rel(target)} is not JSON (${error.message}): fix it or delete it`);
  }
  const differ = Object.keys(chains.networks).filter(
    (id) => JSON.stringify(current.networks?.[id]) !== JSON.stringify(chains.networks[id]),
  );
  if (differ.length)
    say(
      `${rel(target)} differs from the local chains for ${differ.join(', ')}: kept as it is` +
        ` (delete it to use ${rel(chainsFile)})`,
    );
}

// ---------------------------------------------------------------------------------------------
// The servers.

/** PostgreSQL, the chains, then the two api instances on both; resolves once both are ready. */
async function startBackend() {
  const started = Date.now();
  pgStarted = true;
  const pg = startPostgres({
    dir: pgDir,
    port: PROD_PORTS.postgres,
    logFile: join(logDir, 'postgres.log'),
  });
  say(`PostgreSQL ready in ${seconds(started)} s`);

  const devnetLog = openLog('devnet');
  const chainPorts = Object.entries(PROD_PORTS.devnet).map(([chain, port]) => `${chain}=${port}`);
  await startDevnet({
    fresh,
    args: ['--ports', chainPorts.join(','), '--config', chainsFile, '--api-url', API_URL],
    log: (chunk) => writeSync(devnetLog, chunk),
    stderr: devnetLog,
    detached: true,
    onSpawn: (child) => track('devnet', child),
  });
  say(`local chains ready in ${seconds(started)} s`);
  syncNetworksFile();

  // Both index the chains; one writes each network (advisory lock), the other takes over
  // when it goes. Each is ready once every network is indexed to its head.
  await Promise.all(
    PROD_PORTS.api.map((port, i) => {
      const output = openLog(`api-${i + 1}`);
      // The local chains start again from their saved seed, so what PostgreSQL kept from the
      // last run is not on them: api 1's first start indexes every network again (listing
      // requests kept), as npm start does; a restart by the supervisor does not.
      let reindex = i === 0;
      return supervised(`api ${i + 1}`, (onSpawn) =>
        startApi({
          port,
          networksFile: join(configDir, 'networks.json'),
          dataDir: join(PROD, 'api-data'), // unused: DATABASE_URL wins
          // Behind the balancer on this host: X-Forwarded-For names the browser.
          env: { DATABASE_URL: pg.url, LOG_LEVEL, API_TRUST_PROXY: 'loopback' },
          args: [
            '--admin-port',
            String(PROD_PORTS.apiAdmin[i]),
            ...(reindex ? ['--reindex-all'] : []),
          ],
          output,
          detached: true,
          onSpawn: (child) => {
            reindex = false;
            onSpawn(child);
          },
        }).then(({ child }) => child),
      );
    }),
  );
  say(`api instances ready in ${seconds(started)} s`);
  const balancerLog = openLog('haproxy');
  await supervised('load balancer', (onSpawn) =>
    startLoadBalancer({ env: BALANCER_ENV, output: balancerLog, detached: true, onSpawn }),
  );
  say(`load balancer ready on ${API_URL}`);
  return pg;
}

/** One `jmswap-serve` per app, as production runs them; resolves once each answers. */
async function serveApps() {
  const cli = join(mf.repoRoot, 'mf-config/src/serve-cli.js');
  await Promise.all(
    Object.entries(PROD_PORTS.apps).map(async ([app, port]) => {
      const args = [cli, '--app', app, '--port', String(port)];
      args.push('--metrics-port', String(PROD_PORTS.metrics[app]), '--dist', join(wwwDir, app));
      const log = openLog(app);
      await supervised(app, async (onSpawn) => {
        const child = spawn(process.execPath, args, {
          cwd: root,
          env: { ...process.env, JMSWAP_CONFIG_DIR: configDir, LOG_LEVEL },
          stdio: ['ignore', log, log],
          detached: true,
        });
        onSpawn(child);
        const deadline = Date.now() + 30000;
        for (;;) {
          if (child.exitCode !== null || child.signalCode !== null)
            throw new Error(`${app} exited: see ${rel(join(logDir, `${app}.log`))}`);
          const up = await fetch(`http://127.0.0.1:${port}/config/remotes.json`)
            .then((r) => r.ok)
            .catch(() => false);
          if (up) return child;
          if (Date.now() > deadline) {
            killGroup(child, 'SIGKILL');
            throw new Error(`${app} did not answer on :${port}`);
          }
          await new Promise((r) => setTimeout(r, 200));
        }
      });
    }),
  );
}

/** Which instance writes the indexes (/ready says it per network). */
async function writers() {
  const names = [];
  for (const [i, url] of API_URLS.entries()) {
    const body = await fetch(`${url}/ready`)
      .then((r) => r.json())
      .catch(() => undefined);
    if (Object.values(body?.networks ?? {}).some((n) => n.writer)) names.push(`api ${i + 1}`);
  }
  return names.join(' and ') || 'none yet';
}

// ---------------------------------------------------------------------------------------------

for (const dir of [configDir, wwwDir, logDir]) mkdirSync(dir, { recursive: true });

if (!buildOnly) {
  if (postgresRunning(pgDir)) {
    say('an earlier start:prod left its PostgreSQL running: stopping it');
    stopPostgres(pgDir);
  }
  const taken = await takenPorts(prodStackPorts());
  if (taken.length > 0) {
    console.error(`[start:prod] cannot start: ports it needs are taken.`);
    for (const { message } of taken) console.error(message);
    console.error('[start:prod] nothing was started.');
    process.exit(1);
  }
}

// The contracts first: the build and the chains both read devnet/artifacts.
compile({ quiet: true });
const build = skipBuild ? Promise.resolve().then(checkDeployed) : buildAndDeploy();
if (buildOnly) {
  await build.catch((error) => fail(`the build failed: ${error.message}`));
  process.exit(0);
}
writeDefaultConfig();

// The build and the database + chains + apis do not depend on each other: side by side, and
// the first failure stops everything.
const failOn = (promise, what) => promise.catch((error) => fail(`${what}: ${error.message}`));
const [, pg] = await Promise.all([
  failOn(build, 'the build failed; nothing is served'),
  failOn(startBackend(), 'nothing is served'),
]);
pinDeployed();
try {
  await serveApps();
} catch (error) {
  await fail(`could not serve the apps: ${error.message}`);
}

const rows = [
  ['site', `${SHELL_URL}/  (widget ${SHELL_URL}/widget)`],
  ...Object.entries(PROD_PORTS.apps)
    .filter(([app]) => app !== 'shell')
    .map(([app, port]) => [app, `http://localhost:${port}/${remoteVersion(app)}/`]),
  ['api', `${API_URL}/v1/info  (HAProxy; http://127.0.0.1:${PROD_PORTS.balancerAdmin}/stats)`],
  ...API_URLS.flatMap((url, i) => [
    [`api ${i + 1}`, `${url}/v1/info  ${url}/health  ${url}/ready`],
    ['', `http://127.0.0.1:${PROD_PORTS.apiAdmin[i]}/metrics`],
  ]),
  [
    'static metrics',
    `http://127.0.0.1:${PROD_PORTS.metrics.shell}/metrics (shell) ... :${Math.max(...Object.values(PROD_PORTS.metrics))}`,
  ],
  ['PostgreSQL', pg.url],
  ['config', `${configDir}/  (remotes.json, networks.json, widget.json)`],
  ['logs', `${logDir}/`],
];
console.log('\nJMSwap (production builds) is running:');
for (const [name, value] of rows) console.log(`  ${name.padEnd(15)} ${value}`);
console.log(`  indexes written by ${await writers()}`);
console.log(`\nReady in ${seconds(startedAt)} s. Press Ctrl-C to stop.`);
