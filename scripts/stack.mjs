// Starting and stopping the local stack, shared by `npm start`, the e2e setup and the benchmarks.
import { spawn, execSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const mf = require('@jmswap/mf-config');

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export function buildAll() {
  execSync('npx lerna run build --concurrency 2 --loglevel warn', { cwd: root, stdio: 'inherit' });
}

/**
 * Builds what `npm start` serves (the shell, the widget SDK, every remote) without blocking;
 * `output`: where the build's output goes (a file descriptor; default the terminal);
 * the task runner's cache restores every app whose sources did not change. The type-check-only
 * builds they depend on (shared-chain, api: tsc --noEmit) are left to `npm test`: the bundler
 * reads shared-chain's sources itself, and the api runs from its sources.
 * `deploy`: the deploy builds instead (`build:deploy`: no dev wallet, into each app's
 * dist-deploy/, so a running `npm start` keeps its own dist/); nx caches each apart.
 */
export function buildApps({ deploy = false, output = 'inherit' } = {}) {
  const projects = [...Object.values(mf.APPS).map((a) => `@jmswap/${a.dir}`), '@jmswap/widget-sdk'];
  const args = ['nx', 'run-many', '-t', deploy ? 'build:deploy' : 'build', '-p', ...projects];
  args.push('--exclude-task-dependencies', '--parallel', '2', '--output-style', 'static');
  // The local stack's users connect the dev wallet (anvil's public keys).
  const env = deploy ? { ...process.env } : { ...process.env, JMSWAP_DEV_WALLET: '1' };
  const child = spawn('npx', args, { cwd: root, stdio: ['ignore', output, output], env });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`the build failed (exit code ${code})`)),
    );
  });
}

/**
 * Writes the runtime config the servers serve at /config/ (remotes.json, widget.json) into
 * `dir`, each file only when absent (remotes.json always with `keepRemotes: false`). Returns the
 * files it wrote.
 */
export function writeRuntimeConfig({
  keepRemotes = true,
  dir = mf.runConfigDir,
  remotes = mf.defaultRemotesFile(),
  widget = { allowedHosts: ['http://localhost:8088', 'http://127.0.0.1:8088'] },
} = {}) {
  mkdirSync(dir, { recursive: true });
  const written = [];
  if (!keepRemotes || !existsSync(mf.remotesFilePath(dir))) {
    mf.writeRemotesFile(remotes, dir);
    written.push(mf.remotesFilePath(dir));
  }
  const widgetFile = join(dir, 'widget.json');
  if (!existsSync(widgetFile)) {
    writeFileSync(widgetFile, JSON.stringify(widget, null, 2) + '\n');
    written.push(widgetFile);
  }
  return written;
}

/**
 * Pins, in remotes.json, the release record of every version folder built here (the build
 * changes them), so the shell runs the remotes' code only as built. A file from before
 * allow-lists gets the local remotes' origins.
 */
export function pinRemotes(dir = mf.runConfigDir) {
  const file = mf.readRemotesFile(dir);
  file.allowedOrigins ??= mf.defaultRemotesFile().allowedOrigins;
  mf.writeRemotesFile(mf.pinLocalBuilds(file), dir);
}

/** `chunk` (whole lines) with `prefix` in front of each line. */
const prefixLines = (prefix, chunk) => chunk.replace(/^(?=.)/gm, prefix);

/**
 * The devnet profile asked for on the command line (`--profile large`) or by JMSWAP_PROFILE;
 * undefined: the default profile (every test uses it).
 */
export function profileFromArgs(argv = process.argv) {
  const i = argv.indexOf('--profile');
  const profile = i >= 0 ? argv[i + 1] : process.env.JMSWAP_PROFILE;
  return profile || undefined;
}

/**
 * Starts the devnet (local chains, contracts, seed) and resolves once it wrote networks.json.
 * `profile`: 'large' seeds BSC and TRON with a thousand pools (devnet/README.md; default: the
 * command line's `--profile` or JMSWAP_PROFILE); its first start takes minutes, later ones restore it.
 * The chains seeded by an earlier start are restored when nothing that decides them changed;
 * `fresh` deploys and seeds them again anyway. `args`: the devnet's other options (`--ports`,
 * `--config`, `--api-url`); `log` gets its output, `stderr` where its errors go (a file
 * descriptor; default the terminal); `detached`: in its own process group (with its chains);
 * `onSpawn(child)` as soon as it runs (to stop it should the start be interrupted).
 */
export function startDevnet({
  timeoutMs = 600000,
  fresh = false,
  profile = profileFromArgs(),
  args = [],
  log = (chunk) => process.stdout.write(prefixLines('[devnet] ', chunk)),
  stderr = 'inherit',
  detached = false,
  onSpawn = () => undefined,
} = {}) {
  const script = join(root, 'devnet/scripts/devnet.mjs');
  if (!existsSync(script)) return Promise.resolve(undefined);
  const options = [...(fresh ? ['--fresh'] : []), ...(profile ? ['--profile', profile] : [])];
  const child = spawn(process.execPath, [script, ...options, ...args], {
    cwd: join(root, 'devnet'),
    stdio: ['ignore', 'pipe', stderr],
    detached,
  });
  onSpawn(child);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('devnet did not become ready in time')),
      timeoutMs,
    );
    child.stdout.on('data', (chunk) => {
      log(String(chunk));
      if (String(chunk).includes('devnet ready')) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`devnet exited with code ${code}`));
    });
  });
}

