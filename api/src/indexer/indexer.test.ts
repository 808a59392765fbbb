import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { buildApp } from '../app';
import { approvalFilterOf, EvmSource } from '../chain/evmSource';
import { JsonRpc, RpcError } from '../chain/rpc';
import { TOPICS } from '../chain/events';
import { openPgliteWorker, type Db } from '../db/db';
import { migrate } from '../db/migrate';
import {
  anvilAddress,
  approveToken,
  startTestChains,
  swapBnbForUsdt,
  rpc,
  type TestChains,
} from '../test/chain';
import { DB_KINDS, freshDb, type DbKind } from '../test/databases';
import { dumpNetwork } from '../test/dump';
import { seededPgliteDir } from '../test/pglite-template';
import { Indexer, type StepResult } from './indexer';
import { readCursor } from './store';

let chains: TestChains;
beforeAll(async () => {
  chains = await startTestChains({ swaps: 12 });
}, 180_000);
afterAll(() => chains?.stop());

const indexer = (db: Db, extra: Partial<ConstructorParameters<typeof Indexer>[0]> = {}) =>
  new Indexer({ db, network: chains.bsc, source: new EvmSource(chains.rpcUrl), ...extra });

/** Swap logs on the chain for the configured pairs (what the trades table must hold). */
async function swapLogsOnChain(): Promise<number> {
  const logs = await rpc<unknown[]>(chains.rpcUrl, 'eth_getLogs', [
    {
      fromBlock: '0x0',
      toBlock: 'latest',
      topics: [TOPICS.Swap],
      address: [...chains.bsc.pools.keys()],
    },
  ]);
  return logs.length;
}

/**
 * A database the indexer reads ahead on (its work beside this thread): PGlite on its worker, as
 * the api runs it, or a PostgreSQL database.
 */
async function aheadDb(kind: DbKind): Promise<{ db: Db; drop(): Promise<void> }> {
  if (kind === 'postgres') return freshDb(kind);
  const { dir, remove } = await seededPgliteDir();
  const db = openPgliteWorker(dir);
  await migrate(db);
  return { db, drop: () => db.close().then(remove) };
}

/** What each step did, until one finds nothing more to index. */
async function stepsUntilIdle(ix: Indexer): Promise<StepResult[]> {
  const steps: StepResult[] = [];
  for (let r = await ix.step(); r.kind !== 'idle'; r = await ix.step()) steps.push(r);
  return steps;
}

/** A node that counts the requests it answers, per method. */
class CountingRpc extends JsonRpc {
  readonly calls = new Map<string, number>();
  override async call<T>(
    method: string,
    params: unknown[] = [],
    check?: (result: unknown) => boolean,
  ): Promise<T> {
    this.calls.set(method, (this.calls.get(method) ?? 0) + 1);
    return super.call<T>(method, params, check);
  }
}

/** A node that refuses eth_getLogs over more than `max` blocks, like public RPC providers. */
class PickyRpc extends JsonRpc {
  refused = 0;
  constructor(
    url: string,
    private readonly max: number,
  ) {
    super(url);
  }
  override async call<T>(method: string, params: unknown[] = []): Promise<T> {
    if (method === 'eth_getLogs') {
      const { fromBlock, toBlock } = params[0] as { fromBlock: string; toBlock: string };
      if (Number(toBlock) - Number(fromBlock) + 1 > this.max) {
        this.refused++;
        throw new RpcError(-32005, 'query returned more than 10000 results');
      }
    }
    return super.call<T>(method, params);
  }
}

