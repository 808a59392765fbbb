// Two api instances on one PostgreSQL, in this process: one writes the network, the other reads.
// The reader's cached pages follow the writer's commits (NOTIFY at commit, LISTEN in the reader),
// not its cache's 5 s; the reader asks no node for logs, and the head for /ready at most once a
// block time. Its LISTEN connection cut, it connects again and keeps nothing cached from before.
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from './app';
import type { IndexedNetwork } from './config';
import { openPostgres, type Db } from './db/db';
import { anvilAddress, startTestChains, swapBnbForUsdt, type TestChains } from './test/chain';
import { freshDb } from './test/databases';
import { waitFor } from './test/observe';
import { startRpcProxy, type RpcProxy } from './test/rpc-proxy';

const TRADER = 4;

let chains: TestChains;
let writerProxy: RpcProxy;
let readerProxy: RpcProxy;
let url: string;
let drop: () => Promise<void>;
let writer: FastifyInstance;
let reader: FastifyInstance;
const dbs: Db[] = [];

const through = (proxy: RpcProxy): IndexedNetwork => ({
  ...chains.bsc,
  nodeUrl: proxy.url,
  nodeUrls: [proxy.url],
  wsUrls: [proxy.wsUrl],
  blockTimeMs: 1000,
});

async function instance(proxy: RpcProxy): Promise<FastifyInstance> {
  const db = openPostgres(url);
  dbs.push(db);
  const app = await buildApp({ db, networks: [through(proxy)], indexer: { lockRetryMs: 200 } });
  await app.ready();
  return app;
}

beforeAll(async () => {
  chains = await startTestChains({ swaps: 4 });
  writerProxy = await startRpcProxy(chains.rpcUrl);
  readerProxy = await startRpcProxy(chains.rpcUrl);
  const fresh = await freshDb('postgres');
  await fresh.db.close();
  url = fresh.url!;
  drop = async () => {
    const admin = new pg.Client({ connectionString: process.env.JMSWAP_TEST_PG_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${url.split('/').pop()} WITH (FORCE)`);
    await admin.end();
  };
  writer = await instance(writerProxy);
  await waitFor('the first instance to write BSC', () => writer.indexers[0]!.writer);
  reader = await instance(readerProxy);
  await waitFor('the writer to reach the head', async () => {
    const r = await writer.inject('/ready');
    return r.statusCode === 200;
  });
}, 180_000);

afterAll(async () => {
  await reader?.close();
  await writer?.close();
  await drop?.();
  await writerProxy?.close();
  await readerProxy?.close();
  await chains?.stop();
});

const page = `/v1/history/bsc/account/${anvilAddress(TRADER)}/trades`;
const hashes = async (app: FastifyInstance) =>
  ((await app.inject(page)).json() as Array<{ hash: string }>).map((t) => t.hash);

describe('a reader instance', () => {
  it("serves a wallet's new trade as soon as the writer has stored it", async () => {
    expect(reader.indexers[0]!.writer).toBe(false);
    const before = await hashes(reader);
    // Cached: the same answer again, for its 5 s.
    expect(await hashes(reader)).toEqual(before);
    const heard = new Promise<unknown>((resolve) =>
      reader.candleChanges.once('candles', (_net, pairs) => resolve(pairs)),
    );
    const tx = await swapBnbForUsdt(chains, 10n ** 15n, TRADER);
    // The writer's commit reaches the reader (its cached pages of the pair and the wallets go)...
    const pair = [...chains.bsc.pools.values()].find(
      (p) => [p.symbolA, p.symbolB].sort().join('/') === 'BNB/USDT',
    )!.address;
    expect(await heard).toEqual([pair]);
    // ...and its very next answer has the trade.
    expect(await hashes(reader)).toEqual([tx, ...before]);
  });

  it('asks no node for logs, and the head for /ready at most once a block time', async () => {
    readerProxy.calls.length = 0;
    await swapBnbForUsdt(chains, 10n ** 15n, TRADER);
    const started = Date.now();
    for (let i = 0; i < 5; i++) expect((await reader.inject('/ready')).statusCode).toBe(200);
    const blockTimes = Math.floor((Date.now() - started) / 1000);
    const methods = readerProxy.calls.flatMap((c) => c.methods);
    expect(methods.filter((m) => m === 'eth_blockNumber').length).toBeLessThanOrEqual(
      1 + blockTimes,
    );
    expect(methods).not.toContain('eth_getLogs');
    expect(methods).not.toContain('eth_subscribe');
  });

  it('its LISTEN connection cut, it connects again and keeps nothing it cached before', async () => {
    // Every change the reader hears from now on: the previous test's swap may still be
    // announced (a pair's change) before the cut's (all of them).
    const heard: unknown[] = [];
    const listener = (_net: unknown, pairs: unknown) => heard.push(pairs);
    reader.candleChanges.on('candles', listener);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const { rows } = await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE datname = current_database() AND query LIKE 'LISTEN%'`,
    );
    await admin.end();
    expect(rows.length).toBe(2);
    await waitFor('the reader to drop every cached answer', () => heard.includes('all'), 30_000);
    reader.candleChanges.off('candles', listener);
    const tx = await swapBnbForUsdt(chains, 10n ** 15n, TRADER);
    await waitFor('the reader to serve the trade', async () => (await hashes(reader))[0] === tx);
  });
});
