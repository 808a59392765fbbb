// Starting and stopping the local stack, shared by `npm start`, the e2e setup and the benchmarks.
import { spawn, execSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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
 * the task runner's cache restores every app whose sources did not change. The type-check-only
 * builds they depend on (shared-chain, api: tsc --noEmit) are left to `npm test`: the bundler
 * reads shared-chain's sources itself, and the api runs from its sources.
 */
export function buildApps() {
  const projects = [...Object.values(mf.APPS).map((a) => `@jmswap/${a.dir}`), '@jmswap/widget-sdk'];
  const args = ['nx', 'run-many', '-t', 'build', '-p', ...projects];
  args.push('--exclude-task-dependencies', '--parallel', '2', '--output-style', 'static');
  // The local stack's users connect the dev wallet (anvil's public keys); deploy builds lack it.
  const env = { ...process.env, JMSWAP_DEV_WALLET: '1' };
  const child = spawn('npx', args, { cwd: root, stdio: 'inherit', env });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`the build failed (exit code ${code})`)),
    );
  });
}

/** Writes the runtime config the servers serve at /config/ (remotes.json, widget.json). */
export function writeRuntimeConfig({ keepRemotes = true } = {}) {
  mkdirSync(mf.runConfigDir, { recursive: true });
  if (!keepRemotes || !existsSync(mf.remotesFilePath()))
    mf.writeRemotesFile(mf.defaultRemotesFile());
  const widget = join(mf.runConfigDir, 'widget.json');
  if (!existsSync(widget)) {
    writeFileSync(
      widget,
      JSON.stringify(
        { allowedHosts: ['http://localhost:8088', 'http://127.0.0.1:8088'] },
        null,
        2,
      ) + '\n',
    );
  }
}

/**
 * Starts the devnet (local chains, contracts, seed) and resolves once it wrote networks.json.
 * The chains seeded by an earlier start are restored when nothing that decides them changed;
 * `fresh` deploys and seeds them again anyway.
 */
export function startDevnet({ timeoutMs = 300000, fresh = false } = {}) {
  const script = join(root, 'devnet/scripts/devnet.mjs');
  if (!existsSync(script)) return Promise.resolve(undefined);
  const child = spawn(process.execPath, [script, ...(fresh ? ['--fresh'] : [])], {
    cwd: join(root, 'devnet'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('devnet did not become ready in time')),
      timeoutMs,
    );
    child.stdout.on('data', (chunk) => {
      process.stdout.write(`[devnet] ${chunk}`);
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
 * included). `dataDir`: its PGlite directory (DATABASE_URL, when set, wins).
 */
export function startApi({
  port = 8070,
  networksFile = join(root, '.run/config/networks.json'),
  dataDir = join(root, '.run/data/api'),
  timeoutMs = 300000,
  log = (line) => process.stdout.write(`[api] ${line}`),
} = {}) {
  const script = join(root, 'api/scripts/api.mjs');
  const child = spawn(
    process.execPath,
    [script, '--port', String(port), '--networks', networksFile, '--data', dataDir],
    { cwd: join(root, 'api'), stdio: ['ignore', 'pipe', 'inherit'] },
  );
  child.stdout.on('data', (chunk) => log(String(chunk)));
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