describe.each(DB_KINDS)('indexer on %s', (kind) => {
  let reference: Record<string, unknown[]>;

  it('stores every swap of the configured pairs, and re-ingesting a range changes nothing', async () => {
    const { db, drop } = await freshDb(kind);
    try {
      await indexer(db).syncToHead();
      reference = await dumpNetwork(db, 'BSC');
      expect(reference.trades).toHaveLength(await swapLogsOnChain());
      expect(reference.trades!.length).toBeGreaterThan(0);
      expect(reference.pairs).toHaveLength(chains.bsc.pools.size);
      // Rewind the cursor half way and index the same blocks again.
      const cursor = (await readCursor(db, 'BSC'))!;
      const half = Math.floor(cursor.blockNumber / 2);
      const { rows } = await db.query<{ hash: string }>(
        `SELECT hash FROM blocks WHERE network = 'BSC' AND number <= $1 ORDER BY number DESC LIMIT 1`,
        [half],
      );
      await db.query(
        `UPDATE indexer_cursor SET block_number = (SELECT max(number) FROM blocks
        WHERE network = 'BSC' AND number <= $1), block_hash = $2 WHERE network = 'BSC'`,
        [half, rows[0]!.hash],
      );
      await indexer(db).syncToHead();
      expect(await dumpNetwork(db, 'BSC')).toEqual(reference);
    } finally {
      await drop();
    }
  });

  it('loses and doubles nothing when the process dies between the events and the cursor', async () => {
    const { db, drop } = await freshDb(kind);
    try {
      const crashing = indexer(db, {
        maxRange: 20,
        beforeCursor: (to) => {
          if (to > 40) throw new Error('simulated crash');
        },
      });
      await expect(crashing.syncToHead()).rejects.toThrow('simulated crash');
      const cursor = (await readCursor(db, 'BSC'))!;
      expect(cursor.blockNumber).toBeLessThanOrEqual(40);
      const { rows } = await db.query<{ n: string }>(
        `SELECT count(*)::text AS n FROM trades WHERE network = 'BSC' AND block_number > $1`,
        [cursor.blockNumber],
      );
      expect(rows[0]!.n).toBe('0');
      await indexer(db).syncToHead(); // the restart
      expect(await dumpNetwork(db, 'BSC')).toEqual(reference);
    } finally {
      await drop();
    }
  });

  it('never moves the cursor over a range it could not read completely', async () => {
    const { db, drop } = await freshDb(kind);
    try {
      const real = new EvmSource(chains.rpcUrl);
      // A node that answers the logs but not one of their blocks (a gap).
      const gappy = Object.assign(Object.create(real) as EvmSource, {
        logs: async (from: number, to: number) => {
          const r = await real.logs(from, to);
          const blocks = new Map(r.blocks);
          const first = r.logs[0];
          if (first) blocks.delete(first.blockNumber);
          return { ...r, blocks };
        },
      });
      await expect(indexer(db, { source: gappy }).syncToHead()).rejects.toThrow(/no block/);
      expect(await readCursor(db, 'BSC')).toBeNull();
      await indexer(db).syncToHead();
      expect(await dumpNetwork(db, 'BSC')).toEqual(reference);
    } finally {
      await drop();
    }
  });

  it('catching up, reads the next range while it writes one, each once, and stores the same', async () => {
    const { db, drop } = await aheadDb(kind);
    try {
      const counting = new CountingRpc(chains.rpcUrl);
      const ix = indexer(db, { source: new EvmSource(counting), maxRange: 8 });
      const steps = await stepsUntilIdle(ix);
      const stored = steps.filter((r) => r.kind === 'indexed');
      expect(stored.length).toBe(steps.length);
      // Every range after the first was read while the one before it was written...
      expect(stored.slice(1).every((r) => r.readAhead)).toBe(true);
      // ...and no range's logs were asked for twice.
      expect(counting.calls.get('eth_getLogs')).toBe(stored.length);
      expect(await dumpNetwork(db, 'BSC')).toEqual(reference);
    } finally {
      await drop();
    }
  });

  // freshDb's PGlite runs on this thread (the api's runs on its worker).
  (kind === 'pglite' ? it : it.skip)(
    'PGlite on this thread: nothing read ahead, the same stored',
    async () => {
      const { db, drop } = await freshDb(kind);
      try {
        const ix = indexer(db, { maxRange: 8 });
        const steps = await stepsUntilIdle(ix);
        expect(steps.length).toBeGreaterThan(1);
        expect(db.besideThisThread).toBe(false);
        expect(steps.every((r) => r.kind === 'indexed' && !r.readAhead)).toBe(true);
        expect(await dumpNetwork(db, 'BSC')).toEqual(reference);
      } finally {
        await drop();
      }
    },
  );

  it('a failed write forgets the range read ahead; the same indexer then stores everything', async () => {
    const { db, drop } = await aheadDb(kind);
    try {
      let failed = false;
      const ix = indexer(db, {
        maxRange: 8,
        beforeCursor: (to) => {
          if (!failed && to > 16) {
            failed = true;
            throw new Error('simulated write failure');
          }
        },
      });
      const steps: StepResult[] = [];
      await expect(
        (async () => {
          for (;;) steps.push(await ix.step());
        })(),
      ).rejects.toThrow('simulated write failure');
      expect(steps.some((r) => r.kind === 'indexed' && r.readAhead)).toBe(true);
      const after = await ix.step();
      expect(after).toMatchObject({ kind: 'indexed', readAhead: false });
      await ix.syncToHead();
      expect(await dumpNetwork(db, 'BSC')).toEqual(reference);
    } finally {
      await drop();
    }
  });

  it('shrinks the block range when the node refuses a large one, and still stores everything', async () => {
    const { db, drop } = await freshDb(kind);
    try {
      const picky = new PickyRpc(chains.rpcUrl, 8);
      await indexer(db, { source: new EvmSource(picky) }).syncToHead();
      expect(picky.refused).toBeGreaterThan(0);
      expect(await dumpNetwork(db, 'BSC')).toEqual(reference);
    } finally {
      await drop();
    }
  });
});

