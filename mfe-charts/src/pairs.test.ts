import production from '@jmswap/shared-chain/config/networks.production.json';
import { parseNetworksFile } from '@jmswap/shared-chain';
import {
  chartPairOf,
  chartPairs,
  chartTokenText,
  indexedPairOf,
  indexedPrice,
  resolveChartPair,
} from './pairs';

const { networks } = parseNetworksFile(production);

describe('chart pairs', () => {
  it('defaults to TRX/JM and finds a pair in either order', () => {
    expect(resolveChartPair(networks.TRON)).toEqual({ symbolA: 'TRX', symbolB: 'JM' });
    expect(resolveChartPair(networks.TRON, 'JM', 'TRX')).toEqual({ symbolA: 'JM', symbolB: 'TRX' });
  });

  it('falls back to the network defaults for an unknown pair', () => {
    expect(resolveChartPair(networks.BSC)).toEqual({ symbolA: 'BNB', symbolB: 'USDT' });
    expect(resolveChartPair(networks.TRON, 'JM', 'NOLE')).toEqual({
      symbolA: 'TRX',
      symbolB: 'JM',
    });
  });

  it('knows which links name a pair it can show: a listed pair either way, or two addresses', () => {
    expect(chartPairOf(networks.TRON, 'JM', 'TRX')).toEqual({ symbolA: 'JM', symbolB: 'TRX' });
    expect(chartPairOf(networks.TRON)).toEqual({ symbolA: 'TRX', symbolB: 'JM' });
    expect(chartPairOf(networks.TRON, 'JM', 'NOLE')).toBeUndefined();
    expect(chartPairOf(networks.BSC)).toBeUndefined(); // TRX/JM is no pair of BSC
    const [x, y] = ['0x55d398326f99059fF775485246999027B3197955', '0x' + '1'.repeat(40)];
    expect(chartPairOf(networks.BSC, x, y)).toBeDefined();
    expect(chartPairOf(networks.BSC, x, x)).toBeUndefined();
  });

  it('hides pairs flagged hideFromCharts', () => {
    const poly = {
      ...networks.POLY,
      pools: [networks.POLY.pools[0]!, { ...networks.POLY.pools[1]!, hideFromCharts: true }],
    };
    expect(chartPairs(poly).map((p) => `${p.symbolA}/${p.symbolB}`)).toEqual(['MATIC/USDT']);
  });

  it("names a pair of the api's index by its tokens' symbols where known, else short addresses", () => {
    const usdt = '0x55d398326f99059fF775485246999027B3197955';
    const bsc = {
      ...networks.BSC,
      tokens: { ...networks.BSC.tokens, USDT: { ...networks.BSC.tokens.USDT!, address: usdt } },
    };
    const unknown = '0x1234567890123456789012345678901234567890';
    expect(chartTokenText(bsc, 'USDT')).toBe('USDT');
    // A listed token named by its address (the pools page's links) is its symbol.
    expect(chartTokenText(bsc, usdt.toLowerCase())).toBe('USDT');
    expect(chartTokenText(bsc, unknown)).toBe('0x1234…7890');
  });
});

describe("a pair of the api's index this browser does not know", () => {
  const wbnb = '0xbb4CdB9CBd36B01bD1cBaEBF2De08d9173bc095c';
  const six = '0x95bd8d42f30351685e96c62eddc0d0613bf9a87a';
  const fake = '0x2b15063a6f8a11d18404c801f295b1d19dcc8574';
  const bsc = {
    ...networks.BSC,
    tokens: { ...networks.BSC.tokens, BNB: { ...networks.BSC.tokens.BNB!, address: wbnb } },
  };
  const side = (address: string, symbol: string) => ({
    address,
    symbol,
    name: symbol,
    decimals: 18,
  });
  const pair = (b: ReturnType<typeof side>, reserveB = '1000000') => ({
    address: `0x${'67'.repeat(20)}`,
    listed: false,
    tokenA: side(wbnb.toLowerCase(), 'BNB'),
    tokenB: b,
    reserveA: '100',
    reserveB,
  });

  it('is found in a search answer in either order, its tokens in any letter case', () => {
    const p = pair(side(six, 'SIX'));
    expect(
      indexedPairOf(
        bsc,
        [pair(side(fake, 'USDT')), p],
        six.toUpperCase().replace('0X', '0x'),
        wbnb,
      ),
    ).toBe(p);
    expect(indexedPairOf(bsc, [p], wbnb, fake)).toBeUndefined();
  });

  it("names its tokens by the api's symbols; a copy of a listed symbol with its short address", () => {
    expect(chartTokenText(bsc, six, pair(side(six, 'SIX')))).toBe('SIX');
    expect(chartTokenText(bsc, fake, pair(side(fake, 'USDT')))).toBe('USDT (0x2b15…8574)');
    // The page's own name comes first; without the api's record, the short address.
    expect(chartTokenText(bsc, wbnb, pair(side(six, 'SIX')))).toBe('BNB');
    expect(chartTokenText(bsc, six)).toBe('0x95bd…a87a');
  });

  it('prices it from its reserves, either way round; nothing from an empty reserve', () => {
    const p = pair(side(six, 'SIX'));
    expect(indexedPrice(bsc, p, wbnb)).toBeCloseTo(0.0001, 12);
    expect(indexedPrice(bsc, p, six)).toBeCloseTo(10000, 6);
    expect(indexedPrice(bsc, pair(side(six, 'SIX'), '0'), wbnb)).toBeUndefined();
  });
});
