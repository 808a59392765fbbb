import type { IndexedNetwork, Pool } from '../config';
import { toFloat } from '../units';

/** Tokens worth 1 USD by definition. */
export const USD_STABLES = new Set(['USDT', 'USDC', 'BUSD', 'DAI', 'TUSD', 'USDD']);

export interface Reserves {
  reserve0: bigint;
  reserve1: bigint;
}

/**
 * The USD route of a network: a stablecoin is 1 USD; any other token is priced through its pool
 * with a stablecoin, else through its pool with the base coin times the base coin's stablecoin
 * price; else it has no USD price (null). Prices come from the pools' reserves at that moment.
 */
export class UsdPricer {
  constructor(
    private readonly network: IndexedNetwork,
    /** pair key -> token0 key, to orient reserves. */
    private readonly token0: Map<string, string>,
    readonly reserves: Map<string, Reserves>,
  ) {}

  /** Human-unit price of `symbolOther` per 1 `symbol` in `pool`, from reserves. */
  private rate(pool: Pool, symbol: string): number | null {
    const r = this.reserves.get(pool.address);
    const t0 = this.token0.get(pool.address);
    if (!r || !t0) return null;
    const [self, other] =
      pool.symbolA === symbol ? [pool.tokenA, pool.tokenB] : [pool.tokenB, pool.tokenA];
    const selfRes = self.key === t0 ? r.reserve0 : r.reserve1;
    const otherRes = self.key === t0 ? r.reserve1 : r.reserve0;
    if (selfRes === 0n) return null;
    return toFloat(otherRes, other.decimals) / toFloat(selfRes, self.decimals);
  }

  /**
   * The first pool of `symbol` whose other token passes `pred`. Found once per symbol and kind:
   * the pools are the network's config, and a swap asks for its token's route every time (a
   * scan of a thousand pools per swap otherwise).
   */
  private poolWith(
    symbol: string,
    kind: 'stable' | 'base',
    pred: (other: string) => boolean,
  ): Pool | null {
    const key = `${kind}:${symbol}`;
    const known = this.routes.get(key);
    if (known !== undefined) return known;
    let found: Pool | null = null;
    for (const p of this.network.pools.values())
      // A discovered pair's symbols are its tokens' own words: only the config names a price.
      if (p.discovered) continue;
      else if (
        (p.symbolA === symbol && pred(p.symbolB)) ||
        (p.symbolB === symbol && pred(p.symbolA))
      ) {
        found = p;
        break;
      }
    this.routes.set(key, found);
    return found;
  }

  private readonly routes = new Map<string, Pool | null>();

  priceUsd(symbol: string, depth = 0): number | null {
    if (USD_STABLES.has(symbol)) return 1;
    const stable = this.poolWith(symbol, 'stable', (o) => USD_STABLES.has(o));
    if (stable) return this.rate(stable, symbol);
    if (depth > 0 || symbol === this.network.baseToken) return null;
    const viaBase = this.poolWith(symbol, 'base', (o) => o === this.network.baseToken);
    if (!viaBase) return null;
    const inBase = this.rate(viaBase, symbol);
    const base = this.priceUsd(this.network.baseToken, depth + 1);
    return inBase === null || base === null ? null : inBase * base;
  }
}
