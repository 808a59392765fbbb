// npm run start:prod, end to end (opt-in: `node scripts/test.mjs start:prod`, or
// `node --test scripts/start-prod.test.mjs`). It builds the deploy builds: minutes when a source
// changed (about 5 on two cores), a minute or two when nx restores them from its cache; so it is
// not part of `npm test`. START_PROD_TEST_ARGS=--no-build serves what was deployed last.
// Starts it with a config folder of its own, checks what production users and operators get,
// stops it with SIGINT and checks that no process and no port is left.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { PROD_PORTS, portIsFree, prodStackPorts } from './ports.mjs';
import { root } from './stack.mjs';

const require = createRequire(import.meta.url);
const pg = require('pg');
const mf = require('@jmswap/mf-config');

const SITE = `http://localhost:${PROD_PORTS.apps.shell}`;
const POOLS = `http://localhost:${PROD_PORTS.apps['mfe-pools']}`;
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

test(
  'npm run start:prod: the production site, two api instances on PostgreSQL, nothing left after Ctrl-C',
  { timeout: 20 * 60_000 },
  async () => {
    const args = (process.env.START_PROD_TEST_ARGS ?? '').split(' ').filter(Boolean);
    child = spawn(process.execPath, [join(root, 'scripts/start-prod.mjs'), ...args], {
      cwd: root,
      env: { ...process.env, JMSWAP_CONFIG_DIR: configDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    for (const stream of [child.stdout, child.stderr])
      stream.on('data', (chunk) => (output += chunk));
    const started = Date.now();
    await new Promise((resolve, reject) => {
      const check = setInterval(() => {
        if (/Ready in /.test(output)) resolve(clearInterval(check));
        else if (child.exitCode !== null) {
          clearInterval(check);
          reject(new Error(`start:prod exited with ${child.exitCode}:\n${output}`));
        }
      }, 250);
    });
    console.log(`start:prod ready in ${((Date.now() - started) / 1000).toFixed(0)} s`);

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

    // The config folder: the operator's widget.json kept, the defaults written beside it.
    assert.deepEqual(await (await fetch(`${SITE}/config/widget.json`)).json(), WIDGET);
    const remotes = await (await fetch(`${SITE}/config/remotes.json`)).json();
    assert.equal(remotes.remotes.pools.base, POOLS);
    assert.ok(existsSync(join(configDir, 'networks.json')));
    const networks = JSON.parse(readFileSync(join(configDir, 'networks.json'), 'utf8'));
    assert.equal(networks.networks.BSC.api.url, `http://localhost:${PROD_PORTS.api[0]}`);

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

    // Ctrl-C: everything stops, in order, and nothing is left.
    const pids = descendants(child.pid);
    const postmaster = Number(
      readFileSync(join(root, '.run/prod/pg/data/postmaster.pid'), 'utf8').split('\n')[0],
    );
    assert.ok(pids.length >= 9, `the servers, apis and chains run below start:prod: ${pids}`);
    assert.ok(alive(postmaster));
    const stopAt = Date.now();
    child.kill('SIGINT');
    assert.equal(await exited, 0, output);
    console.log(`stopped in ${((Date.now() - stopAt) / 1000).toFixed(1)} s`);
    assert.deepEqual([...pids, postmaster].filter(alive), [], 'no process left');
    assert.ok(!existsSync(join(root, '.run/prod/pg/data/postmaster.pid')));
    const taken = [];
    for (const { port, app } of prodStackPorts())
      if (!(await portIsFree(port))) taken.push(`${app} :${port}`);
    assert.deepEqual(taken, [], 'no port left');
  },
);
