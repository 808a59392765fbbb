// The indexer's node failover. The first node of `nodeUrls` is a proxy in front
// of anvil that answers 429, then 500, then hangs, then cuts its answers in half; the second is
// anvil itself. The indexer runs its loop all along and must end with exactly the chain's trades.
import { indexedNetworks, type IndexedNetwork, type NetworksFile } from '../config';
import type { Db } from '../db/db';
import { Indexer } from '../indexer/indexer';
import { sourceFor } from '../indexer/sources';
import { readCursor } from '../indexer/store';
import { Metrics } from '../metrics';
import {
  headBlock,
  startTestChains,
  swapBnbForUsdt,
  swapLogCount,
  type TestChains,
} from '../test/chain';
import { freshDb } from '../test/databases';
import { dumpNetwork } from '../test/dump';
import { memoryLogger, sample, waitFor } from '../test/observe';
import { startRpcProxy, type Answer, type RpcProxy } from '../test/rpc-proxy';
import { NodePool } from './nodePool';
import { JsonRpc } from './rpc';

let chains: TestChains;
let proxy: RpcProxy;
beforeAll(async () => {
  chains = await startTestChains({ swaps: 6 });
  proxy = await startRpcProxy(chains.rpcUrl);
}, 180_000);
afterAll(async () => {
  await proxy?.close();
  await chains?.stop();
});

const head = () => headBlock(chains);
const swapLogs = () => swapLogCount(chains);

/** The devnet's BSC with `nodeUrls`: the proxy first, anvil second. */
function bscWithNodes(): IndexedNetwork {
  const config = structuredClone(chains.devnet.config) as unknown as NetworksFile;
  const bsc = config.networks.BSC as unknown as Record<string, unknown>;
  bsc.nodeUrls = [proxy.url, chains.rpcUrl];
  const network = indexedNetworks(config).find((n) => n.id === 'BSC')!;
  expect(network.nodeUrls).toEqual([proxy.url, chains.rpcUrl]);
  expect(network.nodeUrl).toBe(proxy.url);
  return network;
}

