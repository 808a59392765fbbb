import production from '../../config/networks.production.json';
import { parseNetworksFile } from '../config/schema';
import { quote } from '../core/pairMath';
import { liquidityTaxes, planAdd } from './liquidity';

const file = parseNetworksFile(production);
const tron = file.networks.TRON;
Object.assign(tron.exchange, { ROUTER_ADDRESS: 'ROUTER', LIQUIDITY_ROUTER: 'LIQUIDITY_ROUTER' });
const pair = {
  symbolA: 'TRX',
  symbolB: 'JM',
  reserveA: 1_000_003n,
  reserveB: 7_777_777n,
  totalSupply: 5_000_000n,
  kLast: 0n,
};

describe('planAdd', () => {
  it('plans a base-first add token-first, as addLiquidityBase rounds it', () => {
    const jm = quote(100_000n, pair.reserveA, pair.reserveB);
    const plan = planAdd(tron, pair, 100_000n, jm);
    // The router takes the token as given and the base coin at the floored ratio.
    expect(plan.amountB).toBe(jm);
    expect(plan.amountA).toBe(quote(jm, pair.reserveB, pair.reserveA));
    expect(plan.amountA).toBeLessThan(100_000n);
  });

  it('SafeMoney pays its tax on the normal router; JM is tax-free', () => {
    expect(liquidityTaxes(tron, 'TRX', 'SafeMoney')).toEqual({
      taxA: 0,
      taxB: 10,
      normalRouter: true,
    });
    expect(liquidityTaxes(tron, 'TRX', 'JM')).toEqual({ taxA: 0, taxB: 0, normalRouter: false });
  });
});
