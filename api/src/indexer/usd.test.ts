import { indexedNetworks } from '../config';
import { fakeBscJson } from '../test/fake-chain';
import { UsdPricer, type Reserves } from './usd';

const hex40 = (n: number) => '0x' + n.toString(16).padStart(40, '0');
const [USDT, BNB, JM, X, Y] = [1, 2, 3, 4, 5].map((n) => hex40(0xc00000 + n)) as [
  string,
  string,
  string,
  string,
  string,
];
const pool = (k: number) => hex40(0xbe0000 + k);
// Many pools without a USD route first: a token's route is the first pool that has one.
const spam = Array.from({ length: 50 }, (_, k) => ({
  symbolA: 'X',
  symbolB: 'Y',
  address: pool(100 + k),
}));
const network = indexedNetworks(
  fakeBscJson(
    'BNB',
    [
      { symbol: 'USDT', address: USDT, decimals: 6 },
      { symbol: 'BNB', address: BNB, decimals: 18 },
      { symbol: 'JM', address: JM, decimals: 9 },
      { symbol: 'X', address: X, decimals: 18 },
      { symbol: 'Y', address: Y, decimals: 18 },
    ],
    [
      ...spam,
      { symbolA: 'BNB', symbolB: 'USDT', address: pool(1) },
      { symbolA: 'JM', symbolB: 'BNB', address: pool(2) },
      { symbolA: 'JM', symbolB: 'USDT', address: pool(3) },
    ],
  ),
)[0]!;

describe('USD prices from the pools', () => {
  it('prices a token through its stablecoin pool, else through the base coin, from the reserves of that moment', () => {
    const token0 = new Map([
      [pool(1), BNB],
      [pool(2), JM],
      ...spam.map((p) => [p.address, X] as [string, string]),
    ]);
    const reserves = new Map<string, Reserves>([
      // 10 BNB : 6 000 USDT -> 600 USD per BNB.
      [pool(1), { reserve0: 10n * 10n ** 18n, reserve1: 6_000n * 10n ** 6n }],
      // 1 000 JM : 2 BNB -> 0.002 BNB per JM.
      [pool(2), { reserve0: 1_000n * 10n ** 9n, reserve1: 2n * 10n ** 18n }],
    ]);
    const pricer = new UsdPricer(network, token0, reserves);
    expect(pricer.priceUsd('USDT')).toBe(1);
    expect(pricer.priceUsd('BNB')).toBe(600);
    expect(pricer.priceUsd('JM')).toBeCloseTo(1.2, 12);
    expect(pricer.priceUsd('X')).toBeNull();
    // The same pricer after a Sync: the route is kept, the price follows the new reserves.
    reserves.set(pool(1), { reserve0: 10n * 10n ** 18n, reserve1: 7_000n * 10n ** 6n });
    expect(pricer.priceUsd('BNB')).toBe(700);
    expect(pricer.priceUsd('JM')).toBeCloseTo(1.4, 12);
    // No reserves yet: no price.
    reserves.delete(pool(2));
    expect(pricer.priceUsd('JM')).toBeNull();
  });

  it("takes the deepest of a token's routes: a thin stablecoin pool pushed off the market does not set the price", () => {
    const token0 = new Map([
      [pool(1), BNB],
      [pool(2), JM],
      [pool(3), JM],
    ]);
    const reserves = new Map<string, Reserves>([
      // 10 BNB : 6 000 USDT -> 600 USD per BNB.
      [pool(1), { reserve0: 10n * 10n ** 18n, reserve1: 6_000n * 10n ** 6n }],
      // 1 000 JM : 2 BNB ($1 200 deep) -> 1.2 USD per JM.
      [pool(2), { reserve0: 1_000n * 10n ** 9n, reserve1: 2n * 10n ** 18n }],
      // 10 JM : 50 USDT ($50 deep) -> 5 USD per JM, pushed up by a small buy.
      [pool(3), { reserve0: 10n * 10n ** 9n, reserve1: 50n * 10n ** 6n }],
    ]);
    const pricer = new UsdPricer(network, token0, reserves);
    expect(pricer.priceUsd('JM')).toBeCloseTo(1.2, 12);
    // The stablecoin pool grown deeper than the base coin's: it sets the price.
    reserves.set(pool(3), { reserve0: 2_000n * 10n ** 9n, reserve1: 3_000n * 10n ** 6n });
    expect(pricer.priceUsd('JM')).toBeCloseTo(1.5, 12);
    // The base coin without a price: its pools cannot price JM; the stablecoin pool still does.
    reserves.set(pool(3), { reserve0: 10n * 10n ** 9n, reserve1: 50n * 10n ** 6n });
    reserves.delete(pool(1));
    expect(pricer.priceUsd('BNB')).toBeNull();
    expect(pricer.priceUsd('JM')).toBeCloseTo(5, 12);
    // An emptied pool is no route.
    reserves.set(pool(3), { reserve0: 0n, reserve1: 0n });
    expect(pricer.priceUsd('JM')).toBeNull();
  });
});
