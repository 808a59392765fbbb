// Pairs the factory creates beyond the config, found on both paths an indexer reads by: catching
// up (block ranges) and following the head (the followed blocks' logs), on BSC's anvil and on the
// TRON devnode, and listed by GET /v1/pairs with their tokens read from the chain and the
// reserves of their first provider; after a reorganisation or a re-index that put another token
// at a pair's token address, listed with the new token's symbol, name and decimals.
import type { FastifyInstance } from 'fastify';
import { deployTokenWithPool } from '@jmswap/devnet';
import { buildApp } from '../app';
import { hexToTron } from '../chain/address';
import { decodeLog, type RawLog } from '../chain/events';
import { indexedNetworks, type IndexedNetwork, type NetworksFile } from '../config';
import type { ListedPair } from '../routes/pairs';
import { freshDb } from '../test/databases';
import { memoryLogger, waitFor } from '../test/observe';
import { rpc, startTestChains, type TestChains } from '../test/chain';
import { requestReindex } from './control';
import { Indexer } from './indexer';
import type { ChainSource } from './source';
import { sourceFor } from './sources';
import { readCursor } from './store';

let chains: TestChains;
beforeAll(async () => {
  chains = await startTestChains({ tron: true, swaps: 1 });
}, 240_000);
afterAll(() => chains?.stop());

/** A fresh copy of a network's config: discovery adds to its pools. */
const network = (id: 'BSC' | 'TRON'): IndexedNetwork =>
  indexedNetworks(chains.devnet.config as unknown as NetworksFile).find((n) => n.id === id)!;

interface Launched {
  /** The token's and its pair's addresses as the chain writes them (lower-case 0x). */
  token: string;
  pair: string;
  symbol: string;
  name: string;
  decimals: number;
  tokenLiquidity: bigint;
  baseLiquidity: bigint;
}

/** A new taxed token and its pool with the wrapped base coin, as a new project launches one. */
async function launch(
  id: 'BSC' | 'TRON',
  symbol: string,
  decimals = id === 'TRON' ? 6 : 18,
): Promise<Launched> {
  const n = network(id);
  const tron = id === 'TRON';
  const name = `${symbol} Project`;
  const tokenLiquidity = 5_000_000n * 10n ** BigInt(decimals);
  const baseLiquidity = (tron ? 70_000n : 30n) * 10n ** BigInt(tron ? 6 : 18);
  const made = await deployTokenWithPool({
    rpcUrl: tron ? chains.tronAnvilUrl! : chains.rpcUrl,
    router: n.routers[0]!,
    factory: n.factory,
    name,
    symbol,
    decimals,
    tax: 3,
    tokenLiquidity,
    baseLiquidity,
  });
  return {
    token: made.token.toLowerCase(),
    pair: made.pair!.toLowerCase(),
    symbol,
    name,
    decimals,
    tokenLiquidity,
    baseLiquidity,
  };
}

type PairsAnswer = { total: number; pairs: ListedPair[] };

async function listed(app: FastifyInstance, id: string, q: string): Promise<PairsAnswer> {
  const r = await app.inject({ url: `/v1/pairs/${id.toLowerCase()}?q=${encodeURIComponent(q)}` });
  expect(r.statusCode).toBe(200);
  return r.json() as PairsAnswer;
}

/** What GET /v1/pairs must say of the launched pair: its tokens and its first deposit. */
function expectListed(answer: PairsAnswer, n: IndexedNetwork, l: Launched) {
  const shown = (a: string) => (n.platform === 'tron' ? hexToTron(a) : a);
  expect(answer.total).toBe(1);
  const pair = answer.pairs[0]!;
  expect(pair.address).toBe(shown(l.pair));
  expect(pair.listed).toBe(false);
  // The base coin's wrapped token is side A (as in every configured pool of the base coin).
  expect(pair.tokenB).toEqual({
    address: shown(l.token),
    symbol: l.symbol,
    name: l.name,
    decimals: l.decimals,
  });
  const whole = (v: bigint, decimals: number) => (v / 10n ** BigInt(decimals)).toString();
  expect(pair.reserveA).toBe(whole(l.baseLiquidity, n.platform === 'tron' ? 6 : 18));
  expect(pair.reserveB).toBe(whole(l.tokenLiquidity, l.decimals));
}

const createsPair = (logs: RawLog[], n: IndexedNetwork, pair: string) =>
  logs.some((log) => {
    if (log.address !== n.factory) return false;
    const ev = ('decoded' in log ? (log as { decoded: unknown }).decoded : null) ?? decodeLog(log);
    return (ev as { kind?: string; pair?: string } | null)?.pair === pair;
  });

