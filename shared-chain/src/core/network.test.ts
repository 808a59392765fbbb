// The core against the production network config's real token and pool lists (TokenConfig and
// PoolConfig fit the core's inputs as they are; reserves are synthetic).
import production from '../../config/networks.production.json';
import type { NetworkConfig, NetworksFile } from '../config/types';
import { estimateAmountNeeded, estimateSwap } from './estimate';
import { getAmountsOutTaxed } from './pairMath';
import { type PoolReserves, findPaths, findRoutes } from './paths';
import { suggestedSlippageBps } from './slippage';
import { taxesArray } from './tax';

const tron: NetworkConfig = (production as unknown as NetworksFile).networks.TRON;

function withReserves(network: NetworkConfig): PoolReserves[] {
  return network.pools.map((pool) => {
    const a = network.tokens[pool.symbolA];
    const b = network.tokens[pool.symbolB];
    if (a === undefined || b === undefined)
      throw new Error(`pool ${pool.symbolA}-${pool.symbolB} lacks a token`);
    return {
      symbolA: pool.symbolA,
      symbolB: pool.symbolB,
      reserveA: 1_000_000n * 10n ** BigInt(a.decimals),
      reserveB: 2_000_000n * 10n ** BigInt(b.decimals),
    };
  });
}

describe('core over the TRON production config', () => {
  const pools = withReserves(tron);

  it('routes a taxed token to a taxed token through the base coin', () => {
    const estimate = estimateSwap({
      tokens: tron.tokens,
      pools,
      from: 'SafeMoney',
      to: 'JM',
      amountIn: 1_000n * 10n ** BigInt(tron.tokens.SafeMoney?.decimals ?? 0),
    });
    if (estimate === null) throw new Error('no estimate');
    expect(estimate.path).toEqual(['SafeMoney', 'TRX', 'JM']);
    const route = findRoutes({ from: 'SafeMoney', to: 'JM', pools, tokens: tron.tokens })[0];
    expect(route?.taxes).toEqual([10, 0, 3]);
    expect(estimate.amounts).toEqual(
      getAmountsOutTaxed(estimate.amountIn, route?.hops ?? [], [10, 0, 3]),
    );
    const pathTokens = estimate.path.map(
      (symbol) => tron.tokens[symbol] as NonNullable<(typeof tron.tokens)[string]>,
    );
    expect(taxesArray(pathTokens)).toEqual([10n, 0n, 3n]);
    expect(suggestedSlippageBps(pathTokens)).toBe(500 + 1_000 + 300);
  });

  it('every pool pair is directly routable, and paths never exceed 3 tokens', () => {
    for (const pool of tron.pools) {
      expect(findPaths(pool.symbolA, pool.symbolB, pools)).toContainEqual([
        pool.symbolA,
        pool.symbolB,
      ]);
    }
    for (const path of findPaths('JM', 'USDT', pools)) expect(path.length).toBeLessThanOrEqual(3);
  });

  it('buys an exact JM amount with TRX', () => {
    const estimate = estimateAmountNeeded({
      tokens: tron.tokens,
      pools,
      from: 'TRX',
      to: 'JM',
      amountOut: 10n ** 8n,
    });
    expect(estimate?.amountOut).toBe(10n ** 8n);
    expect(estimate?.feeToken).toBe('TRX');
  });
});
