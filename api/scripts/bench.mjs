#!/usr/bin/env node
// npm run bench -w @jmswap/api: prints the api's figures (no asserts).
//  1. ingest: >= 100 000 swap events (real logs of a local chain, replayed with new hashes and
//     later blocks) through the live indexer's decode + store code, into PGlite and PostgreSQL;
//  2. the candles endpoint over a year of 4-hour candles x 20 pairs, autocannon, 50 connections;
//  3. indexer lag behind the head while swaps are being made;
//  4. answer times of bad input: the fuzz test's requests (every route), in process.
// Options: --events N (default 100000), --seconds S per load run (default 10),
// --only ingest|candles|lag|fuzz (just that part), --db pglite|postgres (ingest into that one),
// --no-memo (ingest without what each write keeps for the next), --api-log-level L (the api process's
// LOG_LEVEL for the candles part; default info, as in production: a JSON line per request).
// --only idle [--seconds S] [--setups ...] [--modes ...]: CPU, memory and node calls per block
// with empty blocks and no trade (bench-idle.mjs).
// --only overhead [--base DIR] [--rounds N]: what logs and metrics cost: the candles load (wrk)
// on PostgreSQL against the api with LOG_LEVEL=info, with LOG_LEVEL=silent and, given --base
// (a checkout of an older commit whose node_modules resolve), that version's api, in turns.
import { createRequire } from 'node:module';
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { register } from 'tsx/cjs/api';
import autocannon from 'autocannon';
import {
  cpuSecondsOf,
  fmt,
  load1,
  serverCpuSeconds as postmasterCpuSeconds,
  waitedChildrenCpu,
} from './bench-util.mjs';

register();
const require = createRequire(import.meta.url);
const { startTestChains, swapBnbForUsdt } = require('../src/test/chain.ts');
const { freePort, startPostgres } = require('../src/test/postgres-server.ts');
const { openPglite, openPostgres } = require('../src/db/db.ts');
const { migrate } = require('../src/db/migrate.ts');
const { EvmSource } = require('../src/chain/evmSource.ts');
const {
  ingest,
  ingestState,
  prepareRange,
  prepareRows,
  storeRange,
  Indexer,
} = require('../src/indexer/indexer.ts');
const { moveCursor } = require('../src/indexer/store.ts');

const arg = (name, def) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const EVENTS = arg('--events', 100_000);
const SECONDS = arg('--seconds', 10);
const ONLY = process.argv.includes('--only')
  ? process.argv[process.argv.indexOf('--only') + 1]
  : null;
const part = (name) => ONLY === null || ONLY === name;
const API_LOG_LEVEL = process.argv.includes('--api-log-level')
  ? process.argv[process.argv.indexOf('--api-log-level') + 1]
  : 'info';
/** --db pglite|postgres: the ingest part on that database only. */
const DB = process.argv.includes('--db') ? process.argv[process.argv.indexOf('--db') + 1] : null;
const BATCH = 5000; // swap events per transaction
/** --no-memo: every ingest batch reads the pairs, reserves and latest candles again (as before). */
const NO_MEMO = process.argv.includes('--no-memo');
// A thousand pairs and 10 million trades: only when asked, in its own file.
if (ONLY?.startsWith('scale')) await import('./bench-scale.mjs');
// What the api costs when nothing happens: its own file (bench-idle.mjs).
if (ONLY === 'idle') await import('./bench-idle.mjs');
if (ONLY === 'fuzz') {
  await fuzzFigures();
  process.exit(0);
}
if (ONLY === 'overhead' || ONLY === 'overhead-inproc') await overheadInProcess();
if (ONLY === 'overhead-inproc') process.exit(0);

