// Pairs the factory creates beyond the config, found on both paths an indexer reads by: catching
// up (block ranges) and following the head (the followed blocks' logs), on BSC's anvil and on the
// TRON devnode, and listed by GET /v1/pairs with their tokens read from the chain and the
// reserves of their first provider.
import type { FastifyInstance } from 'fastify';
import { deployTokenWithPool } from '@jmswap/devnet';
import { buildApp } from '../app';
import { hexToTron } from '../chain/address';
import { decodeLog, type RawLog } from '../chain/events';
import { indexedNetworks, type IndexedNetwork, type NetworksFile } from '../config';
import type { ListedPair } from '../routes/pairs';
import { freshDb } from '../test/databases';
import { memoryLogger, waitFor } from '../test/observe';
import { startTestChains, type TestChains } from '../test/chain';
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
  tokenLiquidity: bigint;
  baseLiquidity: bigint;
}

/** A new taxed token and its pool with the wrapped base coin, as a new project launches one. */
async function launch(id: 'BSC' | 'TRON', symbol: string): Promise<Launched> {
  const n = network(id);
  const tron = id === 'TRON';
  const name = `${symbol} Project`;
  const decimals = tron ? 6 : 18;
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
  const decimals = n.platform === 'tron' ? 6 : 18;
  expect(pair.tokenB).toEqual({
    address: shown(l.token),
    symbol: l.symbol,
    name: l.name,
    decimals,
  });
  const whole = (v: bigint) => (v / 10n ** BigInt(decimals)).toString();
  expect(pair.reserveA).toBe(whole(l.baseLiquidity));
  expect(pair.reserveB).toBe(whole(l.tokenLiquidity));
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
