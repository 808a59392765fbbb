// npm run bench -w @jmswap/api -- --only scale: the history api at a thousand pairs.
//  1. read: 10 million trades over 1 000 pairs bulk-loaded into PostgreSQL (1 million into
//     PGlite; --trades N / --lite-trades N), candles built by the indexer's own rebuild and a
//     sample checked against its in-memory aggregation; then /v1/history and candles under load
//     (wrk, 50 connections, brotli), p95 beside the goal (<= 20 ms), with the load average and
//     the CPU the api and wrk spent.
//  2. lag: the live indexer following a synthetic chain whose swaps are spread over 1 000 pairs.
//  3. catch-up: the live indexer indexing a backlog of that chain (100 blocks of 1 000 swaps,
//     --catchup-blocks N, ranges of --catchup-range 5 blocks), as it catches up (reading ahead)
//     and a range at a time, in turns, on PGlite's worker and PostgreSQL.
// --only scale-read / --only scale-lag / --only scale-catchup run one of them; --db pglite|postgres the read part on one
// database; --seconds S per load line (default 10); --pg-url URL a PostgreSQL server of one's own
// (its database is filled unless --no-load: the trades loaded by an earlier run with --pg-url).
// --trace (lag): where each stored block's time went, median and max per part: the poll, the
// reads before the write, every statement of the write, the commit, the step's CPU.
import { createRequire } from 'node:module';
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { register } from 'tsx/cjs/api';
import {
  cpuSecondsOf,
  fmt,
  load1,
  serverCpuSeconds,
  statFields,
  waitedChildrenCpu,
} from './bench-util.mjs';

register();
const require = createRequire(import.meta.url);
const { freePort, startPostgres } = require('../src/test/postgres-server.ts');
const { openPglite, openPgliteWorker, openPostgres } = require('../src/db/db.ts');
const { migrate } = require('../src/db/migrate.ts');
const { addToCandles, rebuildCandles } = require('../src/indexer/store.ts');
const fake = require('../src/test/fake-chain.ts');
const { Indexer } = require('../src/indexer/indexer.ts');
const { Metrics } = require('../src/metrics.ts');
const { createLogger } = require('../src/log.ts');