describe.each(DB_KINDS)('reorganisation on anvil, %s', (kind) => {
  it('rolls back the replaced blocks and indexes the new ones', async () => {
    const { db, drop } = await freshDb(kind);
    const snapshot = await rpc<string>(chains.rpcUrl, 'evm_snapshot');
    try {
      const ix = indexer(db);
      await ix.syncToHead();
      const orphan = await swapBnbForUsdt(chains, 10n ** 17n);
      await swapBnbForUsdt(chains, 2n * 10n ** 17n);
      await ix.syncToHead();
      const trades = async () =>
        (
          await db.query<{ tx_hash: string }>(`SELECT tx_hash FROM trades WHERE network = 'BSC'`)
        ).rows.map((r) => r.tx_hash);
      expect(await trades()).toContain(orphan);
      const before = (await readCursor(db, 'BSC'))!;

      // Same heights, different blocks: one other swap, then an empty block.
      await rpc(chains.rpcUrl, 'evm_revert', [snapshot]);
      const replacement = await swapBnbForUsdt(chains, 3n * 10n ** 17n, 4);
      await rpc(chains.rpcUrl, 'evm_mine');
      expect(Number(await rpc<string>(chains.rpcUrl, 'eth_blockNumber'))).toBe(before.blockNumber);

      const r = await ix.step();
      expect(r.kind).toBe('rollback');
      await ix.syncToHead();
      const now = await trades();
      expect(now).not.toContain(orphan);
      expect(now).toContain(replacement);
      expect(now).toHaveLength(await swapLogsOnChain());
      // Candles equal a rebuild from the surviving trades.
      const fresh = await freshDb(kind);
      try {
        await indexer(fresh.db).syncToHead();
        expect(await dumpNetwork(db, 'BSC')).toEqual(await dumpNetwork(fresh.db, 'BSC'));
      } finally {
        await fresh.drop();
      }
    } finally {
      await rpc(chains.rpcUrl, 'evm_revert', [snapshot]).catch(() => undefined);
      await drop();
    }
  });
});