describe.each(['BSC', 'TRON'] as const)('a pair the factory creates on %s', (id) => {
  it('before the api starts is found catching up: listed with its tokens and reserves', async () => {
    const launched = await launch(id, `${id === 'BSC' ? 'B' : 'T'}CATCH`);
    const n = network(id);
    expect(n.pools.has(launched.pair)).toBe(false);
    const { db, drop } = await freshDb('pglite');
    const app = await buildApp({ db, networks: [n] });
    try {
      await new Indexer({ db, network: n, source: sourceFor(n) }).syncToHead();
      expectListed(await listed(app, id, launched.symbol.toLowerCase()), n, launched);
      // Searchable by the token's address too.
      const byAddress = n.platform === 'tron' ? hexToTron(launched.token) : launched.token;
      expect((await listed(app, id, byAddress)).total).toBe(1);
    } finally {
      await app.close();
      await drop();
    }
  }, 180_000);

  it('while the api follows the head is found in the followed blocks and listed within a few blocks', async () => {
    const n = network(id);
    const { db, drop } = await freshDb('pglite');
    const { logger } = memoryLogger('info');
    const app = await buildApp({ db, networks: [n], indexer: {}, logger });
    await app.ready();
    try {
      const indexer = app.indexers[0]!;
      const source = indexer.opts.source as ChainSource;
      const head = async () => source.head();
      await waitFor(
        'the indexer at the head',
        async () => ((await readCursor(db, id))?.blockNumber ?? -1) >= (await head()),
        120_000,
      );
      // Which read brought the factory's PairCreated: the followed blocks' (blockLogs) or a
      // range's (logs).
      const reads: Array<{ via: 'blockLogs' | 'logs'; logs: RawLog[] }> = [];
      const followed = source.blockLogs!.bind(source);
      const ranged = source.logs.bind(source);
      source.blockLogs = async (headers) => {
        const read = await followed(headers);
        reads.push({ via: 'blockLogs', logs: read.logs });
        return read;
      };
      source.logs = async (from, to) => {
        const read = await ranged(from, to);
        reads.push({ via: 'logs', logs: read.logs });
        return read;
      };
      const launched = await launch(id, `${id === 'BSC' ? 'B' : 'T'}FOLLOW`);
      const created = await head();
      let headWhenListed = Infinity;
      await waitFor(
        'the new pair listed',
        async () => {
          const at = await head();
          if ((await listed(app, id, launched.symbol)).total !== 1) return false;
          headWhenListed = at;
          return true;
        },
        60_000,
      );
      // Within a block or two of its creation.
      expect(headWhenListed).toBeLessThanOrEqual(created + 2);
      expectListed(await listed(app, id, launched.symbol), n, launched);
      const found = reads.filter((r) => createsPair(r.logs, n, launched.pair));
      expect(found.map((r) => r.via)).toEqual(['blockLogs']);
    } finally {
      await app.close();
      await drop();
    }
  }, 180_000);
});

// The chain replaced under the api: found by the indexer (a reorganisation), or the operator's
// re-index from block 0 (the dev stack's chains restarted from their seed, `--reindex-all`).
describe.each([
  ['a reorganisation', 'rollback'],
  ['a re-index from block 0', 'reindexed'],
] as const)('a token replaced on BSC, then %s', (_how, rolledBack) => {
  it("is listed under the new token's symbol and decimals, by the indexing api and by another", async () => {
    const n = network('BSC');
    const { db, drop } = await freshDb('pglite');
    // The api beside the indexer (its pools are the indexer's), and an api that only reads.
    const app = await buildApp({ db, networks: [n] });
    const reader = await buildApp({ db, networks: [network('BSC')] });
    // anvil forgets a snapshot once reverted to: one for the fork, one to leave the chain as found.
    const outer = await rpc<string>(chains.rpcUrl, 'evm_snapshot');
    const fork = await rpc<string>(chains.rpcUrl, 'evm_snapshot');
    try {
      const indexer = new Indexer({ db, network: n, source: sourceFor(n) });
      const old = await launch('BSC', 'BSIX');
      await indexer.syncToHead();
      expectListed(await listed(app, 'BSC', old.symbol), n, old);
      expectListed(await listed(reader, 'BSC', old.symbol), n, old);

      // Another chain, longer, without those blocks: the same deployer's same nonce deploys
      // another token at the same address, whose pool has the same address too.
      await rpc(chains.rpcUrl, 'evm_revert', [fork]);
      for (let i = 0; i < 3; i++) await rpc(chains.rpcUrl, 'evm_mine');
      const replacement = await launch('BSC', 'BDOGE', 9);
      expect([replacement.token, replacement.pair]).toEqual([old.token, old.pair]);
      if (rolledBack === 'reindexed') await requestReindex(db, 'BSC', 0);
      expect((await indexer.step()).kind).toBe(rolledBack);
      await indexer.syncToHead();

      // Each api within a few seconds (the list is kept 2 s, a reader refreshes every 5 s).
      for (const api of [app, reader]) {
        await waitFor(
          'the new token listed under its symbol',
          async () =>
            (await listed(api, 'BSC', replacement.symbol)).pairs[0]?.tokenB.symbol ===
            replacement.symbol,
          15_000,
        );
        expectListed(await listed(api, 'BSC', replacement.symbol), n, replacement);
        expect((await listed(api, 'BSC', old.symbol)).total).toBe(0);
      }
    } finally {
      await rpc(chains.rpcUrl, 'evm_revert', [outer]).catch(() => undefined);
      await app.close();
      await reader.close();
      await drop();
    }
  }, 180_000);
});