it('moves to the next node on 429, 500, a hanging node and a cut answer, quarantines the bad one, comes back to it, and stores exactly the chain’s trades', async () => {
  const { db, drop } = await freshDb('postgres');
  const reference = await freshDb('postgres');
  const metrics = new Metrics();
  const { logger, lines } = memoryLogger('debug');
  const network = bscWithNodes();
  const proxyLabel = new URL(proxy.url).host;
  const ix = new Indexer({
    db,
    network,
    source: sourceFor(network, {
      timeoutMs: 800,
      quarantineMs: 300,
      maxQuarantineMs: 2000,
      logger,
      metrics,
    }),
    logger,
    metrics,
    pollMs: 50,
  });
  const count = async (reason: string) =>
    sample(await metrics.text(), 'jmswap_api_node_failovers_total', {
      network: 'BSC',
      node: proxyLabel,
      reason,
    }) ?? 0;
  const caughtUp = async (d: Db) =>
    ((await readCursor(d, 'BSC'))?.blockNumber ?? -1) >= (await head());
  try {
    ix.start();
    await waitFor('the first sync', () => caughtUp(db));
    const phases: Array<[string, Answer]> = [
      ['rate limited', { status: 429, body: '{"error":"too many requests"}' }],
      ['http 5xx', { status: 500 }],
      ['timeout', 'hang'],
      ['malformed', 'truncate'],
    ];
    let amount = 1n;
    for (const [reason, answer] of phases) {
      proxy.answer = () => answer;
      await swapBnbForUsdt(chains, 10n ** 16n * amount++, 3);
      await waitFor(`a failover (${reason})`, async () => (await count(reason)) > 0, 30_000);
      await swapBnbForUsdt(chains, 10n ** 16n * amount++, 4);
      await waitFor(`the indexer past the ${reason} node`, () => caughtUp(db), 30_000);
    }
    // The first node answers again: after its quarantine it is used again.
    proxy.answer = () => 'pass';
    const seen = proxy.calls.length;
    await waitFor('the first node asked again', () => proxy.calls.length > seen + 2);
    // A new block's logs are read from it. On a loaded machine one of its answers may still
    // miss the 800 ms timeout and send one step to the second node: a few blocks are given.
    const again = proxy.calls.length;
    const logsFromFirstNode = () =>
      proxy.calls.slice(again).some((c) => c.methods.includes('eth_getLogs'));
    for (let tries = 0; tries < 4 && !logsFromFirstNode(); tries++) {
      await swapBnbForUsdt(chains, 10n ** 16n * amount++, 5);
      await waitFor('the last swap', () => caughtUp(db));
    }
    expect(logsFromFirstNode()).toBe(true);

    // Exactly the chain's trades, each once, as a fresh index of the chain stores them.
    await new Indexer({
      db: reference.db,
      network: chains.bsc,
      source: sourceFor(chains.bsc),
    }).syncToHead();
    expect(await dumpNetwork(db, 'BSC')).toEqual(await dumpNetwork(reference.db, 'BSC'));
    expect((await dumpNetwork(db, 'BSC')).trades).toHaveLength(await swapLogs());
    // What the operator saw: a warn line per failover naming the node (host only) and the next.
    const warned = lines.filter((l) => l.node === proxyLabel && typeof l.reason === 'string');
    expect(new Set(warned.map((l) => l.reason))).toEqual(
      new Set(['rate limited', 'http 5xx', 'timeout', 'malformed']),
    );
    expect(warned[0]).toMatchObject({ level: 40, next: new URL(chains.rpcUrl).host });
    expect(sample(await metrics.text(), 'jmswap_api_indexer_events_stored_total')).toBeGreaterThan(
      0,
    );
  } finally {
    proxy.answer = () => 'pass';
    await ix.stop();
    await reference.drop();
    await drop();
  }
});

it('a step never mixes nodes: a node failing in the middle of a step stores nothing of it', async () => {
  const { db, drop } = await freshDb('pglite');
  try {
    const network = bscWithNodes();
    const source = sourceFor(network, { timeoutMs: 800, quarantineMs: 60_000 });
    const ix = new Indexer({ db, network, source });
    // The first node answers the head and the blocks, then fails on the logs.
    proxy.answer = (c) => (c.methods.includes('eth_getLogs') ? { status: 502 } : 'pass');
    await expect(ix.step()).rejects.toThrow(/HTTP 502/);
    expect(await readCursor(db, 'BSC')).toBeNull();
    // The next step runs on the second node from its start, and stores.
    expect((await ix.step()).kind).toBe('indexed');
    expect((await readCursor(db, 'BSC'))!.blockNumber).toBe(await head());
  } finally {
    proxy.answer = () => 'pass';
    await drop();
  }
});

it('outside a step (e.g. /ready) a failed request is sent to the next node at once', async () => {
  proxy.answer = () => ({ status: 503 });
  try {
    const pool = new NodePool({ network: 'BSC', urls: [proxy.url, chains.rpcUrl] });
    const rpcClient = new JsonRpc(pool);
    expect(Number(await rpcClient.call<string>('eth_blockNumber'))).toBe(await head());
    expect(pool.current().url).toBe(chains.rpcUrl);
    // A node answering nonsense is a fault too, and never a number.
    proxy.answer = () => ({ status: 200, body: '{"jsonrpc":"2.0","id":1,"result":"soon"}' });
    const other = new JsonRpc(new NodePool({ network: 'BSC', urls: [proxy.url] }));
    await expect(
      other.call('eth_blockNumber', [], (r) => typeof r === 'string' && /^0x/.test(r)),
    ).rejects.toThrow(/unexpected result shape/);
  } finally {
    proxy.answer = () => 'pass';
  }
});
