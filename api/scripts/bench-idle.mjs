#!/usr/bin/env node
// npm run bench -w @jmswap/api -- --only idle: what the api costs when nothing happens (no asserts).
// The five local chains make empty blocks at their networks' pace (anvil's interval mining,
// whole seconds: TRON 3 s, BSC 1 s for its 0.75 s, POLY and BTTC 2 s, ETH 12 s), each node behind
// a proxy that counts every call (HTTP and WebSocket); nobody trades, a load balancer's /ready
// every 2 s per instance. Once the api is ready and has settled, for --seconds S (default 60):
// its CPU share of one core, its resident memory, and per network the node calls per new block
// and how long after a block appeared its range was stored (the bench's own newHeads on each
// chain against the api's `range stored` lines). On PGlite (one api, as npm start) and on
// PostgreSQL (one api; two, as the production profile runs them), each with anvil's WebSocket in
// nodeUrls (subscription) and without it (polling).
// Options: --seconds S, --setups pglite,postgres,two (default all), --modes ws,poll (default both),
// --cpu-prof <folder>.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { register } from 'tsx/cjs/api';
import { cpuSecondsOf, load1, serverCpuSeconds } from './bench-util.mjs';

register();
const require = createRequire(import.meta.url);
const { startDevnet } = require('@jmswap/devnet');
const { freePort, startPostgres } = require('../src/test/postgres-server.ts');
const { startRpcProxy } = require('../src/test/rpc-proxy.ts');
const pgClient = require('pg');

const argOf = (name, def) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : def;
};
const SECONDS = Number(argOf('--seconds', 60));
// Settled: the phase of every network learnt (three blocks of the slowest, ETH).
const SETTLE_S = 40;
const SETUPS = argOf('--setups', 'pglite,postgres,two').split(',');
/** --cpu-prof <folder>: each api writes V8's CPU profile there when it stops (start-up included). */
const CPU_PROFILE_DIR = argOf('--cpu-prof', undefined);
const MODES = argOf('--modes', 'ws,poll').split(',');
const API_SCRIPT = join(import.meta.dirname, 'api.mjs');
/** Block time of each local chain (anvil mines in whole seconds). */
const BLOCK_S = { TRON: 3, BSC: 1, POLY: 2, BTTC: 2, ETH: 12 };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A proxy in front of the TRON devnode (HTTP only) that counts what it passes. */
async function tronProxy(target) {
  const proxy = { calls: 0 };
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', async () => {
      proxy.calls++;
      try {
        const real = await fetch(target + req.url, {
          method: req.method,
          headers: { 'content-type': req.headers['content-type'] ?? 'application/json' },
          ...(req.method === 'POST' ? { body: Buffer.concat(chunks) } : {}),
        });
        res.writeHead(real.status, { 'content-type': 'application/json' });
        res.end(Buffer.from(await real.arrayBuffer()));
      } catch {
        res.destroy();
      }
    });
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  proxy.url = `http://127.0.0.1:${server.address().port}`;
  proxy.close = () => new Promise((r) => server.close(r));
  return proxy;
}

/** When each block of an anvil was first seen (its own newHeads). */
function watchBlocks(anvilUrl) {
  const seen = new Map();
  const ws = new WebSocket(anvilUrl.replace(/^http/, 'ws'));
  ws.on('open', () =>
    ws.send(
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params: ['newHeads'] }),
    ),
  );
  ws.on('message', (m) => {
    const msg = JSON.parse(String(m));
    const n = msg.params?.result?.number;
    if (n && !seen.has(Number(n))) seen.set(Number(n), performance.timeOrigin + performance.now());
  });
  return { seen, close: () => ws.terminate() };
}

const rpc = async (url, method, params = []) => {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = await res.json();
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
};