console.log('bench: starting local BSC and TRON chains with history...');
const chains = await startTestChains({ swaps: 60, tron: true });
const pg = await startPostgres();
const cleanups = [() => chains.stop(), () => pg.stop()];
try {
  const source = new EvmSource(chains.rpcUrl);
  const head = await source.head();
  const real = await source.logs(0, head);
  const swapsPerReplay = real.logs.filter(
    (l) => l.topics[0] === '0xd78ad95fa46c994b6551d0da85fc275fe613ce37657fb8d5e3d130840159d822',
  ).length;
  console.log(`bench: ${real.logs.length} real logs (${swapsPerReplay} swaps) in ${head} blocks`);

  // Each replay's blocks come after the previous replay's, in time too (a chain's time never goes
  // back): shifted by the real chain's whole time span and one block more.
  const times = [...real.blocks.values()].map((b) => b.time);
  const timeSpan = Math.max(...times) - Math.min(...times) + 3;
  console.log(`bench: the real blocks span ${(timeSpan / 3600).toFixed(1)} h`);

  /** Replay k of the real logs: new tx hashes, blocks and times after the previous replay. */
  function replay(k) {
    const span = head + 1;
    const logs = [];
    const blocks = new Map();
    const txFrom = new Map();
    const tag = (h) => h.slice(0, 58) + k.toString(16).padStart(8, '0');
    for (const l of real.logs) {
      if (
        l.topics[0] === '0x0d3648bd0f6ba80134a33ba9275ac585d9d315f0ad8355cddefde31afa28d0e9' &&
        k > 0
      )
        continue; // pairs exist after the first replay
      logs.push({ ...l, txHash: tag(l.txHash), blockNumber: l.blockNumber + k * span });
    }
    for (const [n, b] of real.blocks)
      blocks.set(n + k * span, {
        number: n + k * span,
        hash: tag(b.hash),
        time: b.time + k * timeSpan,
      });
    for (const [h, f] of real.txFrom) txFrom.set(tag(h), f);
    return { logs, blocks, txFrom, last: (k + 1) * span - 1 };
  }

  /** CPU seconds of the PostgreSQL server's processes (0 for PGlite: it runs in this process). */
  function serverCpuSeconds(db) {
    if (db.kind !== 'postgres') return 0;
    const master = Number(readFileSync(join(pg.dir, 'data/postmaster.pid'), 'utf8').split('\n')[0]);
    return postmasterCpuSeconds(master);
  }

  /** The replays in batches of ~BATCH swaps (chain reading is not what is measured). */
  function buildBatches() {
    const replays = Math.ceil(EVENTS / swapsPerReplay);
    const batches = [];
    let cur = { logs: [], blocks: new Map(), txFrom: new Map(), swaps: 0, last: 0 };
    for (let k = 0; k < replays; k++) {
      const r = replay(k);
      cur.logs.push(...r.logs);
      for (const [n, b] of r.blocks) cur.blocks.set(n, b);
      for (const [h, f] of r.txFrom) cur.txFrom.set(h, f);
      cur.swaps += swapsPerReplay;
      cur.last = r.last;
      if (cur.swaps >= BATCH || k === replays - 1) {
        batches.push(cur);
        cur = { logs: [], blocks: new Map(), txFrom: new Map(), swaps: 0, last: 0 };
      }
    }
    return batches;
  }

  /**
   * The api's own share of a swap's CPU: the same batches through ingest() against a database
   * that answers every statement at once with nothing (decoding, pricing, the rows, the
   * candles, the statements' texts), best of 3 rounds.
   */
  async function nodeSideBench() {
    const batches = buildBatches();
    const none = { query: async () => ({ rows: [] }), exec: async () => undefined };
    // A transaction takes new events by COPY (its rows' text); without it, by array literals
    // (the path of a range indexed again, ON CONFLICT).
    const withCopy = { ...none, copyFrom: async () => undefined };
    for (const [db, what] of [
      [withCopy, "COPY's text, as PGlite and PostgreSQL take new events"],
      [none, 'array literals, as before'],
    ]) {
      let best = Infinity;
      for (let round = 0; round < 3; round++) {
        const memo = NO_MEMO ? undefined : {};
        const cpu0 = process.cpuUsage();
        for (const b of batches)
          await ingest(db, chains.bsc, b.logs, b.blocks, b, b.last - 256, memo);
        const cpu = process.cpuUsage(cpu0);
        best = Math.min(best, (cpu.user + cpu.system) / batches.reduce((n, b) => n + b.swaps, 0));
      }
      console.log(
        `ingest node side  ${best.toFixed(1)} µs CPU per swap without a database (decoding, USD prices, rows, candles in memory, the statements' texts: ${what}; best of 3 rounds; load ${load1()})`,
      );
    }
  }

  async function ingestBench(label, db, pipelined = false) {
    await migrate(db);
    const batches = buildBatches();
    let cursor = null;
    let swaps = 0;
    // What each write leaves for the next (pairs, reserves, latest candles), as the live
    // indexer keeps it between its ranges while its cursor is where the last write left it.
    const memo = NO_MEMO ? undefined : {};
    // Each run starts on a fresh checkpoint: the WAL the run before it wrote does not bring the
    // server's next checkpoint (its writes, and whole pages in the WAL after it) into this one.
    const lsn = async () =>
      db.kind === 'postgres'
        ? (await db.query('SELECT pg_current_wal_lsn()::text AS l')).rows[0].l
        : null;
    if (db.kind === 'postgres') await db.query('CHECKPOINT');
    const wal0 = await lsn();
    const cpu0 = process.cpuUsage();
    const server0 = serverCpuSeconds(db);
    const t0 = performance.now();
    let ahead = null;
    for (const [i, b] of batches.entries()) {
      const next = { blockNumber: b.last, blockHash: '0x' + b.last.toString(16) };
      const prepared = await ahead;
      ahead = null;
      await db.transaction(async (tx) => {
        // As the live indexer stores a range: block hashes of its 256-block window only.
        const keep = b.last - 256;
        let rows;
        if (!pipelined) rows = await ingest(tx, chains.bsc, b.logs, b.blocks, b, keep, memo);
        else {
          // As the indexer catching up: this batch's rows made (or made ahead), then the next
          // batch's made from where they leave the pairs and reserves, while this one is written.
          const state = await ingestState(tx, chains.bsc, memo);
          const own = prepared ?? {
            rows: await prepareRows(chains.bsc, b.logs, b.blocks, b, state),
          };
          const n = batches[i + 1];
          // Without the memo (--no-memo) the next batch would start from this one's reserves
          // before its syncs: the indexer always keeps them, the bench then prepares nothing ahead.
          if (n && memo) ahead = prepareRange(chains.bsc, n.logs, n.blocks, n, state);
          rows = await storeRange(tx, chains.bsc, own, b.blocks, keep, memo);
        }
        swaps += rows.trades.length;
        await moveCursor(tx, 'BSC', cursor, next);
      });
      cursor = next;
    }
    const s = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const ownS = (cpu.user + cpu.system) / 1e6;
    const serverS = serverCpuSeconds(db) - server0;
    const cpuS = ownS + serverS;
    const wal1 = await lsn();
    const walMb =
      wal0 === null
        ? null
        : Number(
            (await db.query('SELECT pg_wal_lsn_diff($1, $2)::float8 AS b', [wal1, wal0])).rows[0].b,
          ) /
          2 ** 20;
    const { rows } = await db.query(
      `SELECT (SELECT count(*)::int FROM trades) AS n, (SELECT count(*)::int FROM candles) AS c`,
    );
    // The goals: >= 50 000 swaps/s on PostgreSQL, >= 15 000 on PGlite.
    const goal = db.kind === 'postgres' ? 50_000 : 15_000;
    // On PostgreSQL the goal is the throughput of indexing a backlog (the indexer catching up,
    // the second run); following the head, the chain's pace is the limit (see lag).
    const goalNote =
      db.kind === 'postgres' && !pipelined
        ? 'the goal is the catching-up run below'
        : `goal >= ${fmt(goal)}: ${swaps / s >= goal ? 'met' : 'NOT met'}`;
    console.log(
      `ingest ${label.padEnd(10)} ${fmt(swaps)} swaps (${fmt(rows[0].n)} stored, ${fmt(rows[0].c)} candles) in ${s.toFixed(1)} s = ${fmt(swaps / s)} swaps/s (${goalNote}; batches of ~${BATCH} swaps, events + candles + cursor per transaction${NO_MEMO ? ', nothing kept between batches (--no-memo)' : ', what each write leaves kept for the next'}${pipelined ? (NO_MEMO ? ', nothing made ahead (that needs the memo)' : ', the next batch made ready during each write, as the indexer catching up') : db.kind === 'postgres' ? ', a batch at a time, as the indexer following the head' : ''}; load ${load1()})`,
    );
    // On a busy machine the wall clock mostly measures the other processes: the CPU time the
    // bench and the database server spent is what the ingest itself costs.
    console.log(
      `ingest ${label.padEnd(10)} CPU ${cpuS.toFixed(1)} s (this process${db.kind === 'postgres' ? ` ${ownS.toFixed(1)} s + the PostgreSQL server ${serverS.toFixed(1)} s` : ''}) = ${fmt(swaps / cpuS)} swaps per CPU-second${walMb === null ? '' : `; ${fmt(walMb)} MB of WAL`}`,
    );
    // What the goal needs of this machine: at most 2 000 000 µs / goal of CPU per swap on
    // PostgreSQL (both cores free, node and the server perfectly overlapped), 1 000 000 µs /
    // goal on PGlite (it runs on this process's one thread, with the decoding).
    const us = (x) => fmt((x * 1e6) / swaps);
    const cores = db.kind === 'postgres' ? 2 : 1;
    const budget = (cores * 1e6) / goal;
    console.log(
      `ingest ${label.padEnd(10)} ${us(cpuS)} µs CPU per swap (${db.kind === 'postgres' ? `node ${us(ownS)} + PostgreSQL ${us(serverS)}` : 'node and PGlite in this process'}); ` +
        `${fmt(goal)} swaps/s needs <= ${fmt(budget)} µs per swap in all (${cores === 2 ? '2 cores free, the two sides overlapped' : 'one thread, free'}): ` +
        `${(cpuS * 1e6) / swaps <= budget ? 'within reach' : `${((cpuS * 1e6) / swaps / budget).toFixed(1)}x that`}`,
    );
  }

  if (part('ingest')) await nodeSideBench();
  if (part('ingest') && DB !== 'postgres') {
    const liteDir = mkdtempSync(join(tmpdir(), 'jmswap-bench-pglite-'));
    cleanups.push(() => rmSync(liteDir, { recursive: true, force: true }));
    const lite = openPglite(liteDir);
    await ingestBench('PGlite', lite);
    await lite.close();
  }
  if (part('ingest') && DB !== 'pglite') {
    const pgDb = openPostgres(pg.url);
    await ingestBench('PostgreSQL', pgDb);
    // The same into an empty database as the indexer catching up: each next batch made ready
    // (rows and COPY texts) during the write before it.
    await pgDb.query('CREATE DATABASE bench_pipelined');
    await pgDb.close();
    const pipelinedDb = openPostgres(pg.url.replace(/\/[^/?]*(\?|$)/, '/bench_pipelined$1'));
    await ingestBench('PostgreSQL', pipelinedDb, true);
    await pipelinedDb.close();
  }
  if (part('candles') || ONLY === 'overhead') await candlesFigures();
  if (part('lag')) await lagFigures(source);
  if (part('fuzz')) await fuzzFigures();
} finally {
  for (const c of cleanups.reverse()) await c();
}
process.exit(0);

