import type { IndexedNetwork, Pool } from '../config';
import { toFloat } from '../units';

/** Tokens worth 1 USD by definition. */
export const USD_STABLES = new Set(['USDT', 'USDC', 'BUSD', 'DAI', 'TUSD', 'USDD']);

export interface Reserves {
  reserve0: bigint;
  reserve1: bigint;
}

/**
 * The USD route of a network: a stablecoin is 1 USD; any other token is priced through the
 * deepest of its pools with a stablecoin or with the base coin (the base coin at its own
 * stablecoin price), its depth the USD value of that other side. A thin pool, easy to push, does
 * not set the price where a deep one exists; pools not yet arbitraged against each other give
 * the price most of the liquidity agrees on. No such pool with reserves: no USD price (null).
 * Prices come from the pools' reserves at that moment.
 */
export class UsdPricer {
  constructor(
    private readonly network: IndexedNetwork,
    /** pair key -> token0 key, to orient reserves. */
    private readonly token0: Map<string, string>,
    readonly reserves: Map<string, Reserves>,
  ) {}

  /** `symbol`'s reserve and the other token's in `pool`, in whole tokens; null without reserves. */
  private sides(pool: Pool, symbol: string): { self: number; other: number } | null {
    const r = this.reserves.get(pool.address);
    const t0 = this.token0.get(pool.address);
    if (!r || !t0) return null;
    const [self, other] =
      pool.symbolA === symbol ? [pool.tokenA, pool.tokenB] : [pool.tokenB, pool.tokenA];
    const selfRes = self.key === t0 ? r.reserve0 : r.reserve1;
    const otherRes = self.key === t0 ? r.reserve1 : r.reserve0;
    if (selfRes === 0n || otherRes === 0n) return null;
    return { self: toFloat(selfRes, self.decimals), other: toFloat(otherRes, other.decimals) };
  }

  /**
   * The pools of `symbol` whose other token is a stablecoin or (`withBase`) the base coin. Found
   * once per symbol: the pools are the network's config, and a swap asks for its token's price
   * every time (a scan of a thousand pools per swap otherwise).
   */
  private routesOf(symbol: string, withBase: boolean): readonly Pool[] {
    const key = `${withBase}:${symbol}`;
    const known = this.routes.get(key);
    if (known) return known;
    const base = this.network.baseToken;
    const found: Pool[] = [];
    for (const p of this.network.pools.values()) {
      // A discovered pair's symbols are its tokens' own words: only the config names a price.
      if (p.discovered || (p.symbolA !== symbol && p.symbolB !== symbol)) continue;
      const other = p.symbolA === symbol ? p.symbolB : p.symbolA;
      if (USD_STABLES.has(other) || (withBase && other === base)) found.push(p);
    }
    this.routes.set(key, found);
    return found;
  }

  private readonly routes = new Map<string, readonly Pool[]>();

  priceUsd(symbol: string): number | null {
    if (USD_STABLES.has(symbol)) return 1;
    const base = this.network.baseToken;
    const isBase = symbol === base;
    let basePrice: number | null | undefined;
    let best: { price: number; depthUsd: number } | null = null;
    for (const pool of this.routesOf(symbol, !isBase)) {
      const other = pool.symbolA === symbol ? pool.symbolB : pool.symbolA;
      const otherUsd = USD_STABLES.has(other) ? 1 : (basePrice ??= this.priceUsd(base));
      if (otherUsd === null) continue;
      const sides = this.sides(pool, symbol);
      if (!sides) continue;
      const depthUsd = sides.other * otherUsd;
      if (!best || depthUsd > best.depthUsd)
        best = { price: (sides.other / sides.self) * otherUsd, depthUsd };
    }
    return best?.price ?? null;
  }
}
