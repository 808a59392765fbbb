// A chain of USDT pairs the indexer reads through the same ChainSource interface as a node,
// without a node: the memo test (a handful of pairs) and the scale bench (a thousand pairs, a
// block a second) both follow it, so they index the same kind of chain.
import { TOPICS, type RawLog } from '../chain/events';
import { indexedNetworks, type IndexedNetwork, type NetworksFile } from '../config';
import type { BlockRef, ChainSource } from '../indexer/source';

const hex40 = (n: number) => '0x' + n.toString(16).padStart(40, '0');
const word = (v: bigint | number | string) => BigInt(v).toString(16).padStart(64, '0');
const hash64 = (tag: string, n: number) => '0x' + tag + n.toString(16).padStart(63, '0');

export const FAKE_USDT = hex40(0xc0ffee);
export const FAKE_FACTORY = hex40(0xfac);
/** Pair k trades T<k> (token k) against USDT. */
export const fakePair = (k: number) => hex40(0xbe0000 + k);
export const fakeToken = (k: number) => hex40(0xc00000 + k);
export const fakeTrader = (k: number) => hex40(0xa00000 + k);

type FakeToken = { symbol: string; address: string; decimals: number };
type FakePool = { symbolA: string; symbolB: string; address: string };

/** The networks file of a local BSC with these tokens and pools, its factory FAKE_FACTORY. */
export function fakeBscJson(
  baseToken: string,
  tokens: FakeToken[],
  pools: FakePool[],
): NetworksFile {
  return {
    profile: 'local',
    networks: {
      BSC: {
        id: 'BSC',
        platform: 'evm',
        // Never asked: the indexer reads a FakeChain, the api runs with --no-indexer.
        nodeUrl: 'http://127.0.0.1:9',
        api: { url: '', ownerAddress: '' },
        exchange: { FACTORY_ADDRESS: FAKE_FACTORY },
        baseToken,
        tokens: Object.fromEntries(tokens.map((t) => [t.symbol, t])),
        pools,
      },
    },
  } as unknown as NetworksFile;
}

/** The networks file of a BSC with `pairs` pools USDT (A) / T<k> (B), every token 18 decimals. */
export function fakeNetworksJson(pairs: number): NetworksFile {
  const tokens: FakeToken[] = [{ symbol: 'USDT', address: FAKE_USDT, decimals: 18 }];
  const pools: FakePool[] = [];
  for (let k = 0; k < pairs; k++) {
    tokens.push({ symbol: `T${k}`, address: fakeToken(k), decimals: 18 });
    pools.push({ symbolA: 'USDT', symbolB: `T${k}`, address: fakePair(k) });
  }
  return fakeBscJson('USDT', tokens, pools);
}

export const fakeNetwork = (pairs: number): IndexedNetwork =>
  indexedNetworks(fakeNetworksJson(pairs))[0]!;

type FakeEvent = Pick<RawLog, 'address' | 'topics' | 'data'> & { txHash?: string };

/**
 * Block 0 holds the factory's PairCreated of every pair; then each `swaps()` is a block of Swap
 * + Sync logs (one transaction per swap, as a pair emits them), `blockSeconds` after the one
 * before it.
 */
export class FakeChain {
  readonly blocks: Array<Required<BlockRef>> = [];
  readonly logsByBlock = new Map<number, RawLog[]>();
  readonly txFrom = new Map<string, string>();
  /** Each pair's reserves: [T<k>, USDT]. */
  readonly reserves: Array<[bigint, bigint]>;
  /** Swaps mined so far (what `swapsOverPairs` spreads over the pairs). */
  swapCount = 0;

  constructor(
    readonly opts: { pairs: number; firstTime: number; blockSeconds: number; traders?: number },
  ) {
    this.reserves = Array.from({ length: opts.pairs }, () => [10n ** 24n, 6n * 10n ** 26n]);
    this.mine(
      Array.from({ length: opts.pairs }, (_, k) => {
        const [t0, t1] = [fakeToken(k), FAKE_USDT].sort();
        return {
          address: FAKE_FACTORY,
          topics: [TOPICS.PairCreated, '0x' + word(t0!), '0x' + word(t1!)],
          data: '0x' + word(fakePair(k)) + word(k + 1),
        };
      }),
    );
  }

  mine(events: FakeEvent[]): void {
    const n = this.blocks.length;
    const block = {
      number: n,
      hash: hash64('b', n),
      parentHash: n ? this.blocks[n - 1]!.hash : '0x' + '0'.repeat(64),
      time: this.opts.firstTime + n * this.opts.blockSeconds,
    };
    this.blocks.push(block);
    this.logsByBlock.set(
      n,
      events.map((e, i) => ({
        address: e.address,
        topics: e.topics,
        data: e.data,
        blockNumber: n,
        blockHash: block.hash,
        txHash: e.txHash ?? hash64('c', n * 100_000 + i),
        logIndex: i,
      })),
    );
  }

  /** One block: a swap of each listed pair, T<k> sold for USDT, the amount varying. */
  swaps(pairs: number[]): void {
    const n = this.blocks.length;
    const events: FakeEvent[] = [];
    pairs.forEach((k, i) => {
      const r = this.reserves[k]!;
      const amountIn = 10n ** 18n * BigInt(1 + ((n + i) % 7));
      const out = (amountIn * 997n * r[1]) / (r[0] * 1000n + amountIn * 997n);
      r[0] += amountIn;
      r[1] -= out;
      const txHash = hash64('d', n * 100_000 + i);
      const trader = fakeTrader(this.swapCount++ % (this.opts.traders ?? 99_991));
      this.txFrom.set(txHash, trader);
      events.push(
        {
          address: fakePair(k),
          topics: [TOPICS.Sync],
          data: '0x' + word(r[0]) + word(r[1]),
          txHash,
        },
        {
          address: fakePair(k),
          topics: [TOPICS.Swap, '0x' + word(trader), '0x' + word(trader)],
          data: '0x' + word(amountIn) + word(0) + word(0) + word(out),
          txHash,
        },
      );
    });
    this.mine(events);
  }

  /** One block of `count` swaps, pair k = (swap number mod pairs): every pair trades in turn. */
  swapsOverPairs(count: number): void {
    const first = this.swapCount;
    this.swaps(Array.from({ length: count }, (_, i) => (first + i) % this.opts.pairs));
  }

  source(): ChainSource {
    return {
      head: async () => this.blocks.length - 1,
      block: async (n) => this.blocks[n] ?? null,
      headers: async (from, to) => this.blocks.slice(from, to + 1),
      logs: async (from, to) => {
        const logs: RawLog[] = [];
        const blocks = new Map<number, BlockRef>();
        for (let n = from; n <= to; n++) {
          const l = this.logsByBlock.get(n) ?? [];
          if (l.length) blocks.set(n, this.blocks[n]!);
          logs.push(...l);
        }
        return { logs, blocks, txFrom: this.txFrom };
      },
    };
  }
}