const argv = process.argv;
const opt = (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const ONLY = opt('--only');
const DB = opt('--db');
const SECONDS = Number(opt('--seconds') ?? 10);
const PG_TRADES = Number(opt('--trades') ?? 10_000_000);
const LITE_TRADES = Number(opt('--lite-trades') ?? 1_000_000);
const PG_URL = opt('--pg-url');
const NO_LOAD = argv.includes('--no-load');
/** Only the read lines whose name matches (a regular expression, e.g. 'wallet|1 year'). */
const LINES = opt('--lines') ? new RegExp(opt('--lines')) : null;
const PAIRS = 1000;
/** The lag part's chain: a block every BLOCK_MS with SWAPS_PER_BLOCK swaps over the pairs. */
const BLOCK_MS = Number(opt('--block-ms') ?? 1000);
const SWAPS_PER_BLOCK = Number(opt('--swaps-per-block') ?? 1000);
const LAG_BLOCKS = Number(opt('--lag-blocks') ?? 30);
/** The catch-up part's backlog (blocks of SWAPS_PER_BLOCK swaps) and the indexer's range. */
const CATCHUP_BLOCKS = Number(opt('--catchup-blocks') ?? 100);
const CATCHUP_RANGE = Number(opt('--catchup-range') ?? 5);
/** A prime: every one of them trades, the wallet taking every tenth trade included. */
const TRADERS = 99_991;
const YEAR = 365 * 86400;
// The fake chain's addresses (src/test/fake-chain.ts), as numbers for the bulk load's SQL.
const PAIR_BASE = 0xbe0000;
const TOKEN_BASE = 0xc00000;
const TRADER_BASE = 0xa00000;
const WHALE = '0x' + 'ab'.repeat(20);
const hex40 = (n) => '0x' + n.toString(16).padStart(40, '0');
const USDT = fake.FAKE_USDT;
const { fakePair: pairAddress, fakeToken: tokenAddress, fakeTrader: traderAddress } = fake;
if (pairAddress(1) !== hex40(PAIR_BASE + 1) || traderAddress(1) !== hex40(TRADER_BASE + 1))
  throw new Error("the bulk load's addresses are not the fake chain's");

const workDir = mkdtempSync(join(tmpdir(), 'jmswap-bench-scale-'));
const cleanups = [() => rmSync(workDir, { recursive: true, force: true })];
const now = Math.floor(Date.now() / 1000);
const start = now - YEAR;

function networksFile() {
  const file = join(workDir, 'networks.json');
  writeFileSync(file, JSON.stringify(fake.fakeNetworksJson(PAIRS)));
  return file;
}

/**
 * `n` trades over a year, pair k = g mod 1 000, 4 per block, 99 991 traders plus one wallet with
 * a tenth of all trades; amounts and price as the Swap handler stores them (A per 1 B, 18 digits
 * after the point, rounded down). Indexes are dropped during the load and built after it (a
 * sorted build instead of 10 million index inserts), from their own definitions.
 */
async function loadTrades(db, n, label) {
  const t0 = performance.now();
  await migrate(db);
  await db.query(
    `INSERT INTO pairs (network, address, token0, token1, block_number)
     SELECT 'BSC', '0x' || lpad(to_hex(${PAIR_BASE} + k), 40, '0'), $1,
       '0x' || lpad(to_hex(${TOKEN_BASE} + k), 40, '0'), 0
     FROM generate_series(0, ${PAIRS - 1}) k`,
    [USDT],
  );
  const { rows: pk } = await db.query(
    `SELECT conname, pg_get_constraintdef(oid) AS def FROM pg_constraint
     WHERE conrelid = 'trades'::regclass AND contype = 'p'`,
  );
  const { rows: indexes } = await db.query(
    `SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'trades' AND indexname <> $1`,
    [pk[0].conname],
  );
  await db.query(`ALTER TABLE trades DROP CONSTRAINT ${pk[0].conname}`);
  for (const i of indexes) await db.query(`DROP INDEX ${i.indexname}`);
  const blocks = Math.ceil(n / 4);
  const chunk = db.kind === 'postgres' ? 1_000_000 : 250_000;
  for (let lo = 0; lo < n; lo += chunk) {
    const hi = Math.min(n, lo + chunk);
    await db.query(
      `INSERT INTO trades (network, pair, tx_hash, log_index, block_number, block_hash, time,
         side, amount0_in, amount1_in, amount0_out, amount1_out, amount_a, amount_b, price, usd,
         trader)
       SELECT 'BSC', '0x' || lpad(to_hex(${PAIR_BASE} + g % ${PAIRS}), 40, '0'),
         '0x' || lpad(to_hex(g), 64, '0'), (g % 4)::int, blk, '0x' || lpad(to_hex(blk), 64, '0'),
         ${start} + blk * ${YEAR} / ${blocks}, side,
         CASE WHEN side = 'buy' THEN a ELSE 0 END, CASE WHEN side = 'sell' THEN b ELSE 0 END,
         CASE WHEN side = 'sell' THEN a ELSE 0 END, CASE WHEN side = 'buy' THEN b ELSE 0 END,
         a, b, div(a * 1000000000000000000, b) * 0.000000000000000001, (a / 1e18)::float8,
         CASE WHEN g % 10 = 0 THEN '${WHALE}'
           ELSE '0x' || lpad(to_hex(${TRADER_BASE} + (g * 7919) % ${TRADERS}), 40, '0') END
       FROM (SELECT g, g / 4 AS blk, CASE WHEN (g * 7) % 3 = 0 THEN 'sell' ELSE 'buy' END AS side,
               (1 + g % 997)::numeric * 1000000000000000 AS b,
               (1 + g % 997)::numeric * 10000000000000 * (60000 + (g * 13) % 2000 + g % 7919) AS a
             FROM generate_series(${lo}::bigint, ${hi - 1}::bigint) g) s`,
    );
    if (process.stdout.isTTY) process.stdout.write(`\rscale ${label}: ${fmt(hi)} trades inserted`);
  }
  if (process.stdout.isTTY) process.stdout.write('\n');
  const tInsert = performance.now();
  const big = db.kind === 'postgres' ? "SET maintenance_work_mem = '512MB'; " : '';
  await db.exec(`${big}ALTER TABLE trades ADD CONSTRAINT ${pk[0].conname} ${pk[0].def}`);
  for (const i of indexes) await db.exec(`${big}${i.indexdef}`);
  const tIndex = performance.now();
  // The candles as the indexer rebuilds them (rebuildCandles, per pair, the same SQL).
  for (let k = 0; k < PAIRS; k += 50)
    await db.transaction(async (tx) => {
      for (let j = k; j < Math.min(PAIRS, k + 50); j++)
        await rebuildCandles(tx, 'BSC', pairAddress(j), 0);
    });
  await db.query(
    `INSERT INTO indexer_cursor (network, block_number, block_hash) VALUES ('BSC', $1, $2)`,
    [blocks, '0x' + blocks.toString(16).padStart(64, '0')],
  );
  await db.exec('VACUUM ANALYZE');
  const tEnd = performance.now();
  const { rows } = await db.query(
    `SELECT (SELECT count(*) FROM trades)::int AS trades, (SELECT count(*) FROM candles)::int AS candles`,
  );
  console.log(
    `scale ${label}: loaded ${fmt(rows[0].trades)} trades over ${PAIRS} pairs, ${fmt(rows[0].candles)} candles in ${((tEnd - t0) / 1000).toFixed(0)} s ` +
      `(insert ${((tInsert - t0) / 1000).toFixed(0)} s, indexes ${((tIndex - tInsert) / 1000).toFixed(0)} s, candles + vacuum ${((tEnd - tIndex) / 1000).toFixed(0)} s; load ${load1()})`,
  );
  await checkCandles(db, label);
}

/**
 * A sample of pairs: their stored candles against what the live indexer's in-memory aggregation
 * (addToCandles) writes from the same trades, in a transaction rolled back afterwards.
 */
async function checkCandles(db, label) {
  const sample = [0, 499, 999].map(pairAddress);
  const read = (q, pair) =>
    q.query(
      `SELECT bucket::text AS bucket, o, h, l, c, volume_usd, trades FROM candles
       WHERE network = 'BSC' AND pair = $1 ORDER BY bucket`,
      [pair],
    );
  let same = 0;
  let candles = 0;
  const differ = [];
  for (const pair of sample) {
    const stored = (await read(db, pair)).rows;
    const { rows: trades } = await db.query(
      `SELECT pair, time::int AS time, block_number::int AS "blockNumber", log_index AS "logIndex",
         price::text AS price, usd FROM trades WHERE network = 'BSC' AND pair = $1`,
      [pair],
    );
    const rollback = new Error('rollback');
    let fresh = [];
    await db
      .transaction(async (tx) => {
        await tx.query(`DELETE FROM candles WHERE network = 'BSC' AND pair = $1`, [pair]);
        await addToCandles(tx, 'BSC', trades);
        fresh = (await read(tx, pair)).rows;
        throw rollback;
      })
      .catch((e) => {
        if (e !== rollback) throw e;
      });
    candles += stored.length;
    if (JSON.stringify(fresh) === JSON.stringify(stored)) same++;
    else differ.push(pair);
  }
  console.log(
    `scale ${label}: candles of ${sample.length} sample pairs (${fmt(candles)} candles) ${same === sample.length ? 'equal' : `DIFFER (${differ.join(', ')})`} to the indexer's in-memory aggregation of the same trades`,
  );
}

/**
 * The api as `npm start` runs it, without indexers, its log to a file. Tried again on another
 * port when it exits before answering (the free port taken meanwhile by another process).
 */
async function startApi(env, args, tries = 3) {
  try {
    return await startApiOnce(env, args);
  } catch (e) {
    if (tries <= 1 || !/api exited/.test(String(e))) throw e;
    return startApi(env, args, tries - 1);
  }
}

async function startApiOnce(env, args) {
  const port = await freePort();
  const logFile = join(workDir, `api-${port}.log`);
  const out = openSync(logFile, 'w');
  const child = spawn(
    process.execPath,
    [
      join(import.meta.dirname, 'api.mjs'),
      '--port',
      String(port),
      '--networks',
      networksFile(),
      '--no-indexer',
      ...args,
    ],
    { env: { ...process.env, LOG_LEVEL: 'info', ...env }, stdio: ['ignore', out, 'inherit'] },
  );
  closeSync(out);
  let exited = null;
  child.once('exit', (code) => (exited = code));
  for (const end = Date.now() + 120_000; ;) {
    if (exited !== null) throw new Error(`api exited (${exited})`);
    if (Date.now() > end) throw new Error('api did not answer within 120 s');
    if (
      await fetch(`http://127.0.0.1:${port}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        child.removeAllListeners('exit');
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

const rnd = (() => {
  let s = 25;
  return () => (s = (s * 48271) % 2147483647) / 2147483647;
})();
const pick = (n) => Math.floor(rnd() * n);
const pairPath = (k) => `${USDT}/${tokenAddress(k)}`;

/** The request mixes, each over many pairs or wallets (1 000 paths, taken at random by wrk). */
function routes(n) {
  const early = (start + 30 * 86400) * 1000;
  const mid = (start + YEAR / 2) * 1000;
  // 1 000 paths per line (pairs: each pair's page, as many users ask for it), 20 000 for the
  // wallets' pages (each wallet's own: few of them asked twice within the cache's 5 s).
  const many = (f, count = 1000) => Array.from({ length: count }, f);
  return [
    ['history: a pair, first page', many(() => `/v1/history/bsc/trades/${pairPath(pick(PAIRS))}`)],
    [
      'history: a pair, a deep page (30 days in)',
      many(() => `/v1/history/bsc/trades/${pairPath(pick(PAIRS))}?before=${early}`),
    ],
    [
      'history: a wallet, first page',
      many(() => `/v1/history/bsc/account/${traderAddress(pick(TRADERS))}/trades`, 20_000),
    ],
    [
      'history: a wallet, a deep page (mid-year)',
      many(
        () => `/v1/history/bsc/account/${traderAddress(pick(TRADERS))}/trades?before=${mid}`,
        20_000,
      ),
    ],
    [
      `history: the ${fmt(n / 10)}-trade wallet, deep page`,
      many(
        () =>
          `/v1/history/bsc/account/${WHALE}/trades?before=${(start + pick(YEAR)) * 1000}&limit=200`,
        20_000,
      ),
    ],
    ['candles: a pair, 1 week', many(() => `/v1/history/bsc/candles/1w/USDT/T${pick(PAIRS)}`)],
    ['candles: a pair, 1 year', many(() => `/v1/history/bsc/candles/1y/USDT/T${pick(PAIRS)}`)],
    [
      'candles: a pair, 1 year, last 300',
      many(() => `/v1/history/bsc/candles/1y/USDT/T${pick(PAIRS)}?limit=300`),
    ],
    [
      "candles: a pair, a month's range",
      many(() => {
        const from = (start + pick(11) * 30 * 86400) * 1000;
        return `/v1/history/bsc/candles/all/USDT/T${pick(PAIRS)}?from=${from}&to=${from + 30 * 86400 * 1000}`;
      }),
    ],
  ];
}

/** wrk, 50 connections, brotli, the paths at random; p50/p95/p99, CPU of the api and of wrk. */
function wrkRun(api, label, paths) {
  const script = join(workDir, 'scale.lua');
  writeFileSync(
    script,
    `local reqs = {}
init = function(_)
${paths.map((p, i) => `  reqs[${i + 1}] = wrk.format("GET", ${JSON.stringify(p)}, {["accept-encoding"] = "gzip, deflate, br"})`).join('\n')}
end
math.randomseed(25)
request = function() return reqs[math.random(#reqs)] end
done = function(s, lat, _)
  local e = s.errors
  io.write(string.format("WRK %d %d %d %f %f %f %d\\n", s.requests, s.duration, s.bytes,
    lat:percentile(50), lat:percentile(95), lat:percentile(99),
    e.connect + e.read + e.write + e.status + e.timeout))
end
`,
  );
  const api0 = cpuSecondsOf(api.pid);
  const server0 = serverCpuSeconds(api.postmaster);
  const wrk0 = waitedChildrenCpu();
  const t0 = performance.now();
  const out = spawnSync('wrk', ['-t1', '-c50', `-d${SECONDS}s`, '-s', script, api.url], {
    encoding: 'utf8',
  }).stdout;
  const wall = (performance.now() - t0) / 1000;
  const apiCpu = cpuSecondsOf(api.pid) - api0;
  // Backends that ended during the run take their CPU with them: never below 0.
  const serverCpu = Math.max(0, serverCpuSeconds(api.postmaster) - server0);
  const wrkCpu = waitedChildrenCpu() - wrk0;
  const m = /WRK (\d+) (\d+) (\d+) ([\d.]+) ([\d.]+) ([\d.]+) (\d+)/.exec(out);
  if (!m) return console.log(`scale ${label}: wrk printed no figures: ${out}`);
  const [count, us, bytes, p50, p95, p99, errors] = m.slice(1).map(Number);
  const rps = count / (us / 1e6);
  const ms = (x) => (x / 1000).toFixed(1);
  const cpuPer = (apiCpu + serverCpu) / count;
  // Little's law: 50 connections always waiting wait 50 / throughput on average, and the
  // throughput is at most the cores the api and its database get / their CPU per answer. With
  // both of this machine's cores (the load tool takes its share too) the mean alone is
  // 50 x CPU per answer / 2; p95 sits above the mean.
  const floorMs = (50 * cpuPer * 1000) / 2;
  console.log(
    `scale ${label.padEnd(58)} ${fmt(rps).padStart(6)} req/s, p50 ${ms(p50)} ms, p95 ${ms(p95)} ms ` +
      `(goal <= 20: ${p95 / 1000 <= 20 ? 'met' : 'NOT met'}), p99 ${ms(p99)} ms, ${fmt(bytes / count)} B/answer, ${errors} errors ` +
      `(load ${load1()}; CPU api ${apiCpu.toFixed(1)} s${api.postmaster ? `, PostgreSQL ${serverCpu.toFixed(1)} s` : ''}, wrk ${wrkCpu.toFixed(1)} s of ${wall.toFixed(1)} s; ` +
      `${fmt(cpuPer * 1e6)} µs api${api.postmaster ? ' + database' : ''} CPU per answer: ` +
      `the mean wait at 50 connections is >= 50 x that / 2 cores = ${floorMs.toFixed(1)} ms${floorMs > 20 ? ', above the goal whatever the load' : ''})`,
  );
}

async function readFigures(label, db, n, env, args) {
  if (!NO_LOAD) await loadTrades(db, n, label);
  // The server's postmaster: the parent of this session's backend.
  const postmaster =
    db.kind === 'postgres'
      ? Number(statFields((await db.query('SELECT pg_backend_pid() AS pid')).rows[0].pid)[1])
      : 0;
  await db.close();
  const mixes = routes(n).filter(([what]) => !LINES || LINES.test(what));
  /** Every path of a line asked once before it (the 20 000 wallets' only 10; an error stops
   * the bench): the answer caches then hold what fits, as after a while in production. */
  const warm = async (api, what, all) => {
    const paths = all.length <= 1000 ? all : all.slice(0, 10);
    for (let i = 0; i < paths.length; i += 10)
      await Promise.all(
        paths.slice(i, i + 10).map(async (path) => {
          const res = await fetch(api.url + path, { headers: { 'accept-encoding': 'br' } });
          if (!res.ok)
            throw new Error(`${what}: ${path} answered ${res.status}: ${await res.text()}`);
          await res.arrayBuffer();
        }),
      );
  };
  const run = async (apiEnv, lines, note = '') => {
    if (!lines.length) return;
    const api = { ...(await startApi({ ...env, ...apiEnv }, args)), postmaster };
    try {
      for (const [what, paths] of lines) {
        await warm(api, what, paths);
        wrkRun(api, `${label} ${what}${note}`, paths);
      }
    } finally {
      await api.stop();
    }
  };
  console.log(
    `scale ${label}: wrk, 50 connections, Accept-Encoding gzip, deflate, br, ${SECONDS} s per line, paths taken at random (1 000 per line; 20 000 for wallets)`,
  );
  await run({}, mixes);
  // A year of a thousand pairs' candles is ~300 MB of answers (240 KB + 68 KB brotli each):
  // with the default 64 MiB most of them are misses; the same with room for all of them.
  await run(
    { API_ANSWER_CACHE_MB: '400' },
    mixes.filter(([what]) => what === 'candles: a pair, 1 year'),
    ' (API_ANSWER_CACHE_MB=400)',
  );
}

/** --trace: where each stored block's time went (see traced()). */
const TRACE = argv.includes('--trace');

/**
 * `db` timing every statement of the indexer's steps (`steps`: one record per step, started by
 * the indexer's step() below): what a block's write waits on.
 */
function traced(db, steps) {
  const cur = () => steps.at(-1);
  const time =
    (q, where) =>
    async (...args) => {
      const t = performance.now();
      try {
        return await q(...args);
      } finally {
        const s = cur();
        if (s && !s.end) {
          const what = `${where} ${String(args[0]).trim().split(/\s+/).slice(0, 3).join(' ')}`;
          s.statements[what] = (s.statements[what] ?? 0) + performance.now() - t;
        }
      }
    };
  return {
    ...db,
    query: time(db.query, 'read'),
    transaction: (fn) =>
      db.transaction((tx) => {
        const s = cur();
        if (s) s.writeStart = performance.now();
        return fn({
          ...tx,
          query: time(tx.query, 'write'),
          ...(tx.copyFrom ? { copyFrom: time(tx.copyFrom, 'write COPY') } : {}),
        }).finally(() => s && (s.writeEnd = performance.now()));
      }),
  };
}

/**
 * The live indexer (poll 300 ms, as `npm start` runs it) following the synthetic chain: how far
 * behind the head it is when each new block arrives (in blocks: 0 = the previous block is
 * stored), and the time from each block to its trades being committed.
 */
async function lagFigures(label, db) {
  await migrate(db);
  const steps = [];
  // The indexer's database, timed with --trace (this bench's own reads are not).
  const indexerDb = TRACE ? traced(db, steps) : db;
  const network = fake.fakeNetwork(PAIRS);
  // Block 0: the factory's PairCreated of the 1 000 pairs; then a block every BLOCK_MS.
  const chain = new fake.FakeChain({
    pairs: PAIRS,
    firstTime: start,
    blockSeconds: 1,
    traders: TRADERS,
  });
  const quiet = (await import('pino')).default.destination({ dest: '/dev/null', sync: false });
  const ix = new Indexer({
    db: indexerDb,
    network,
    source: chain.source(),
    pollMs: 300,
    metrics: new Metrics(),
    logger: createLogger({ destination: quiet }),
  });
  await ix.syncToHead();
  if (TRACE) {
    const step = ix.step.bind(ix);
    ix.step = async () => {
      const s = { start: performance.now(), statements: {}, cpu: process.cpuUsage() };
      steps.push(s);
      const r = await step();
      Object.assign(s, { end: performance.now(), result: r, cpu: process.cpuUsage(s.cpu) });
      return r;
    };
  }
  ix.start();
  const minedAt = new Map();
  const storedAt = new Map();
  let stored = 0;
  let polling = true;
  const poll = (async () => {
    while (polling) {
      const { rows } = await db.query(
        `SELECT block_number::int AS n FROM indexer_cursor WHERE network = 'BSC'`,
      );
      const n = rows[0]?.n ?? 0;
      for (let b = stored + 1; b <= n; b++) storedAt.set(b, performance.now());
      stored = Math.max(stored, n);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const behind = [];
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < LAG_BLOCKS; i++) {
    // Blocks behind when the next one arrives: 0 when every earlier block is stored.
    if (i > 0) behind.push(chain.blocks.length - 1 - stored);
    chain.swapsOverPairs(SWAPS_PER_BLOCK);
    minedAt.set(chain.blocks.length - 1, performance.now());
    await new Promise((r) => setTimeout(r, BLOCK_MS));
  }
  for (const end = Date.now() + 30_000; stored < chain.blocks.length - 1 && Date.now() < end;)
    await new Promise((r) => setTimeout(r, 20));
  const wall = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  polling = false;
  await poll;
  await ix.stop();
  const { rows } = await db.query(
    `SELECT count(*)::int AS n, count(DISTINCT pair)::int AS pairs FROM trades`,
  );
  await db.close();
  const ms = [...minedAt].map(([n, t]) => (storedAt.get(n) ?? Infinity) - t).sort((a, b) => a - b);
  behind.sort((a, b) => a - b);
  // In blocks: the slowest block's time to its commit over the block interval (the last block
  // has no next one to be sampled at, so both measures count).
  const maxBehind = Math.max(behind.at(-1), ms.at(-1) / BLOCK_MS);
  console.log(
    `scale lag ${label.padEnd(15)} ${LAG_BLOCKS} blocks, one every ${BLOCK_MS} ms, ${fmt(SWAPS_PER_BLOCK)} swaps each over ${PAIRS} pairs (${fmt(rows[0].n)} trades stored, ${rows[0].pairs} pairs): ` +
      `behind when the next block came: ${behind.filter((b) => b === 0).length} of ${behind.length} times 0 blocks, max ${behind.at(-1)}; ` +
      `block -> stored median ${fmt(ms[Math.floor(ms.length / 2)])} ms, max ${fmt(ms.at(-1))} ms = ${(ms.at(-1) / BLOCK_MS).toFixed(2)} blocks (goal under one block: ${maxBehind < 1 ? 'met' : 'NOT met'}) (poll 300 ms; load ${load1()}; this process's CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s of ${wall.toFixed(1)} s)`,
  );
  if (TRACE) traceLines(steps, minedAt);
}

/**
 * The live indexer (Indexer.syncToHead) indexing a backlog from a synthetic chain: CATCHUP_BLOCKS
 * blocks of SWAPS_PER_BLOCK swaps over the pairs, in ranges of CATCHUP_RANGE blocks; once as it
 * catches up (each next range read and made ready while the one before it is written), once with
 * the head kept one range ahead of what was read (a range at a time, as when following the head).
 */
async function catchUpFigures(label, openDb) {
  const network = fake.fakeNetwork(PAIRS);
  const chain = new fake.FakeChain({ pairs: PAIRS, firstTime: start, blockSeconds: 3 });
  for (let i = 0; i < CATCHUP_BLOCKS; i++) chain.swapsOverPairs(SWAPS_PER_BLOCK);
  const swaps = CATCHUP_BLOCKS * SWAPS_PER_BLOCK;
  const out = [];
  // In turns, twice: the first run also pays for this process's warm-up.
  for (const ahead of [true, false, true, false]) {
    const db = await openDb(`${ahead ? 'ahead' : 'one'}${out.length}`);
    await migrate(db);
    const real = chain.source();
    let readTo = -1;
    const source = {
      ...real,
      // A range at a time: the head seems one range past what was read.
      head: async () => (ahead ? real.head() : Math.min(await real.head(), readTo + CATCHUP_RANGE)),
      logs: async (from, to) => {
        readTo = Math.max(readTo, to);
        return real.logs(from, to);
      },
    };
    const ix = new Indexer({ db, network, source, maxRange: CATCHUP_RANGE });
    await ix.step(); // block 0 and the first range: the pairs (not timed)
    if (db.kind === 'postgres') await db.query('CHECKPOINT');
    const cpu0 = process.cpuUsage();
    const server0 = db.kind === 'postgres' ? serverCpuSeconds(db.serverPid) : 0;
    const t0 = performance.now();
    let ranges = 0;
    let readAhead = 0;
    for (let r = await ix.step(); r.kind !== 'idle'; r = await ix.step()) {
      if (r.kind !== 'indexed') throw new Error(`catch-up step: ${r.kind}`);
      ranges++;
      if (r.readAhead) readAhead++;
    }
    const s = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const server = db.kind === 'postgres' ? serverCpuSeconds(db.serverPid) - server0 : 0;
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM trades`);
    await db.close();
    const timed = rows[0].n - SWAPS_PER_BLOCK * Math.min(CATCHUP_RANGE - 1, CATCHUP_BLOCKS);
    out.push({ ahead, s, swaps: timed, ranges, readAhead, stored: rows[0].n, cpu, server });
  }
  const goal = label.startsWith('PostgreSQL') ? 50_000 : 15_000;
  for (const o of out)
    console.log(
      `scale catch-up ${label.padEnd(15)} the live indexer, ${fmt(swaps)} swaps in ${CATCHUP_BLOCKS} blocks over ${PAIRS} pairs (${fmt(o.stored)} stored), ranges of ${CATCHUP_RANGE} blocks (${fmt(CATCHUP_RANGE * SWAPS_PER_BLOCK)} swaps): ` +
        `${fmt(o.swaps)} swaps after the first range in ${o.s.toFixed(1)} s = ${fmt(o.swaps / o.s)} swaps/s ` +
        (o.ahead
          ? `(goal >= ${fmt(goal)}: ${o.swaps / o.s >= goal ? 'met' : 'NOT met'}; catching up, ${o.readAhead} of ${o.ranges} ranges read ahead)`
          : `(a range at a time: the head kept one range ahead, ${o.readAhead} of ${o.ranges} read ahead)`) +
        `; CPU this process ${fmt(((o.cpu.user + o.cpu.system) / o.swaps) | 0)} µs${o.server ? ` + PostgreSQL ${fmt(((o.server * 1e6) / o.swaps) | 0)} µs` : ''} per swap; load ${load1()}`,
    );
}

/**
 * The stored blocks' time, median and max over the steps that stored one: from the block to the
 * step that read it (the poll), the step's reads before its write, each statement of the write,
 * the commit, and the process's CPU during the step.
 */
function traceLines(steps, minedAt) {
  const stored = steps.filter((s) => s.result?.kind === 'indexed' && minedAt.has(s.result.from));
  const parts = {
    'poll (block -> its step)': (s) => s.start - minedAt.get(s.result.from),
    'reads before the write': (s) => s.writeStart - s.start,
    write: (s) => s.writeEnd - s.writeStart,
    commit: (s) => s.end - s.writeEnd,
    'step CPU (all threads)': (s) => (s.cpu.user + s.cpu.system) / 1000,
  };
  for (const what of new Set(stored.flatMap((s) => Object.keys(s.statements))))
    parts[`  ${what}`] = (s) => s.statements[what] ?? 0;
  for (const [what, f] of Object.entries(parts)) {
    const v = stored.map(f).sort((a, b) => a - b);
    console.log(
      `  trace ${what.padEnd(34)} median ${v[v.length >> 1].toFixed(1).padStart(6)} ms, max ${v.at(-1).toFixed(1).padStart(6)} ms (${v.length} blocks)`,
    );
  }
}

try {
  if (ONLY === 'scale' || ONLY === 'scale-lag') {
    if (DB !== 'postgres') {
      // On this thread (as before) and on a worker thread with a data directory (as the api
      // runs it), in turns.
      await lagFigures('PGlite', openPglite());
      await lagFigures('PGlite (worker)', openPgliteWorker(join(workDir, 'lag')));
    }
    if (DB !== 'pglite') {
      const pg = PG_URL ? { url: PG_URL } : await startPostgres();
      if (!PG_URL) cleanups.push(() => pg.stop());
      const db = openPostgres(pg.url);
      await db.query('DROP DATABASE IF EXISTS bench_lag');
      await db.query('CREATE DATABASE bench_lag');
      await db.close();
      await lagFigures(
        'PostgreSQL',
        openPostgres(pg.url.replace(/\/[^/?]*(\?|$)/, '/bench_lag$1')),
      );
    }
  }
  if (ONLY === 'scale' || ONLY === 'scale-catchup') {
    // PGlite as the api runs it: on its worker (on this thread nothing is read ahead).
    if (DB !== 'postgres')
      await catchUpFigures('PGlite (worker)', async (name) =>
        openPgliteWorker(join(workDir, `catchup-${name}`)),
      );
    if (DB !== 'pglite') {
      const pg = PG_URL ? { url: PG_URL } : await startPostgres();
      if (!PG_URL) cleanups.push(() => pg.stop());
      await catchUpFigures('PostgreSQL', async (name) => {
        const admin = openPostgres(pg.url);
        await admin.query(`DROP DATABASE IF EXISTS bench_catchup_${name}`);
        await admin.query(`CREATE DATABASE bench_catchup_${name}`);
        await admin.close();
        const db = openPostgres(pg.url.replace(/\/[^/?]*(\?|$)/, `/bench_catchup_${name}$1`));
        // The server's postmaster: the parent of this session's backend.
        const { rows } = await db.query('SELECT pg_backend_pid() AS pid');
        return Object.assign(db, { serverPid: Number(statFields(rows[0].pid)[1]) });
      });
    }
  }
  if (ONLY === 'scale' || ONLY === 'scale-read') {
    // The read part's load tool (the lag part needs none).
    if (spawnSync('wrk', ['--version']).error)
      throw new Error('the scale bench needs wrk (apt-get install wrk)');
    if (DB !== 'pglite') {
      const pg = PG_URL ? { url: PG_URL } : await startPostgres();
      if (!PG_URL) cleanups.push(() => pg.stop());
      await readFigures(
        'PostgreSQL',
        openPostgres(pg.url),
        PG_TRADES,
        { DATABASE_URL: pg.url },
        [],
      );
    }
    if (DB !== 'postgres') {
      const dir = join(workDir, 'pglite');
      await readFigures('PGlite', openPglite(dir), LITE_TRADES, { DATABASE_URL: '' }, [
        '--data',
        dir,
      ]);
    }
  }
} finally {
  for (const c of cleanups.reverse()) await c();
}
process.exit(0);