describe.each(DB_KINDS)('Approval events on %s', (kind) => {
  it('are stored once per event, and a reorganisation removes the replaced ones', async () => {
    const { db, drop } = await freshDb(kind);
    // anvil forgets a snapshot once reverted to: one for the fork, one to leave the chain as found.
    const outer = await rpc<string>(chains.rpcUrl, 'evm_snapshot');
    const snapshot = await rpc<string>(chains.rpcUrl, 'evm_snapshot');
    const withApprovals = () =>
      indexer(db, { source: new EvmSource(chains.rpcUrl, approvalFilterOf(chains.bsc)) });
    const cfg = chains.devnet.config.networks.BSC;
    const usdt = cfg.tokens.USDT!.address;
    const stored = async () =>
      (
        await db.query<{ tx_hash: string; value: string }>(
          `SELECT tx_hash, value::text AS value FROM approvals WHERE network = 'BSC' AND owner = $1`,
          [anvilAddress(7)],
        )
      ).rows;
    try {
      const ix = withApprovals();
      await ix.syncToHead();
      const orphan = await approveToken(chains.rpcUrl, usdt, cfg.exchange.ROUTER_ADDRESS!, 7n);
      const other = await approveToken(chains.rpcUrl, usdt, anvilAddress(9), 8n); // not a router
      await ix.syncToHead();
      expect(await stored()).toEqual([{ tx_hash: orphan, value: '7' }]);
      expect((await stored()).map((r) => r.tx_hash)).not.toContain(other);
      const before = (await readCursor(db, 'BSC'))!;

      // Same heights, other blocks: the approval replaced by another one, then by nothing.
      await rpc(chains.rpcUrl, 'evm_revert', [snapshot]);
      const replacement = await approveToken(
        chains.rpcUrl,
        usdt,
        cfg.exchange.LIQUIDITY_ROUTER!,
        9n,
      );
      await rpc(chains.rpcUrl, 'evm_mine');
      expect(Number(await rpc<string>(chains.rpcUrl, 'eth_blockNumber'))).toBe(before.blockNumber);
      expect((await ix.step()).kind).toBe('rollback');
      await ix.syncToHead();
      expect(await stored()).toEqual([{ tx_hash: replacement, value: '9' }]);
      // Equal to a fresh index of the chain as it is now.
      const fresh = await freshDb(kind);
      try {
        await indexer(fresh.db, {
          source: new EvmSource(chains.rpcUrl, approvalFilterOf(chains.bsc)),
        }).syncToHead();
        const all = { approvals: true };
        expect(await dumpNetwork(db, 'BSC', all)).toEqual(await dumpNetwork(fresh.db, 'BSC', all));
      } finally {
        await fresh.drop();
      }
    } finally {
      await rpc(chains.rpcUrl, 'evm_revert', [outer]).catch(() => undefined);
      await drop();
    }
  });
});

/**
 * The chain reorganises while a step reads it: `reorg` runs once, inside the named call of the
 * real source (before or after the real call), exactly where a node could switch forks.
 */
function reorgDuring(
  when: 'before logs' | 'after logs',
  reorg: () => Promise<void>,
): { source: EvmSource; done: () => boolean } {
  const real = new EvmSource(chains.rpcUrl);
  let pending = true;
  const once = async () => {
    if (!pending) return;
    pending = false;
    await reorg();
  };
  const source = Object.assign(Object.create(real) as EvmSource, {
    logs: async (from: number, to: number) => {
      if (when === 'before logs') await once();
      const read = await real.logs(from, to);
      if (when === 'after logs') await once();
      return read;
    },
  });
  return { source, done: () => !pending };
}