/**
 * Starts the api (indexers + HTTP) on `port` for the networks file the devnet wrote, and
 * resolves once /ready says every network is indexed up to its head (the seeded history
 * included). `dataDir`: its PGlite directory (DATABASE_URL in `env`, when set, wins). `env`:
 * added to this process's (LOG_LEVEL, DATABASE_URL, ...); `args`: more of scripts/api.mjs's
 * flags (`--admin-port`). Its output goes to `log`, or, with `output` (a file descriptor),
 * stdout and stderr straight to that file. `detached`: in its own process group; `onSpawn(child)`
 * as soon as it runs.
 */
export function startApi({
  port = 8070,
  networksFile = join(root, '.run/config/networks.json'),
  dataDir = join(root, '.run/data/api'),
  timeoutMs = 300000,
  log = (chunk) => process.stdout.write(prefixLines('[api] ', chunk)),
  env = {},
  args = [],
  output,
  detached = false,
  onSpawn = () => undefined,
} = {}) {
  const script = join(root, 'api/scripts/api.mjs');
  const child = spawn(
    process.execPath,
    [script, '--port', String(port), '--networks', networksFile, '--data', dataDir, ...args],
    {
      cwd: join(root, 'api'),
      stdio: ['ignore', output ?? 'pipe', output ?? 'inherit'],
      // glibc gives freed memory back to the system past 128 KB (its default grows to 64 MB):
      // PGlite's start-up (WebAssembly compiles, initdb) frees some 70 MB that stayed resident.
      env: { MALLOC_TRIM_THRESHOLD_: '131072', ...process.env, ...env },
      detached,
    },
  );
  onSpawn(child);
  child.stdout?.on('data', (chunk) => log(String(chunk)));
  const url = `http://localhost:${port}`;
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + timeoutMs;
    let exited = false;
    child.on('exit', (code) => {
      exited = true;
      reject(new Error(`api exited with code ${code}`));
    });
    const poll = async () => {
      if (exited) return;
      try {
        const res = await fetch(`${url}/ready`);
        if (res.ok) return resolve({ child, url });
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) {
        child.kill('SIGTERM');
        return reject(new Error(`api not ready after ${timeoutMs / 1000} s`));
      }
      setTimeout(poll, 500);
    };
    void poll();
  });
}

/** Serves the shell and every remote, each on its own port. */
export async function serveAll() {
  return Promise.all(
    // The local stack serves source maps: its users are the developers.
    Object.keys(mf.APPS).map(async (app) => ({
      app,
      ...(await mf.serveApp(app, { sourceMaps: true })),
    })),
  );
}

/** Sends `signal` and resolves once `child` exited; SIGKILL after `graceMs`. */
function stopChild(child, signal, graceMs = 15000) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill(signal);
  });
}

/**
 * The stack a browser bench measures against (after a build, as `npm start` runs it, in
 * `flock /tmp/jmswap-start.lock`): the runtime config with the built versions pinned (`remotes`
 * may change remotes.json's content after that), the devnet, the api indexing it into a fresh
 * `.run/<apiData>` folder, and every app's server. Resolves { devnet, api, servers, stop }.
 */
export async function startBenchStack({ apiData, remotes } = {}) {
  writeRuntimeConfig();
  pinRemotes();
  if (remotes) mf.writeRemotesFile(remotes(mf.readRemotesFile()));
  const devnet = await startDevnet({ log: () => undefined });
  const dataDir = join(root, '.run', apiData);
  rmSync(dataDir, { recursive: true, force: true });
  let api;
  let servers;
  try {
    api = await startApi({ dataDir, log: () => undefined });
    servers = await serveAll();
  } catch (e) {
    api?.child.kill('SIGTERM');
    devnet?.kill('SIGINT');
    throw e;
  }
  return {
    devnet,
    api,
    servers,
    // Waits until the api and the devnet have exited: a bench that returned at once left an api
    // behind on :8070 (its log pipe no longer read) for the next bench to collide with.
    async stop() {
      await Promise.all([
        ...servers.map((s) => s.close()),
        stopChild(api.child, 'SIGTERM'),
        devnet && stopChild(devnet, 'SIGINT'),
      ]);
    },
  };
}

/** A partner page on :8088 (an allowed widget host) that embeds the widget. */
export async function serveWidgetDemo(port = 8088) {
  const page = readFileSync(join(root, 'shell/widget-demo/host.html'));
  const server = http.createServer((_req, res) =>
    res.writeHead(200, { 'Content-Type': 'text/html' }).end(page),
  );
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    app: 'widget demo',
    url: `http://localhost:${port}/`,
    close: () => new Promise((r) => server.close(r)),
  };
}