/** The candles endpoint under load, from a separate api process. */
async function candlesFigures() {
  // ------------------------------------------------ candles endpoint under load
  // 20 pairs: the BSC pools plus synthetic ones over the same tokens.
  const symbols = [...chains.bsc.tokensBySymbol.keys()];
  const pairs = [];
  for (let i = 0; pairs.length < 20; i++) {
    const a = symbols[i % symbols.length];
    const b = symbols[(i + 1 + Math.floor(i / symbols.length)) % symbols.length];
    const key = [a, b].sort().join();
    if (a === b || pairs.some((p) => [p.symbolA, p.symbolB].sort().join() === key)) continue;
    pairs.push({
      address: '0x' + (0xbe00 + i).toString(16).padStart(40, '0'),
      symbolA: a,
      symbolB: b,
    });
  }
  const workDir = mkdtempSync(join(tmpdir(), 'jmswap-bench-load-'));
  cleanups.push(() => rmSync(workDir, { recursive: true, force: true }));
  const networksFile = join(workDir, 'networks.json');
  const bscConfig = chains.devnet.config.networks.BSC;
  writeFileSync(
    networksFile,
    JSON.stringify({ networks: { BSC: { ...bscConfig, pools: pairs } } }, null, 2),
  );
  const paths = pairs.map((p) => `/v1/history/bsc/candles/1y/${p.symbolA}/${p.symbolB}`);

  /** A year of 4-hour candles for every pair (the API serves them; no indexer runs). */
  async function fillCandles(db) {
    await migrate(db);
    await db.query('DELETE FROM candles');
    await db.query('DELETE FROM pairs');
    const now = Math.floor(Date.now() / 1000);
    const first = Math.floor((now - 365 * 86400) / 14400) * 14400;
    for (const p of pairs) {
      await db.query(
        `INSERT INTO candles (network, pair, bucket, o, h, l, c, volume_usd, trades)
         SELECT 'BSC', $1, b, 600 + random(), 601 + random(), 599 + random(), 600 + random(), 100, 3
         FROM generate_series($2::bigint, $3::bigint, 14400) b`,
        [p.address, first, now],
      );
    }
  }

  /** The api as `npm start` runs it (its own process, --no-indexer), on a free port. */
  async function startApiProcess(env, args, script = join(import.meta.dirname, 'api.mjs')) {
    const port = await freePort();
    // Its log lines go to a file, as a production api's go to a log collector (not into this
    // process, whose CPU would then count against the api on the same cores).
    const logFile = join(workDir, `api-${port}.log`);
    const out = openSync(logFile, 'w');
    const child = spawn(
      process.execPath,
      [script, '--port', String(port), '--networks', networksFile, '--no-indexer', ...args],
      {
        env: { ...process.env, LOG_LEVEL: API_LOG_LEVEL, ...env },
        stdio: ['ignore', out, 'inherit'],
      },
    );
    closeSync(out);
    // Ready when it answers (with LOG_LEVEL=silent there is no start-up line to wait for).
    let exited = null;
    child.once('exit', (code) => (exited = code));
    for (const end = Date.now() + 60_000; ;) {
      if (exited !== null) throw new Error(`api exited (${exited})`);
      if (Date.now() > end) throw new Error('api did not answer within 60 s');
      const ok = await fetch(`http://127.0.0.1:${port}/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    return {
      url: `http://127.0.0.1:${port}`,
      pid: child.pid,
      stop: () =>
        new Promise((resolve) => {
          child.removeAllListeners('exit');
          child.once('exit', () => {
            rmSync(logFile, { force: true });
            resolve();
          });
          child.kill('SIGTERM');
        }),
    };
  }

  const pct = (sorted, p) =>
    sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

  const f1 = (ms) => ms.toFixed(1);
  // The goal: p95 <= 20 ms at 50 connections, browsers (br) included, on both databases.
  const line = (tool, label, rps, p50, p95, p99, kbs, answers, notOk, cpu) =>
    console.log(
      `candles ${label.padEnd(34)} ${tool.padEnd(10)} ${fmt(rps).padStart(6)} req/s, p50 ${f1(p50)} ms, ` +
        `p95 ${f1(p95)} ms (goal <= 20: ${p95 <= 20 ? 'met' : 'NOT met'}), p99 ${f1(p99)} ms, ${fmt(kbs)} KB/s, ${fmt(answers)} answers, ` +
        `${notOk} errors (load ${load1()})` +
        (cpu
          ? `; CPU: api ${cpu.api.toFixed(1)} s, ${tool} ${cpu.tool.toFixed(1)} s of ${cpu.wall.toFixed(1)} s ` +
            `(${fmt((cpu.api * 1e6) / answers)} µs api CPU per answer); 50 connections / ${fmt(rps)} req/s = ` +
            `${f1((50 / rps) * 1000)} ms mean wait per request`
          : ''),
    );
  /**
   * The CPU the api process and the load tool spent during one run: with 50 connections always
   * waiting, the mean latency is 50 / throughput (Little's law), and the throughput is what the
   * machine's 2 cores give the api after the load tool and every other process took theirs.
   */
  const cpuMeter = (apiPid, tool) => {
    const api0 = cpuSecondsOf(apiPid);
    const tool0 = tool === 'wrk' ? waitedChildrenCpu() : process.cpuUsage();
    const t0 = performance.now();
    return () => ({
      api: cpuSecondsOf(apiPid) - api0,
      tool:
        tool === 'wrk'
          ? waitedChildrenCpu() - tool0
          : ((u) => (u.user + u.system) / 1e6)(process.cpuUsage(tool0)),
      wall: (performance.now() - t0) / 1000,
    });
  };

  /** autocannon, 50 connections, the 20 pairs' 1-year candles in turn; own p95 (autocannon has none). */
  async function autocannonRun(server, label, headers, query = '') {
    const url = server.url;
    const latencies = [];
    const meter = cpuMeter(server.pid, 'autocannon');
    const instance = autocannon({
      url,
      connections: 50,
      duration: SECONDS,
      requests: paths.map((path, i) => ({
        method: 'GET',
        path: path + query,
        headers: headers[i],
      })),
    });
    instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
    const r = await instance;
    const cpu = meter();
    latencies.sort((x, y) => x - y);
    const notOk = r.errors + r.timeouts + r['1xx'] + r['4xx'] + r['5xx'];
    line(
      'autocannon',
      label,
      r.requests.average,
      pct(latencies, 50),
      pct(latencies, 95),
      pct(latencies, 99),
      r.throughput.average / 1024,
      r.requests.total,
      notOk,
      cpu,
    );
  }

  /**
   * wrk (C; Debian's `wrk`), when installed: autocannon decodes every body as UTF-8 text, which
   * for a compressed (binary) body costs the load tool more than the api spends answering.
   */
  const hasWrk = spawnSync('wrk', ['--version']).error === undefined;
  function wrkRun(server, label, headers, query = '') {
    const url = server.url;
    const script = join(workDir, 'wrk.lua');
    writeFileSync(
      script,
      `local reqs = {}
init = function(_)
${paths.map((p, i) => `  reqs[${i + 1}] = wrk.format("GET", ${JSON.stringify(p + query)}, ${luaTable(headers[i])})`).join('\n')}
end
local i = 0
request = function() i = i % #reqs + 1; return reqs[i] end
done = function(s, lat, _)
  local e = s.errors
  io.write(string.format("WRK %d %d %d %f %f %f %d\\n", s.requests, s.duration, s.bytes,
    lat:percentile(50), lat:percentile(95), lat:percentile(99),
    e.connect + e.read + e.write + e.status + e.timeout))
end
`,
    );
    const meter = cpuMeter(server.pid, 'wrk');
    const out = spawnSync('wrk', ['-t1', '-c50', `-d${SECONDS}s`, '-s', script, url], {
      encoding: 'utf8',
    }).stdout;
    const m = /WRK (\d+) (\d+) (\d+) ([\d.]+) ([\d.]+) ([\d.]+) (\d+)/.exec(out);
    if (!m) return console.log(`candles ${label}: wrk printed no figures: ${out}`);
    const [n, us, bytes, p50, p95, p99, notOk] = m.slice(1).map(Number);
    if (quietWrk) return { rps: n / (us / 1e6), p50: p50 / 1000, p95: p95 / 1000, p99: p99 / 1000 };
    line(
      'wrk',
      label,
      n / (us / 1e6),
      p50 / 1000,
      p95 / 1000,
      p99 / 1000,
      bytes / 1024 / (us / 1e6),
      n,
      notOk,
      meter(),
    );
  }
  let quietWrk = false;

  /** The same load on each variant in turn, `--rounds` times: medians per variant. */
  async function overhead() {
    if (!hasWrk) return console.log('overhead: needs wrk (apt-get install wrk)');
    const rounds = arg('--rounds', 3);
    const baseDir = process.argv.includes('--base')
      ? process.argv[process.argv.indexOf('--base') + 1]
      : null;
    const variants = [
      ['logs info + metrics', { LOG_LEVEL: 'info' }, undefined],
      ['logs silent + metrics', { LOG_LEVEL: 'silent' }, undefined],
      ...(baseDir ? [['--base checkout', {}, join(baseDir, 'api/scripts/api.mjs')]] : []),
    ];
    const browser = { 'accept-encoding': 'gzip, deflate, br' };
    const etags = {};
    const clients = [
      ['browser (br)', () => paths.map(() => browser)],
      [
        'revalidation (304)',
        (v) => etags[v].map((etag) => ({ ...browser, 'if-none-match': etag })),
      ],
      ['plain (230 KB)', () => paths.map(() => ({}))],
    ];
    const results = new Map();
    quietWrk = true;
    for (let round = 0; round < rounds; round++) {
      for (const [label, env, script] of variants) {
        const api = await startApiProcess({ DATABASE_URL: pg.url, ...env }, [], script);
        try {
          etags[label] = await Promise.all(
            paths.map(async (path) => (await fetch(api.url + path)).headers.get('etag')),
          );
          for (const [client, headers] of clients) {
            const r = wrkRun(api, client, headers(label));
            const key = `${label}|${client}`;
            results.set(key, [...(results.get(key) ?? []), { ...r, load: load1() }]);
          }
        } finally {
          await api.stop();
        }
      }
    }
    quietWrk = false;
    const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    console.log(
      `overhead: candles 1y on PostgreSQL, wrk 50 connections, ${SECONDS} s per run, ${rounds} rounds in turns; medians`,
    );
    for (const [client] of clients)
      for (const [label] of variants) {
        const rs = results.get(`${label}|${client}`);
        console.log(
          `overhead ${client.padEnd(19)} ${label.padEnd(34)} ${fmt(med(rs.map((r) => r.rps))).padStart(6)} req/s, p50 ${med(rs.map((r) => r.p50)).toFixed(1)} ms, p95 ${med(rs.map((r) => r.p95)).toFixed(1)} ms, p99 ${med(rs.map((r) => r.p99)).toFixed(1)} ms (load ${rs.map((r) => r.load).join('/')})`,
        );
      }
  }

  const luaTable = (h) =>
    '{' +
    Object.entries(h)
      .map(([k, v]) => `[${JSON.stringify(k)}] = ${JSON.stringify(v)}`)
      .join(', ') +
    '}';

  async function loadBench(label, server) {
    const first = await fetch(server.url + paths[0]);
    const candles = (await first.json()).length;
    // Each pair's ETag, for the revalidating client.
    const etags = await Promise.all(
      paths.map(async (path) => (await fetch(server.url + path)).headers.get('etag')),
    );
    console.log(
      `candles ${label}: ${pairs.length} pairs x ${candles} candles (1y) in turn, 50 connections, ${SECONDS} s per line, api in its own process (LOG_LEVEL=${API_LOG_LEVEL}: ${API_LOG_LEVEL === 'info' ? 'a JSON line per request' : 'no request lines'}; metrics on)${hasWrk ? '' : ' (no wrk installed: autocannon only)'}`,
    );
    const browser = { 'accept-encoding': 'gzip, deflate, br' };
    const clients = [
      ['plain (no compression)', paths.map(() => ({}))],
      ['browser (br)', paths.map(() => browser)],
      ['revalidation (304)', etags.map((etag) => ({ ...browser, 'if-none-match': etag }))],
      // What the charts page asks first: the last 300 candles (?limit=300).
      ['browser (br), last 300', paths.map(() => browser), '?limit=300'],
    ];
    for (const [client, headers, query = ''] of clients) {
      await autocannonRun(server, `${label} ${client}`, headers, query);
      if (hasWrk) wrkRun(server, `${label} ${client}`, headers, query);
    }
  }

  const pgLoad = openPostgres(pg.url);
  await fillCandles(pgLoad);
  await pgLoad.close();
  if (ONLY === 'overhead') return overhead();
  const pgApi = await startApiProcess({ DATABASE_URL: pg.url }, []);
  try {
    await loadBench('PostgreSQL', pgApi);
  } finally {
    await pgApi.stop();
  }
  const liteDir = join(workDir, 'pglite');
  const liteLoad = openPglite(liteDir);
  await fillCandles(liteLoad);
  await liteLoad.close();
  const liteApi = await startApiProcess({ DATABASE_URL: '' }, ['--data', liteDir]);
  try {
    await loadBench('PGlite', liteApi);
  } finally {
    await liteApi.stop();
  }
}

/** Indexer lag behind the head while swaps are being made. */
async function lagFigures(source) {
  const lagDb = openPglite();
  await migrate(lagDb);
  // As the api runs it: metrics on, logs at info (the range lines are debug).
  const { Metrics } = require('../src/metrics.ts');
  const { createLogger } = require('../src/log.ts');
  const quiet = (await import('pino')).default.destination({ dest: '/dev/null', sync: false });
  const ix = new Indexer({
    db: lagDb,
    network: chains.bsc,
    source,
    pollMs: 100,
    metrics: new Metrics(),
    logger: createLogger({ destination: quiet }),
  });
  await ix.syncToHead();
  ix.start();
  const lags = [];
  for (let i = 0; i < 15; i++) {
    const hash = await swapBnbForUsdt(chains, 10n ** 15n * BigInt(i + 1));
    const t = performance.now();
    for (;;) {
      const { rows } = await lagDb.query('SELECT 1 FROM trades WHERE tx_hash = $1', [hash]);
      if (rows.length) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    lags.push(performance.now() - t);
  }
  await ix.stop();
  await lagDb.close();
  lags.sort((a, b) => a - b);
  console.log(
    `lag       PGlite     15 swaps: median ${fmt(lags[7])} ms, max ${fmt(lags[14])} ms from the receipt to the stored trade (poll 100 ms)`,
  );

  // ------------------------------------------------ TRON: one step after a new block
  const tron = chains.networks.find((n) => n.id === 'TRON');
  const tronDb = openPglite();
  await migrate(tronDb);
  const { sourceFor } = require('../src/indexer/sources.ts');
  const tix = new Indexer({ db: tronDb, network: tron, source: sourceFor(tron) });
  await tix.syncToHead();
  const steps = [];
  for (let i = 0; i < 10; i++) {
    await fetch(chains.tronAnvilUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'evm_mine', params: [] }),
    });
    const t = performance.now();
    await tix.syncToHead();
    steps.push(performance.now() - t);
  }
  await tronDb.close();
  steps.sort((a, b) => a - b);
  console.log(
    `lag       TRON       10 new blocks: indexed in median ${fmt(steps[5])} ms, max ${fmt(steps[9])} ms after the block (event API, block by block; add the poll interval)`,
  );
}

