// npm run start:prod, end to end (opt-in: `node scripts/test.mjs start:prod`, or
// `node --test scripts/start-prod.test.mjs`). It builds the deploy builds: minutes when a source
// changed (about 5 on two cores), a minute or two when nx restores them from its cache; so it is
// not part of `npm test`. START_PROD_TEST_ARGS=--no-build serves what was deployed last.
// Starts it with a config folder of its own, checks what production users and operators get, one
// `it` per concern (add one before the last: the last stops it with SIGINT and checks that no
// process and no port is left).
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { createRequire } from 'node:module';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { balancerStates } from './load-balancer.mjs';
import { PROD_PORTS, portIsFree, prodStackPorts } from './ports.mjs';
import { root } from './stack.mjs';

const require = createRequire(import.meta.url);
const pg = require('pg');
const mf = require('@jmswap/mf-config');
const { chromium } = require('playwright-core');
const { Contract, JsonRpcProvider, Wallet, zeroPadValue } = require('ethers');

const SITE = `http://localhost:${PROD_PORTS.apps.shell}`;
const POOLS = `http://localhost:${PROD_PORTS.apps['mfe-pools']}`;
const API = `http://localhost:${PROD_PORTS.balancer}`;
const BALANCER_ADMIN = `127.0.0.1:${PROD_PORTS.balancerAdmin}`;
const www = join(root, '.run/prod/www');
const DEV_KEY = 'ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const WIDGET = { allowedHosts: ['https://partner.example'] };

const configDir = mkdtempSync(join(tmpdir(), 'jmswap-prod-config-'));
// An operator's file: start:prod writes the defaults only where a file is absent.
writeFileSync(join(configDir, 'widget.json'), JSON.stringify(WIDGET));

let child;
let output = '';
after(() => {
  if (child && child.exitCode === null) child.kill('SIGINT');
  rmSync(configDir, { recursive: true, force: true });
});

