import { indexedNetworks } from '../config';
import { fakeBscJson } from '../test/fake-chain';
import { walletTrades, walletTradesPage, type StoredSwap } from './walletTrades';

const hex40 = (n: number) => '0x' + n.toString(16).padStart(40, '0');
const [BNB, USDT, BUSD, JM] = [1, 2, 3, 4].map((n) => hex40(0xc00000 + n)) as [
  string,
  string,
  string,
  string,
];
const pool = (k: number) => hex40(0xbe0000 + k);
const [BNB_USDT, BNB_BUSD, BNB_JM] = [pool(1), pool(2), pool(3)] as [string, string, string];
const network = indexedNetworks(
  fakeBscJson(
    'BNB',
    [
      { symbol: 'BNB', address: BNB, decimals: 18 },
      { symbol: 'USDT', address: USDT, decimals: 6 },
      { symbol: 'BUSD', address: BUSD, decimals: 18 },
      { symbol: 'JM', address: JM, decimals: 9 },
    ],
    [
      { symbolA: 'BNB', symbolB: 'USDT', address: BNB_USDT },
      { symbolA: 'BNB', symbolB: 'BUSD', address: BNB_BUSD },
      { symbolA: 'BNB', symbolB: 'JM', address: BNB_JM },
    ],
  ),
)[0]!;

const e18 = 10n ** 18n;
const tx = (n: number) => n.toString(16).padStart(64, '0');
/** A stored Swap: side 'buy' = the wallet paid A (BNB) and received B. */
const swap = (
  hash: number,
  pair: string,
  side: 'buy' | 'sell',
  a: bigint,
  b: bigint,
  usd: number | null = 10,
  wallet: { paid?: bigint; received?: bigint } = {},
): StoredSwap => ({
  pair,
  side,
  a: String(a),
  b: String(b),
  paid: wallet.paid === undefined ? null : String(wallet.paid),
  received: wallet.received === undefined ? null : String(wallet.received),
  time: String(1_796_000_000 + hash),
  tx_hash: tx(hash),
  usd,
});

// USDT -> BNB -> BUSD in one transaction, newest first as the query reads it (last hop first).
const route = (hash: number) => [
  swap(hash, BNB_BUSD, 'buy', 2n * 10n ** 16n, 11n * e18, 9.9),
  swap(hash, BNB_USDT, 'sell', 2n * 10n ** 16n, 10n * 10n ** 6n, 10),
];

describe("a wallet's trades", () => {
  it('makes a route one trade: what the first pool took from the wallet, what the last one paid it', () => {
    const trades = walletTrades(network, [
      ...route(2),
      swap(1, BNB_JM, 'buy', e18, 500n * 10n ** 9n),
    ]);
    expect(trades).toEqual([
      {
        date: (1_796_000_000 + 2) * 1000,
        hash: tx(2),
        pair: BNB_USDT,
        symbolIn: 'USDT',
        symbolOut: 'BUSD',
        amountIn: '10',
        amountOut: '11',
        price: expect.stringMatching(/^0\.90909/),
        usd: 10,
      },
      expect.objectContaining({ hash: tx(1), symbolIn: 'BNB', symbolOut: 'JM', amountOut: '500' }),
    ]);
  });

  it("shows a taxed token's amounts as the wallet sent and received them, not the pool's", async () => {
    // Sold 100 JM (3% tax: the pool got 97) for BNB, then bought JM: the pool paid 50, 48.5 arrived.
    const trades = walletTrades(network, [
      swap(5, BNB_JM, 'buy', e18, 50n * 10n ** 9n, 10, { received: 485n * 10n ** 8n }),
      swap(4, BNB_JM, 'sell', e18, 97n * 10n ** 9n, 10, { paid: 100n * 10n ** 9n }),
    ]);
    expect(
      trades.map((t) => `${t.amountIn} ${t.symbolIn} -> ${t.amountOut} ${t.symbolOut}`),
    ).toEqual(['1 BNB -> 48.5 JM', '100 JM -> 1 BNB']);
    expect(trades[1]!.price).toBe('100');
  });

  it('keeps apart two swaps of one transaction that do not chain, and leaves out a pool it does not index', () => {
    const trades = walletTrades(network, [
      swap(3, BNB_JM, 'buy', e18, 5n * 10n ** 9n),
      swap(3, hex40(0xdead), 'buy', e18, e18),
      swap(3, BNB_USDT, 'buy', e18, 600n * 10n ** 6n),
    ]);
    expect(
      trades.map((t) => `${t.amountIn} ${t.symbolIn} -> ${t.amountOut} ${t.symbolOut}`),
    ).toEqual(['1 BNB -> 5 JM', '1 BNB -> 600 USDT']);
  });

  it('answers a page of whole trades, reading more swaps when routes fill the first read', async () => {
    // 6 routes of two hops, then 2 single swaps: 14 stored swaps, newest first.
    const stored = [
      ...[18, 17, 16, 15, 14, 13].flatMap(route),
      swap(12, BNB_JM, 'buy', e18, 1n),
      swap(11, BNB_JM, 'buy', e18, 1n),
    ];
    const reads: number[] = [];
    const read = async (rowLimit: number) => {
      reads.push(rowLimit);
      return stored.slice(0, rowLimit);
    };
    // 3 trades: 4 swaps read hold only 2 routes; 9 hold 4 whole routes and half of the fifth.
    const three = await walletTradesPage(network, 3, read);
    expect(three.map((t) => t.hash)).toEqual([tx(18), tx(17), tx(16)]);
    expect(reads).toEqual([4, 9]);
    // All 8: 11 swaps read are cut short; 23 asked bring all 14, and a short read is complete.
    reads.length = 0;
    const all = await walletTradesPage(network, 10, read);
    expect(all.map((t) => t.hash)).toEqual([18, 17, 16, 15, 14, 13, 12, 11].map(tx));
    expect(all[0]).toMatchObject({ symbolIn: 'USDT', symbolOut: 'BUSD' });
    expect(reads).toEqual([11, 23]);
    // A wallet without routes: one read, one swap more than the page.
    reads.length = 0;
    const singles = stored.slice(12);
    const page = await walletTradesPage(network, 1, async (rowLimit) => {
      reads.push(rowLimit);
      return singles.slice(0, rowLimit);
    });
    expect(page.map((t) => t.hash)).toEqual([tx(12)]);
    expect(reads).toEqual([2]);
  });

  it('never answers a route cut by the read: it reads further until the page is whole', async () => {
    // Routes of three hops (another router's), BUSD -> BNB -> USDT -> BNB, newest first.
    const hop3 = (hash: number) => [
      swap(hash, BNB_USDT, 'sell', e18, 600n * 10n ** 6n),
      swap(hash, BNB_USDT, 'buy', e18, 600n * 10n ** 6n),
      swap(hash, BNB_BUSD, 'sell', e18, 600n * e18),
    ];
    const stored = [9, 8, 7, 6].flatMap(hop3);
    const reads: number[] = [];
    const trades = await walletTradesPage(network, 2, async (rowLimit) => {
      reads.push(rowLimit);
      return stored.slice(0, rowLimit);
    });
    expect(reads).toEqual([3, 7]);
    expect(trades).toEqual([
      expect.objectContaining({ hash: tx(9), amountIn: '600', symbolIn: 'BUSD', symbolOut: 'BNB' }),
      expect.objectContaining({ hash: tx(8), amountIn: '600', symbolIn: 'BUSD', symbolOut: 'BNB' }),
    ]);
  });
});