/**
 * Answer times of bad and odd input (the fuzz test's generator, every public and operator
 * route), through fastify's inject in this process: routing, validation, the handler and the
 * error body, without the network. Logging and metrics on, as in production (the log lines go
 * to /dev/null here).
 */
async function fuzzFigures() {
  const fc = (await import('fast-check')).default;
  const { openSync } = await import('node:fs');
  const pino = (await import('pino')).default;
  const { buildApp, buildAdminApp } = require('../src/app.ts');
  const { Metrics } = require('../src/metrics.ts');
  const { createLogger } = require('../src/log.ts');
  const { fuzzNetworks, fuzzRequest } = require('../src/test/fuzz-inputs.ts');
  const db = openPglite();
  await migrate(db);
  const metrics = new Metrics({ process: true });
  const logger = createLogger({
    destination: pino.destination({ fd: openSync('/dev/null', 'w'), sync: false }),
  });
  const token = 'f'.repeat(64);
  const app = await buildApp({
    db,
    networks: fuzzNetworks(),
    metrics,
    logger,
    listing: {
      readToken: async () => ({ kind: 'missing' }),
      rateLimit: { max: 1e9, timeWindow: 60000 },
    },
    clientReports: { rateLimit: { max: 1e9, timeWindow: 60000 } },
  });
  const admin = await buildAdminApp({ db, metrics, adminToken: token, logger });
  const N = arg('--requests', 5000);
  const samples = fc.sample(fuzzRequest, { numRuns: N, seed: 24_040 });
  const byRoute = new Map();
  const t0 = performance.now();
  for (const s of samples) {
    const r = await s;
    const t = performance.now();
    const res = await (r.admin ? admin : app).inject({
      method: r.method,
      url: r.url,
      headers: { ...r.headers, ...(r.admin ? { authorization: `Bearer ${token}` } : {}) },
      ...(r.payload === undefined ? {} : { payload: r.payload }),
    });
    const ms = performance.now() - t;
    const e = byRoute.get(r.route) ?? { times: [], fiveXX: 0 };
    e.times.push(ms);
    if (res.statusCode >= 500 && r.route !== '/ready') e.fiveXX++;
    byRoute.set(r.route, e);
  }
  const all = [...byRoute.values()].flatMap((e) => e.times).sort((a, b) => a - b);
  const pctl = (xs, p) => xs[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];
  console.log(
    `fuzz      ${N} bad/odd requests over ${byRoute.size} routes in ${((performance.now() - t0) / 1000).toFixed(1)} s (in process, PGlite, logs + metrics on): p50 ${pctl(all, 50).toFixed(2)} ms, p95 ${pctl(all, 95).toFixed(2)} ms, p99 ${pctl(all, 99).toFixed(2)} ms, max ${all.at(-1).toFixed(1)} ms (load ${load1()})`,
  );
  for (const [route, e] of [...byRoute].sort()) {
    const xs = e.times.sort((a, b) => a - b);
    console.log(
      `fuzz        ${route.padEnd(46)} ${String(xs.length).padStart(5)} req, p50 ${pctl(xs, 50).toFixed(2)} ms, p95 ${pctl(xs, 95).toFixed(2)} ms, max ${xs.at(-1).toFixed(1)} ms, 5xx ${e.fiveXX}`,
    );
  }
  await app.close();
  await admin.close();
  await db.close();
}