describe.each(DB_KINDS)('a reorganisation in the middle of a step, %s', (kind) => {
  const head = async () => Number(await rpc<string>(chains.rpcUrl, 'eth_blockNumber'));
  const tradeHashes = async (db: Db) =>
    (
      await db.query<{ tx_hash: string }>(`SELECT tx_hash FROM trades WHERE network = 'BSC'`)
    ).rows.map((r) => r.tx_hash);
  /** What a fresh indexer stores from the chain as it is now. */
  const reference = async () => {
    const fresh = await freshDb(kind);
    try {
      await indexer(fresh.db).syncToHead();
      return await dumpNetwork(fresh.db, 'BSC');
    } finally {
      await fresh.drop();
    }
  };

  it("between the logs and the range's last block: the old fork's trades are never stored", async () => {
    const { db, drop } = await freshDb(kind);
    const outer = await rpc<string>(chains.rpcUrl, 'evm_snapshot');
    try {
      const ix = indexer(db);
      await ix.syncToHead();
      const fork = await rpc<string>(chains.rpcUrl, 'evm_snapshot');
      // The old fork: a swap, then a block without events (the range's last block).
      const orphan = await swapBnbForUsdt(chains, 10n ** 17n);
      await rpc(chains.rpcUrl, 'evm_mine');
      const oldHead = await head();
      let replacement = '';
      // The node switches forks right after answering the logs: same heights, other blocks.
      const { source, done } = reorgDuring('after logs', async () => {
        await rpc(chains.rpcUrl, 'evm_revert', [fork]);
        replacement = await swapBnbForUsdt(chains, 3n * 10n ** 17n, 4);
        await rpc(chains.rpcUrl, 'evm_mine');
        expect(await head()).toBe(oldHead);
      });
      const r = await indexer(db, { source }).step();
      expect(done()).toBe(true);
      expect(r.kind).not.toBe('indexed');
      expect(await tradeHashes(db)).not.toContain(orphan);

      await indexer(db).syncToHead();
      const now = await tradeHashes(db);
      expect(now).not.toContain(orphan);
      expect(now).toContain(replacement);
      expect(await dumpNetwork(db, 'BSC')).toEqual(await reference());
    } finally {
      await rpc(chains.rpcUrl, 'evm_revert', [outer]).catch(() => undefined);
      await drop();
    }
  });

  it("between the logs and the range's last block: the new fork's trades are not skipped", async () => {
    const { db, drop } = await freshDb(kind);
    const outer = await rpc<string>(chains.rpcUrl, 'evm_snapshot');
    try {
      const ix = indexer(db);
      await ix.syncToHead();
      const fork = await rpc<string>(chains.rpcUrl, 'evm_snapshot');
      // The old fork: two blocks without events; the new one has a swap in the first.
      await rpc(chains.rpcUrl, 'evm_mine');
      await rpc(chains.rpcUrl, 'evm_mine');
      let replacement = '';
      const { source, done } = reorgDuring('after logs', async () => {
        await rpc(chains.rpcUrl, 'evm_revert', [fork]);
        replacement = await swapBnbForUsdt(chains, 3n * 10n ** 17n, 4);
        await rpc(chains.rpcUrl, 'evm_mine');
      });
      const r = await indexer(db, { source }).step();
      expect(done()).toBe(true);
      expect(r.kind).toBe('refetch');
      await indexer(db).syncToHead();
      expect(await tradeHashes(db)).toContain(replacement);
      expect(await dumpNetwork(db, 'BSC')).toEqual(await reference());
    } finally {
      await rpc(chains.rpcUrl, 'evm_revert', [outer]).catch(() => undefined);
      await drop();
    }
  });

  it("between a range read ahead and its write: the old fork's trades go, the new fork's come", async () => {
    const { db, drop } = await aheadDb(kind);
    const outer = await rpc<string>(chains.rpcUrl, 'evm_snapshot');
    try {
      await indexer(db).syncToHead();
      // Eight blocks without events (the first range), then the fork point.
      for (let i = 0; i < 8; i++) await rpc(chains.rpcUrl, 'evm_mine');
      const fork = await rpc<string>(chains.rpcUrl, 'evm_snapshot');
      const orphan = await swapBnbForUsdt(chains, 10n ** 17n);
      const forkHead = async () => {
        while ((await head()) < (await forkHeight) + 8) await rpc(chains.rpcUrl, 'evm_mine');
      };
      const forkHeight = head().then((h) => h - 1);
      await forkHead();
      const ix = indexer(db, { maxRange: 8 });
      // The first range is stored; the next one, with the swap, is read meanwhile.
      expect(await ix.step()).toMatchObject({ kind: 'indexed', readAhead: false });
      // Then the chain switches forks above the first range.
      await rpc(chains.rpcUrl, 'evm_revert', [fork]);
      const replacement = await swapBnbForUsdt(chains, 3n * 10n ** 17n, 4);
      await forkHead();
      // What was read ahead is stored (as a range read just before a reorganisation would be)...
      expect(await ix.step()).toMatchObject({ kind: 'indexed', readAhead: true });
      expect(await tradeHashes(db)).toContain(orphan);
      // ...and the next step finds its block replaced and repairs it.
      expect(await ix.step()).toMatchObject({ kind: 'rollback' });
      await ix.syncToHead();
      const now = await tradeHashes(db);
      expect(now).not.toContain(orphan);
      expect(now).toContain(replacement);
      expect(await dumpNetwork(db, 'BSC')).toEqual(await reference());
    } finally {
      await rpc(chains.rpcUrl, 'evm_revert', [outer]).catch(() => undefined);
      await drop();
    }
  });

  it('between the cursor check and the logs: new blocks are not stored on an old-fork cursor', async () => {
    const { db, drop } = await freshDb(kind);
    const outer = await rpc<string>(chains.rpcUrl, 'evm_snapshot');
    try {
      const ix = indexer(db);
      await ix.syncToHead();
      const fork = await rpc<string>(chains.rpcUrl, 'evm_snapshot');
      // The old fork's swap is indexed: the cursor is on its block.
      const orphan = await swapBnbForUsdt(chains, 10n ** 17n);
      await ix.syncToHead();
      expect(await tradeHashes(db)).toContain(orphan);
      await rpc(chains.rpcUrl, 'evm_mine');
      let replacement = '';
      // The step sees its cursor block on the chain, then the node switches forks under it.
      const { source, done } = reorgDuring('before logs', async () => {
        await rpc(chains.rpcUrl, 'evm_revert', [fork]);
        replacement = await swapBnbForUsdt(chains, 3n * 10n ** 17n, 4);
        await rpc(chains.rpcUrl, 'evm_mine');
      });
      const r = await indexer(db, { source }).step();
      expect(done()).toBe(true);
      expect(r.kind).toBe('rollback');
      expect(await tradeHashes(db)).not.toContain(orphan);

      await indexer(db).syncToHead();
      const now = await tradeHashes(db);
      expect(now).not.toContain(orphan);
      expect(now).toContain(replacement);
      expect(await dumpNetwork(db, 'BSC')).toEqual(await reference());
    } finally {
      await rpc(chains.rpcUrl, 'evm_revert', [outer]).catch(() => undefined);
      await drop();
    }
  });
});

