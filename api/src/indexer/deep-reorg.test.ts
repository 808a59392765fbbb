// Point 4 of #24: a reorganisation deeper than the block-hash window the indexer keeps, on anvil
// (evm_snapshot / evm_revert, then a longer fork), with a window of 4 blocks.
import type { FastifyInstance } from 'fastify';
import { buildAdminApp, buildApp } from '../app';
import { EvmSource } from '../chain/evmSource';
import type { Db } from '../db/db';
import { Metrics } from '../metrics';
import { startTestChains, swapBnbForUsdt, rpc, type TestChains } from '../test/chain';
import { freshDb } from '../test/databases';
import { dumpNetwork } from '../test/dump';
import { LEVEL, memoryLogger, sample } from '../test/observe';
import { readControl } from './control';
import { Indexer } from './indexer';
import { main as reindexMain } from './reindex-cli';
import { readCursor } from './store';

let chains: TestChains;
beforeAll(async () => {
  chains = await startTestChains({ swaps: 6 });
}, 180_000);
afterAll(() => chains?.stop());

const head = async () => Number(await rpc<string>(chains.rpcUrl, 'eth_blockNumber'));
const mine = async (n: number) => {
  for (let i = 0; i < n; i++) await rpc(chains.rpcUrl, 'evm_mine');
};
/**
 * Resolves once the reindex command's request (from `from`) is stored: the command runs on its
 * own connection and then waits for the indexer, which the test steps by hand.
 */
async function requested(db: Db, network: string, from: number): Promise<void> {
  const deadline = Date.now() + 20_000;
  while ((await readControl(db, network))?.reindexFrom !== from) {
    if (Date.now() > deadline) throw new Error(`no reindex request of ${network} from ${from}`);
    await new Promise((res) => setTimeout(res, 20));
  }
}
const tradeHashes = async (db: Db) =>
  (
    await db.query<{ tx_hash: string }>(`SELECT tx_hash FROM trades WHERE network = 'BSC'`)
  ).rows.map((r) => r.tx_hash);