/**
 * The CPU a request costs with and without its log line and metrics, in process (fastify's
 * inject, no network, no load tool): the same cached chart answer 20 000 times per variant, in
 * turns, 3 rounds; the medians. Independent of the machine's load, unlike the wrk figures.
 */
async function overheadInProcess() {
  const pino = (await import('pino')).default;
  const { buildApp } = require('../src/app.ts');
  const { Metrics } = require('../src/metrics.ts');
  const { createLogger } = require('../src/log.ts');
  const { fuzzNetworks } = require('../src/test/fuzz-inputs.ts');
  const db = openPglite();
  await migrate(db);
  const toNull = () => {
    const dest = pino.destination({ dest: '/dev/null', sync: false, minLength: 4096 });
    return createLogger({ destination: dest });
  };
  const variants = [
    ['logs info + metrics', () => ({ logger: toNull(), metrics: new Metrics() })],
    [
      'logs silent + metrics',
      () => ({ logger: createLogger({ level: 'silent' }), metrics: new Metrics() }),
    ],
    ['no logger + metrics', () => ({ logger: false, metrics: new Metrics() })],
  ];
  const N = 20_000;
  const cpu = new Map();
  for (let round = 0; round < 3; round++)
    for (const [label, make] of variants) {
      const app = await buildApp({ db, networks: fuzzNetworks(), ...make() });
      const url = '/v1/history/bsc/candles/1w/BNB/USDT';
      for (let i = 0; i < 500; i++) await app.inject(url); // warm-up
      const c0 = process.cpuUsage();
      for (let i = 0; i < N; i++) await app.inject(url);
      const c = process.cpuUsage(c0);
      cpu.set(label, [...(cpu.get(label) ?? []), (c.user + c.system) / N]);
      await app.close();
    }
  const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  for (const [label] of variants)
    console.log(
      `overhead in process: ${label.padEnd(24)} ${med(cpu.get(label)).toFixed(1)} µs CPU per request (a cached chart answer, fastify inject, median of 3 x ${N})`,
    );
  await db.close();
}
