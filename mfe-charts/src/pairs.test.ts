import production from '@jmswap/shared-chain/config/networks.production.json';
import { parseNetworksFile } from '@jmswap/shared-chain';
import { chartPairs, chartTokenText, resolveChartPair } from './pairs';

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