/** Every process below `pid` (from /proc). */
function descendants(pid) {
  const parent = new Map();
  for (const entry of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parent.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const found = [];
  let frontier = [pid];
  while (frontier.length) {
    const next = [...parent].filter(([, ppid]) => frontier.includes(ppid)).map(([p]) => p);
    found.push(...next);
    frontier = next;
  }
  return found;
}

const alive = (pid) => {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  // A zombie is not running, it waits for its parent.
  try {
    return !/^\S+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

const hashedFile = (dir, ext = 'js') =>
  readdirSync(dir).find((f) => new RegExp(`\\.[0-9a-f]{8}\\.${ext}$`).test(f));

/** Every file under each app's npm start build folder (dist/), with its size and time. */
function npmStartBuilds() {
  const files = {};
  for (const app of Object.keys(mf.APPS)) {
    const dist = join(mf.appDir(app), 'dist');
    if (!existsSync(dist)) continue;
    for (const name of readdirSync(dist, { recursive: true })) {
      const st = statSync(join(dist, String(name)));
      if (st.isFile()) files[`${app}/dist/${name}`] = `${st.size} ${st.mtimeMs}`;
    }
  }
  return files;
}

/** Resolves once start:prod's output matches `pattern` (after `from` characters). */
async function outputMatches(pattern, { from = 0, timeoutMs = 180_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (!pattern.test(output.slice(from))) {
    if (child.exitCode !== null) throw new Error(`start:prod exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`no ${pattern} in start:prod's output:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The pid of the api instance on `port` (one of start:prod's processes). */
function apiPid(port) {
  const pid = descendants(child.pid).find((p) => {
    try {
      const cmd = readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0');
      return cmd.some((a) => a.endsWith('api.mjs')) && cmd[cmd.indexOf('--port') + 1] === `${port}`;
    } catch {
      return false;
    }
  });
  assert.ok(pid, `api on :${port} runs`);
  return pid;
}

/**
 * The charts page draws the BNB/USDT candles (a browser, as a user opens it); its screenshot goes
 * to .run/prod/screenshots/charts-<label>.png.
 */
async function chartsDraw(browser, label) {
  const page = await browser.newPage();
  try {
    await page.goto(`${SITE}/charts?n=BSC&symbolA=BNB&symbolB=USDT`);
    const candles = page.locator('figure[data-chart="candle"]');
    await candles.locator('[data-light-chart]').waitFor({ timeout: 60_000 });
    assert.equal(await candles.getAttribute('data-state'), 'ready');
    assert.equal(await page.getByText('No chart data available').count(), 0);
    await page.screenshot({ path: join(root, `.run/prod/screenshots/charts-${label}.png`) });
  } finally {
    await page.close();
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Swaps a little BNB for USDT on the local BSC chain, from `wallet`; resolves with its hash. */
async function swapOnBsc(bsc, wallet) {
  const provider = new JsonRpcProvider(bsc.nodeUrl, undefined, { staticNetwork: true });
  try {
    const signer = wallet.connect(provider);
    const router = new Contract(
      bsc.exchange.ROUTER_ADDRESS,
      JSON.parse(readFileSync(join(root, 'devnet/artifacts/JMSwapRouter.json'), 'utf8')).abi,
      signer,
    );
    const noTax = zeroPadValue('0x00', 32);
    const tx = await router.getFunction('swapExactBaseForTokens')(
      0n,
      [bsc.tokens.BNB.address, bsc.tokens.USDT.address],
      [noTax, noTax],
      wallet.address,
      BigInt(Math.floor(Date.now() / 1000) + 3600),
      { value: 10n ** 15n },
    );
    await tx.wait();
    return tx.hash;
  } finally {
    provider.destroy();
  }
}

const beforeStart = npmStartBuilds();

describe('npm run start:prod', { timeout: 30 * 60_000 }, () => {
  before(async () => {
    const args = (process.env.START_PROD_TEST_ARGS ?? '').split(' ').filter(Boolean);
    child = spawn(process.execPath, [join(root, 'scripts/start-prod.mjs'), ...args], {
      cwd: root,
      env: { ...process.env, JMSWAP_CONFIG_DIR: configDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [child.stdout, child.stderr])
      stream.on('data', (chunk) => (output += chunk));
    const started = Date.now();
    await outputMatches(/Ready in /, { timeoutMs: 25 * 60_000 });
    console.log(`start:prod ready in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  });

  it('serves the deploy builds: CSP, cache headers, compressed twins, no source maps, no dev wallet', async () => {
    // The site: its CSP, revalidated html and config, immutable hashed files, compressed twins.
    const home = await fetch(`${SITE}/`);
    assert.equal(home.status, 200);
    const csp = home.headers.get('content-security-policy') ?? '';
    assert.match(csp, /script-src /, `the CSP is on: ${csp}`);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.equal(home.headers.get('cache-control'), 'no-cache');
    const mainJs = hashedFile(join(www, 'shell/app'));
    const js = await fetch(`${SITE}/${mainJs}`, { headers: { 'accept-encoding': 'br, gzip' } });
    assert.equal(js.status, 200);
    assert.match(js.headers.get('cache-control'), /max-age=31536000, immutable/);
    assert.equal(js.headers.get('content-encoding'), 'br');

    // No source map is served, though the deployed folders hold them (the shell answers an
    // unknown path with its "does not exist" page).
    const poolsVersion = mf.appVersion('mfe-pools');
    const poolsDir = join(www, 'mfe-pools', poolsVersion);
    const poolsJs = hashedFile(poolsDir);
    for (const [url, file] of [
      [`${SITE}/${mainJs}.map`, join(www, 'shell/app', `${mainJs}.map`)],
      [`${POOLS}/${poolsVersion}/${poolsJs}.map`, join(poolsDir, `${poolsJs}.map`)],
    ]) {
      assert.ok(existsSync(file), `${file} deployed`);
      const res = await fetch(url);
      const body = await res.text();
      assert.ok(!body.includes('"mappings"'), `${url} is not served`);
      assert.ok(res.status === 404 || /text\/html/.test(res.headers.get('content-type')), url);
    }

    // A deploy build: no dev wallet in any script.
    for (const dir of [join(www, 'shell/app'), poolsDir])
      for (const f of readdirSync(dir).filter((f) => f.endsWith('.js')))
        assert.ok(!readFileSync(join(dir, f)).includes(DEV_KEY), `${f} holds the dev wallet key`);
  });

  it('builds into folders of its own: what npm start serves is not touched', () => {
    assert.deepEqual(npmStartBuilds(), beforeStart, "npm start's dist/ folders unchanged");
    for (const app of mf.REMOTE_APPS) {
      const version = mf.appVersion(app);
      const built = join(mf.appDir(app), 'dist-deploy', version, 'release.json');
      assert.ok(existsSync(built), `${app}: the deploy build is in dist-deploy/`);
      assert.equal(
        readFileSync(join(www, app, version, 'release.json'), 'utf8'),
        readFileSync(built, 'utf8'),
        `${app}: what is deployed is the deploy build`,
      );
    }
  });

  it('remote:use checks a deployed version against its pin, whatever npm start built under it', async () => {
    // dist/<version>/ is npm start's build of the same version: a rollback to the deployed one
    // (or a check of it) compares what the site pinned, not that folder.
    const version = mf.appVersion('mfe-pools');
    const before = readFileSync(join(configDir, 'remotes.json'), 'utf8');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [join(root, 'scripts/remote-use.mjs'), 'pools', version],
      { cwd: root, env: { ...process.env, JMSWAP_CONFIG_DIR: configDir, JMSWAP_SHELL_URL: SITE } },
    );
    assert.match(stdout, /ok {4}record {5}\S+ \(the record remotes\.json pins\)/);
    assert.match(stdout, /preflight passed/);
    const pools = (file) => JSON.parse(file).remotes.pools;
    assert.deepEqual(
      pools(readFileSync(join(configDir, 'remotes.json'), 'utf8')).integrity,
      pools(before).integrity,
      'the pin stays',
    );
  });

  it("keeps the operator's config and writes the defaults; api.url names the load balancer", async () => {
    // The config folder: the operator's widget.json kept, the defaults written beside it.
    assert.deepEqual(await (await fetch(`${SITE}/config/widget.json`)).json(), WIDGET);
    const remotes = await (await fetch(`${SITE}/config/remotes.json`)).json();
    assert.equal(remotes.remotes.pools.base, POOLS);
    const swapVersion = remotes.remotes.swap.version;
    assert.ok(remotes.remotes.swap.integrity[swapVersion], 'the deployed swap remote is pinned');
    assert.ok(
      Object.keys(remotes.remotes.swap.preload?.[swapVersion] ?? {}).length > 0,
      "with its screen's preload hints, as remote:use writes them",
    );
    assert.ok(existsSync(join(configDir, 'networks.json')));
    const networks = JSON.parse(readFileSync(join(configDir, 'networks.json'), 'utf8'));
    assert.equal(networks.networks.BSC.api.url, API);
    const info = await fetch(`${API}/v1/info`);
    assert.equal(info.status, 200, 'the api answers through the load balancer');
    assert.deepEqual(await balancerStates(BALANCER_ADMIN), {
      api1: 'UP',
      api2: 'UP',
      'api1-any': 'no check',
      'api2-any': 'no check',
    });
  });

  it('runs two api instances on PostgreSQL, one writer per network', async () => {
    // Two api instances, both ready on the one PostgreSQL; one writes each network.
    const writers = {};
    for (const [i, port] of PROD_PORTS.api.entries()) {
      const ready = await fetch(`http://localhost:${port}/ready`);
      assert.equal(ready.status, 200, `api ${i + 1} ready`);
      const body = await ready.json();
      assert.equal(body.database, 'ok');
      for (const [id, n] of Object.entries(body.networks))
        writers[id] = (writers[id] ?? 0) + Number(n.writer);
      const metrics = await (
        await fetch(`http://127.0.0.1:${PROD_PORTS.apiAdmin[i]}/metrics`)
      ).text();
      assert.match(metrics, /jmswap_api_indexer_writer\{/);
      const log = readFileSync(join(root, `.run/prod/logs/api-${i + 1}.log`), 'utf8');
      const listening = log
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l))
        .filter((l) => /^api: listening/.test(l.msg))
        .pop();
      assert.equal(listening.db, 'postgres', `api ${i + 1} on PostgreSQL`);
      assert.equal(listening.level, 30);
    }
    assert.ok(Object.values(writers).length > 0);
    for (const [id, count] of Object.entries(writers)) assert.equal(count, 1, `${id}: one writer`);
    const db = new pg.Client({
      connectionString: `postgres://postgres@127.0.0.1:${PROD_PORTS.postgres}/jmswap`,
    });
    await db.connect();
    const { rows } = await db.query('SELECT count(*)::int AS n FROM trades');
    await db.end();
    assert.ok(rows[0].n > 0, 'the seeded trades are in PostgreSQL');
    const staticMetrics = await (
      await fetch(`http://127.0.0.1:${PROD_PORTS.metrics.shell}/metrics`)
    ).text();
    assert.match(staticMetrics, /jmswap_static_requests_total\{status="200"/);
  });

  it("serves a wallet's new trade from the instance that does not write its network as soon as the writer has it", async () => {
    const networks = JSON.parse(readFileSync(join(configDir, 'networks.json'), 'utf8'));
    const bsc = networks.networks.BSC;
    const bscWriter = async (port) =>
      (await (await fetch(`http://localhost:${port}/ready`)).json()).networks.BSC.writer;
    const [writerPort, readerPort] = (await bscWriter(PROD_PORTS.api[0]))
      ? PROD_PORTS.api
      : [...PROD_PORTS.api].reverse();
    assert.equal(await bscWriter(readerPort), false);
    // anvil's account 6 (a dev account, funded on every local chain).
    const wallet = new Wallet('0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e');
    const page = (port) =>
      `http://localhost:${port}/v1/history/bsc/account/${wallet.address.toLowerCase()}/trades`;
    const hashes = async (port) => (await (await fetch(page(port))).json()).map((t) => t.hash);
    // The reader's cache keeps an answer 5 s unless told otherwise: it must have the trade
    // before then, from the writer's notice (NOTIFY at its commit), not from the cache expiring.
    for (let attempt = 1; ; attempt++) {
      await hashes(readerPort);
      const cachedAt = Date.now();
      const tx = await swapOnBsc(bsc, wallet);
      while (!(await hashes(writerPort)).includes(tx)) await sleep(50);
      const wrote = Date.now();
      while (!(await hashes(readerPort)).includes(tx)) await sleep(20);
      const read = Date.now();
      console.log(
        `a new trade: on the reader ${read - wrote} ms after the writer had it (${read - cachedAt} ms after the reader cached the page)`,
      );
      if (read - cachedAt < 5000) break;
      // The swap and its indexing took the whole 5 s (a loaded machine): nothing shown; again.
      assert.ok(attempt < 3, 'a trade stored within 5 s of caching the page, in 3 tries');
    }
  });

  it('balances the api: either instance killed, the charts keep drawing, and it is restarted', async () => {
    const browser = await chromium.launch(mf.CHROMIUM);
    try {
      await chartsDraw(browser, 'both-up');
      for (const [i, port] of PROD_PORTS.api.entries()) {
        const name = `api ${i + 1}`;
        const from = output.length;
        process.kill(apiPid(port), 'SIGKILL');
        // At once, before the balancer's check has seen it: each read is tried again on the other.
        const answers = await Promise.all(
          Array.from({ length: 20 }, (_, k) =>
            fetch(`${API}/v1/history/bsc/candles/1w/USDT/BNB?limit=${k + 1}`).then((r) => r.status),
          ),
        );
        assert.deepEqual(answers, Array(20).fill(200), `${name} killed: every read answered`);
        await chartsDraw(browser, `api-${i + 1}-killed`);
        // The supervisor says it and starts it again; the balancer takes it back.
        await outputMatches(new RegExp(`${name} exited \\(SIGKILL\\).*restarting it in 1\\.0 s`), {
          from,
        });
        await outputMatches(new RegExp(`${name} restarted: ready in`), { from });
        const log = readFileSync(join(root, `.run/prod/logs/api-${i + 1}.log`), 'utf8');
        assert.match(log, new RegExp(`"service":"supervisor","msg":"${name} exited \\(SIGKILL\\)`));
        assert.equal((await fetch(`http://localhost:${port}/ready`)).status, 200);
        const deadline = Date.now() + 30_000;
        while ((await balancerStates(BALANCER_ADMIN))[`api${i + 1}`] !== 'UP') {
          assert.ok(Date.now() < deadline, `the balancer takes ${name} back`);
          await new Promise((r) => setTimeout(r, 250));
        }
      }
    } finally {
      await browser.close();
    }
  });

  it('stops everything on Ctrl-C and leaves no process and no port', async () => {
    // Ctrl-C: everything stops, in order, and nothing is left.
    const pids = descendants(child.pid);
    const postmaster = Number(
      readFileSync(join(root, '.run/prod/pg/data/postmaster.pid'), 'utf8').split('\n')[0],
    );
    assert.ok(pids.length >= 9, `the servers, apis and chains run below start:prod: ${pids}`);
    assert.ok(alive(postmaster));
    const stopAt = Date.now();
    const exited =
      child.exitCode ?? new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGINT');
    assert.equal(await exited, 0, output);
    console.log(`stopped in ${((Date.now() - stopAt) / 1000).toFixed(1)} s`);
    assert.deepEqual([...pids, postmaster].filter(alive), [], 'no process left');
    assert.ok(!existsSync(join(root, '.run/prod/pg/data/postmaster.pid')));
    const taken = [];
    for (const { port, app } of prodStackPorts())
      if (!(await portIsFree(port))) taken.push(`${app} :${port}`);
    assert.deepEqual(taken, [], 'no port left');
  });
});