describe('headers that do not form one chain', () => {
  it('store nothing: a block whose parent is not the block before it', async () => {
    const { db, drop } = await freshDb('pglite');
    const outer = await rpc<string>(chains.rpcUrl, 'evm_snapshot');
    try {
      await indexer(db).syncToHead();
      const before = await dumpNetwork(db, 'BSC');
      const cursor = await readCursor(db, 'BSC');
      await swapBnbForUsdt(chains, 10n ** 17n);
      await rpc(chains.rpcUrl, 'evm_mine');
      // A node (one of several behind a load balancer, say) answers a header of another fork.
      const real = new EvmSource(chains.rpcUrl);
      const forked = Object.assign(Object.create(real) as EvmSource, {
        headers: async (from: number, to: number) => {
          const h = await real.headers(from, to);
          const last = h[h.length - 1]!;
          h[h.length - 1] = { ...last, parentHash: '0x' + 'ab'.repeat(32) };
          return h;
        },
      });
      const r = await indexer(db, { source: forked }).step();
      expect(r).toMatchObject({
        kind: 'refetch',
        reason: expect.stringMatching(/does not follow/),
      });
      expect(await readCursor(db, 'BSC')).toEqual(cursor);
      expect(await dumpNetwork(db, 'BSC')).toEqual(before);
      await indexer(db).syncToHead();
      expect(await dumpNetwork(db, 'BSC')).not.toEqual(before);
    } finally {
      await rpc(chains.rpcUrl, 'evm_revert', [outer]).catch(() => undefined);
      await drop();
    }
  });
});