it('stops the network loudly, keeps serving what it has, writes nothing more, and an operator re-index brings it back on the new chain', async () => {
  const { db, url, drop } = await freshDb('postgres');
  const outer = await rpc<string>(chains.rpcUrl, 'evm_snapshot');
  const { logger, lines } = memoryLogger('debug');
  const metrics = new Metrics();
  let app: FastifyInstance | undefined;
  let admin: FastifyInstance | undefined;
  try {
    const indexer = () =>
      new Indexer({
        db,
        network: chains.bsc,
        source: new EvmSource(chains.rpcUrl),
        reorgWindow: 4,
        logger,
        metrics,
      });
    const ix = indexer();
    await ix.syncToHead();
    const ancestor = await head();
    const fork = await rpc<string>(chains.rpcUrl, 'evm_snapshot');
    // The old fork: a swap, then 8 more blocks (twice the window), all indexed.
    const orphan = await swapBnbForUsdt(chains, 10n ** 17n);
    await mine(8);
    await ix.syncToHead();
    expect(await tradeHashes(db)).toContain(orphan);
    const cursorBefore = (await readCursor(db, 'BSC'))!;
    // Only the window's hashes are kept.
    const { rows: kept } = await db.query<{ n: string }>(
      `SELECT number::text AS n FROM blocks WHERE network = 'BSC' ORDER BY number`,
    );
    expect(Number(kept[0]!.n)).toBeGreaterThan(cursorBefore.blockNumber - 4);

    // The new fork from the ancestor: another swap, and longer than the old one.
    await rpc(chains.rpcUrl, 'evm_revert', [fork]);
    const replacement = await swapBnbForUsdt(chains, 3n * 10n ** 17n, 4);
    await mine(10);
    expect(await head()).toBeGreaterThan(cursorBefore.blockNumber);

    const stored = await dumpNetwork(db, 'BSC');
    const r = await ix.step();
    expect(r).toMatchObject({
      kind: 'halted',
      reason: expect.stringMatching(/deeper than the kept block window/),
    });
    // An error line an alert can match, naming the network and what to run.
    const error = lines.find((l) => l.level === LEVEL.error && l.network === 'BSC')!;
    expect(error.msg).toMatch(/^BSC indexing stopped: reorganisation deeper than the kept/);
    expect(error.msg).toContain('npm run reindex -w @jmswap/api -- --network BSC --from');
    // Further steps (and other processes) write nothing: the old data stays as it was.
    expect((await ix.step()).kind).toBe('halted');
    expect((await indexer().step()).kind).toBe('halted');
    expect(await readCursor(db, 'BSC')).toEqual(cursorBefore);
    expect(await dumpNetwork(db, 'BSC')).toEqual(stored);
    expect(lines.filter((l) => l.level === LEVEL.error).length).toBe(2); // this one + the new process

    // /ready names the network, /metrics says halted, and the routes serve what is stored.
    app = await buildApp({ db, networks: [chains.bsc], metrics });
    admin = await buildAdminApp({ db, metrics });
    const ready = await app.inject('/ready');
    expect(ready.statusCode).toBe(503);
    const body = ready.json();
    expect(body.message).toMatch(/^BSC indexing stopped: reorganisation deeper than the kept/);
    expect(body.networks.BSC).toMatchObject({
      status: 'halted',
      halted: { block: cursorBefore.blockNumber, reason: expect.any(String) },
    });
    const text = (await admin.inject('/metrics')).body;
    expect(sample(text, 'jmswap_api_indexer_halted', { network: 'BSC' })).toBe(1);
    const bnb = chains.bsc.tokensBySymbol.get('BNB')!.key;
    const usdt = chains.bsc.tokensBySymbol.get('USDT')!.key;
    const trades = await app.inject(`/v1/history/bsc/trades/${bnb}/${usdt}?limit=200`);
    expect(trades.statusCode).toBe(200);
    expect(trades.json().map((t: { hash: string }) => t.hash)).toContain(orphan);

    // The operator picks a block above the fork point: refused, the network stays stopped.
    const refused = await Promise.all([
      reindexMain(['--network', 'bsc', '--from', String(ancestor + 3), '--wait', '20'], {
        DATABASE_URL: url,
      }),
      (async () => {
        await requested(db, 'BSC', ancestor + 3);
        return ix.step();
      })(),
    ]);
    expect(refused[0]).toMatchObject({
      code: 1,
      out: expect.stringMatching(
        /refused: block \d+, below --from \d+, is not on the chain either/,
      ),
    });
    expect(refused[1].kind).toBe('halted');
    expect((await app.inject('/ready')).statusCode).toBe(503);

    // From the common ancestor on: re-indexed, and back to following the chain.
    const [done] = await Promise.all([
      reindexMain(['--network', 'BSC', '--from', String(ancestor + 1), '--wait', '20'], {
        DATABASE_URL: url,
      }),
      (async () => {
        await requested(db, 'BSC', ancestor + 1);
        expect((await ix.step()).kind).toBe('reindexed');
      })(),
    ]);
    expect(done).toEqual({
      code: 0,
      out: expect.stringContaining(`BSC: re-indexed from block ${ancestor + 1} (1 trades removed)`),
    });
    await ix.syncToHead();
    const now = await tradeHashes(db);
    expect(now).not.toContain(orphan);
    expect(now).toContain(replacement);
    const fresh = await freshDb('postgres');
    try {
      await new Indexer({
        db: fresh.db,
        network: chains.bsc,
        source: new EvmSource(chains.rpcUrl),
      }).syncToHead();
      expect(await dumpNetwork(db, 'BSC')).toEqual(await dumpNetwork(fresh.db, 'BSC'));
    } finally {
      await fresh.drop();
    }
    expect((await app.inject('/ready')).statusCode).toBe(200);
    const after = (await admin.inject('/metrics')).body;
    expect(sample(after, 'jmswap_api_indexer_halted', { network: 'BSC' })).toBe(0);
    const status = await reindexMain(['--status'], { DATABASE_URL: url });
    expect(status.out).toMatch(/^BSC {3}cursor \d+; last request: re-indexed from block/);
  } finally {
    await app?.close();
    await admin?.close();
    await rpc(chains.rpcUrl, 'evm_revert', [outer]).catch(() => undefined);
    await drop();
  }
});

it('a reorganisation within the window is still repaired by itself', async () => {
  const { db, drop } = await freshDb('pglite');
  const outer = await rpc<string>(chains.rpcUrl, 'evm_snapshot');
  try {
    const ix = new Indexer({
      db,
      network: chains.bsc,
      source: new EvmSource(chains.rpcUrl),
      reorgWindow: 4,
    });
    await ix.syncToHead();
    const fork = await rpc<string>(chains.rpcUrl, 'evm_snapshot');
    const orphan = await swapBnbForUsdt(chains, 10n ** 17n);
    await mine(1);
    await ix.syncToHead();
    await rpc(chains.rpcUrl, 'evm_revert', [fork]);
    const replacement = await swapBnbForUsdt(chains, 3n * 10n ** 17n, 4);
    await mine(3);
    expect((await ix.step()).kind).toBe('rollback');
    await ix.syncToHead();
    const now = await tradeHashes(db);
    expect(now).not.toContain(orphan);
    expect(now).toContain(replacement);
  } finally {
    await rpc(chains.rpcUrl, 'evm_revert', [outer]).catch(() => undefined);
    await drop();
  }
});
