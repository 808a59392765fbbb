import production from '@jmswap/shared-chain/config/networks.production.json';
import { parseNetworksFile } from '@jmswap/shared-chain';
import { chartPairs, resolveChartPair } from './pairs';

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
});