describe('confirmations', () => {
  it("the local profile (the devnet's networks.json) indexes up to the head", async () => {
    expect(chains.bsc.confirmations).toBe(0);
    const { db, drop } = await freshDb('pglite');
    try {
      await indexer(db).syncToHead();
      expect((await readCursor(db, 'BSC'))?.blockNumber).toBe(
        Number(await rpc<string>(chains.rpcUrl, 'eth_blockNumber')),
      );
    } finally {
      await drop();
    }
  });

  it("a network's confirmations keep the indexer that many blocks behind the head", async () => {
    const { db, drop } = await freshDb('pglite');
    try {
      const network = { ...chains.bsc, confirmations: 3 };
      await indexer(db, { network }).syncToHead();
      const head = Number(await rpc<string>(chains.rpcUrl, 'eth_blockNumber'));
      expect((await readCursor(db, 'BSC'))?.blockNumber).toBe(head - 3);
      // /ready counts the lag from head - confirmations: this indexer is not behind.
      const app = await buildApp({ db, networks: [network], readyMaxLag: 0 });
      try {
        const ready = await app.inject('/ready');
        expect(ready.statusCode).toBe(200);
        expect(ready.json().networks.BSC).toEqual({
          head,
          indexed: head - 3,
          lag: 0,
          status: 'ok',
        });
      } finally {
        await app.close();
      }
    } finally {
      await drop();
    }
  });
});

describe('two indexer processes on one PostgreSQL', () => {
  const procs: ChildProcess[] = [];
  afterAll(() => procs.forEach((p) => p.kill('SIGKILL')));

  it('exactly one writes; the other takes over when it stops; no duplicates', async () => {
    const { db, url, drop } = await freshDb('postgres');
    try {
      const start = (name: string) => {
        const p = spawn(
          process.execPath,
          ['--import', 'tsx', join(__dirname, '../test/indexer-process.ts')],
          {
            env: {
              ...process.env,
              DATABASE_URL: url,
              RPC_URL: chains.rpcUrl,
              NETWORK: JSON.stringify(serialise()),
            },
            stdio: ['ignore', 'pipe', 'inherit'],
          },
        );
        let out = '';
        p.stdout!.on('data', (c) => (out += String(c)));
        procs.push(p);
        return { p, name, out: () => out };
      };
      const a = start('a');
      const b = start('b');
      const waitFor = async (pred: () => Promise<boolean> | boolean, ms = 60_000) => {
        const end = Date.now() + ms;
        while (!(await pred())) {
          if (Date.now() > end) throw new Error('timed out');
          await new Promise((r) => setTimeout(r, 200));
        }
      };
      const head = async () => Number(await rpc<string>(chains.rpcUrl, 'eth_blockNumber'));
      const caughtUp = async () =>
        ((await readCursor(db, 'BSC'))?.blockNumber ?? -1) >= (await head());
      await waitFor(() => a.out().includes('ready') && b.out().includes('ready'));
      await swapBnbForUsdt(chains, 10n ** 16n);
      await waitFor(caughtUp);
      const writers = [a, b].filter((x) => x.out().includes('writer'));
      expect(writers).toHaveLength(1);
      const { rows: locks } = await db.query<{ n: string }>(
        `SELECT count(*)::text AS n FROM pg_locks WHERE locktype = 'advisory' AND granted`,
      );
      expect(locks[0]!.n).toBe('1');

      writers[0]!.p.kill('SIGKILL');
      const other = writers[0] === a ? b : a;
      await waitFor(() => other.out().includes('writer'), 30_000);
      await swapBnbForUsdt(chains, 2n * 10n ** 16n);
      await waitFor(caughtUp);
      const { rows } = await db.query<{ n: string; d: string }>(
        `SELECT count(*)::text AS n, count(DISTINCT (tx_hash, log_index))::text AS d FROM trades`,
      );
      expect(rows[0]!.n).toBe(rows[0]!.d);
      expect(Number(rows[0]!.n)).toBe(await swapLogsOnChain());
    } finally {
      procs.forEach((p) => p.kill('SIGKILL'));
      await drop();
    }
  });
});

function serialise() {
  const n = chains.bsc;
  return {
    ...n,
    tokens: [...n.tokens.entries()],
    tokensBySymbol: [...n.tokensBySymbol.entries()],
    pools: [...n.pools.entries()],
  };
}