/** scripts/api.mjs in its own process; its `range stored` lines kept. */
async function spawnApi({ networksFile, env, data }) {
  const port = await freePort();
  const adminPort = await freePort();
  const child = spawn(
    process.execPath,
    [
      ...(CPU_PROFILE_DIR ? ['--cpu-prof', '--cpu-prof-dir', CPU_PROFILE_DIR] : []),
      API_SCRIPT,
      '--port',
      String(port),
      '--admin-port',
      String(adminPort),
      '--networks',
      networksFile,
      '--data',
      data,
    ],
    {
      // As npm start and the systemd unit run it (api/README.md, "Memory").
      env: { MALLOC_TRIM_THRESHOLD_: '131072', ...process.env, LOG_LEVEL: 'debug', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const stored = [];
  let buffer = '';
  let errors = '';
  child.stdout.on('data', (chunk) => {
    buffer += chunk;
    let i;
    while ((i = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, i);
      buffer = buffer.slice(i + 1);
      if (!line.includes('"range stored"')) continue;
      const l = JSON.parse(line);
      stored.push({ network: l.network, to: l.to, at: l.time });
    }
  });
  child.stderr.on('data', (c) => (errors += c));
  const url = `http://127.0.0.1:${port}`;
  for (let t = 0; ; t++) {
    if (child.exitCode !== null) throw new Error(`the api exited: ${errors}`);
    const ok = await fetch(`${url}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (t > 600) throw new Error('the api did not start');
    await sleep(200);
  }
  return {
    child,
    url,
    adminUrl: `http://127.0.0.1:${adminPort}`,
    stored,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

const rssMb = (pid) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[s.length >> 1] : NaN;
};

console.log(`bench idle: starting the five local chains (load ${load1()})...`);
const ports = {};
for (const id of ['BSC', 'POLY', 'BTTC', 'ETH']) ports[id] = await freePort();
const tronPorts = { node: await freePort(), anvil: await freePort() };
const devnet = await startDevnet({
  ports,
  tronPorts,
  history: { swaps: 10, days: 2 },
  configPath: false,
  stateCache: true,
});
const pg = SETUPS.some((s) => s !== 'pglite') ? await startPostgres() : null;
const postmaster = () =>
  pg ? Number(readFileSync(join(pg.dir, 'data/postmaster.pid'), 'utf8').split('\n')[0]) : 0;
const dir = mkdtempSync(join(tmpdir(), 'jmswap-bench-idle-'));
const anvils = {
  ...Object.fromEntries(Object.entries(ports).map(([id, p]) => [id, `http://127.0.0.1:${p}`])),
  TRON: `http://127.0.0.1:${tronPorts.anvil}`,
};
const proxies = {};
for (const id of ['BSC', 'POLY', 'BTTC', 'ETH']) proxies[id] = await startRpcProxy(anvils[id]);
proxies.TRON = await tronProxy(devnet.config.networks.TRON.nodeUrl);
const callsOf = (id) =>
  id === 'TRON' ? proxies.TRON.calls : proxies[id].calls.reduce((n, c) => n + c.methods.length, 0);
const watchers = Object.fromEntries(Object.entries(anvils).map(([id, u]) => [id, watchBlocks(u)]));
for (const [id, url] of Object.entries(anvils))
  await rpc(url, 'evm_setIntervalMining', [BLOCK_S[id]]);

function networksFile(mode) {
  const config = structuredClone(devnet.config);
  for (const [id, n] of Object.entries(config.networks)) {
    const p = proxies[id];
    n.nodeUrl = p.url;
    n.nodeUrls = id !== 'TRON' && mode === 'ws' ? [p.url, p.url.replace(/^http/, 'ws')] : [p.url];
    n.blockTimeMs = BLOCK_S[id] * 1000;
  }
  const file = join(dir, `networks-${mode}.json`);
  writeFileSync(file, JSON.stringify(config, null, 2));
  return file;
}

let database = 0;
async function run(setup, mode) {
  const file = networksFile(mode);
  const instances = setup === 'two' ? 2 : 1;
  let env = {};
  if (setup !== 'pglite') {
    const name = `idle_${database++}`;
    const admin = new pgClient.Client({ connectionString: pg.url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    env = { DATABASE_URL: pg.url.replace(/\/[^/]*$/, `/${name}`) };
  }
  const apis = [];
  try {
    for (let i = 0; i < instances; i++) {
      apis.push(
        await spawnApi({ networksFile: file, env, data: join(dir, `data-${setup}-${mode}-${i}`) }),
      );
      // The first takes every network's lock; the second waits as a reader.
      if (i === 0) await waitReady(apis[0]);
    }
    for (const a of apis) await waitReady(a);
    const ready = setInterval(() => {
      for (const a of apis) void fetch(`${a.url}/ready`).catch(() => undefined);
    }, 2000);
    await sleep(SETTLE_S * 1000);
    const t0 = Date.now();
    const cpu0 = apis.map((a) => cpuSecondsOf(a.child.pid));
    const pg0 = serverCpuSeconds(postmaster());
    const calls0 = Object.fromEntries(Object.keys(anvils).map((id) => [id, callsOf(id)]));
    const heads0 = {};
    for (const [id, url] of Object.entries(anvils))
      heads0[id] = Number(await rpc(url, 'eth_blockNumber'));
    const rss = apis.map(() => 0);
    const end = t0 + SECONDS * 1000;
    while (Date.now() < end) {
      apis.forEach((a, i) => (rss[i] = Math.max(rss[i], rssMb(a.child.pid))));
      await sleep(1000);
    }
    const seconds = (Date.now() - t0) / 1000;
    const memory = await Promise.all(apis.map((a) => memoryOf(a)));
    const cpu = apis.reduce((s, a, i) => s + cpuSecondsOf(a.child.pid) - cpu0[i], 0);
    const pgCpu = serverCpuSeconds(postmaster()) - pg0;
    clearInterval(ready);
    const rows = [];
    for (const [id, url] of Object.entries(anvils)) {
      const head = Number(await rpc(url, 'eth_blockNumber'));
      const blocks = head - heads0[id];
      const calls = callsOf(id) - calls0[id];
      // How long after each block of the window appeared its range was stored (any instance).
      const delays = [];
      for (let n = heads0[id] + 1; n <= head; n++) {
        const appeared = watchers[id].seen.get(n);
        const storedAt = apis
          .flatMap((a) => a.stored)
          .find((s) => s.network === id && s.to >= n)?.at;
        if (appeared && storedAt) delays.push(storedAt - appeared);
      }
      rows.push({
        id,
        blocks,
        calls,
        perBlock: blocks ? calls / blocks : NaN,
        delay: median(delays),
        maxDelay: Math.max(...delays),
        blockMs: BLOCK_S[id] * 1000,
      });
    }
    const label = `${setup === 'two' ? 'two instances, PostgreSQL' : setup === 'pglite' ? 'one api, PGlite' : 'one api, PostgreSQL'}, ${mode === 'ws' ? 'subscription' : 'polling'}`;
    console.log(
      `idle ${label}: CPU ${((cpu / seconds) * 100).toFixed(1)}% of a core` +
        (setup !== 'pglite'
          ? ` (PostgreSQL server ${((pgCpu / seconds) * 100).toFixed(1)}%)`
          : '') +
        `, RSS ${rss.map((r) => `${Math.round(r)} MB`).join(' + ')}, ${Math.round(seconds)} s, load ${load1()}`,
    );
    for (const [i, m] of memory.entries())
      console.log(`  ${apis.length > 1 ? `api ${i + 1}: ` : ''}${m}`);
    for (const r of rows)
      console.log(
        `  ${r.id.padEnd(4)} ${String(r.blocks).padStart(3)} blocks of ${r.blockMs / 1000} s, ` +
          `${String(r.calls).padStart(4)} node calls = ${r.perBlock.toFixed(2)} per block; ` +
          `stored ${Math.round(r.delay)} ms (max ${Math.round(r.maxDelay)}) after the block appeared ` +
          `= ${(r.delay / r.blockMs).toFixed(2)} block`,
      );
  } finally {
    for (const a of apis.reverse()) await a.stop();
  }
}

/** Where the resident memory is: the main thread's V8 heap and its buffers, the rest. */
async function memoryOf(api) {
  const text = await (await fetch(`${api.adminUrl}/metrics`)).text();
  const mb = (name) => {
    const m = new RegExp(`^jmswap_api_${name}(?:\\{[^}]*\\})? (\\S+)`, 'm').exec(text);
    return m ? Number(m[1]) / 2 ** 20 : NaN;
  };
  const rss = rssMb(api.child.pid);
  const heap = mb('nodejs_heap_size_total_bytes');
  const external = mb('nodejs_external_memory_bytes');
  const smaps = readFileSync(`/proc/${api.child.pid}/smaps_rollup`, 'utf8');
  const kb = (k) => Number(new RegExp(`^${k}:\\s+(\\d+)`, 'm').exec(smaps)?.[1] ?? 0) / 1024;
  return (
    `memory: RSS ${Math.round(rss)} MB = main V8 heap ${Math.round(heap)} MB (used ` +
    `${Math.round(mb('nodejs_heap_size_used_bytes'))}) + buffers ${Math.round(external)} MB + ` +
    `the rest ${Math.round(rss - heap - external)} MB (worker threads, WebAssembly, code); ` +
    `file-backed ${Math.round(kb('Rss') - kb('Anonymous'))} MB`
  );
}

async function waitReady(api) {
  for (let t = 0; ; t++) {
    const r = await fetch(`${api.url}/ready`).catch(() => null);
    if (r?.ok) return;
    if (t > 900) throw new Error(`${api.url} not ready: ${r ? await r.text() : 'no answer'}`);
    await sleep(200);
  }
}

try {
  for (const setup of SETUPS) for (const mode of MODES) await run(setup, mode);
} finally {
  for (const w of Object.values(watchers)) w.close();
  for (const p of Object.values(proxies)) await p.close();
  await pg?.stop();
  await devnet.stop();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(0);
