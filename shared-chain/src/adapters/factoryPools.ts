/**
 * The exchange's own pairs of tokens the config does not list (imported, from token lists), for
 * both platforms: asked of the factory (`getPair`), never taken from a listing, so a pair counts
 * only when the factory created it for exactly these two addresses. The tokens of a found pair
 * are named by their key (config/addressKeys): a listed token by its symbol, any other by its
 * address, so routing over them never confuses a look-alike with a listed token. Each reader
 * passes its platform's address spelling (an EVM page loads no TRON hashing, and the reverse).
 */
import type { NetworkConfig } from '../config/types';
import { BALANCE_CACHE_MS } from '../core/constants';
import { isAddressKey } from '../core/tokenText';
import { keyOfAddressOf, type CanonicalAddress } from '../config/addressKeys';
import type { ListedPair, TrustedPool } from './trustedPairs';

export interface FactoryLookups {
  /** factory.getPair for each pair of addresses; undefined where there is none. */
  getPairs(pairs: readonly (readonly [string, string])[]): Promise<(string | undefined)[]>;
  /** token0, token1 and reserves of each pair, read from the pair contracts. */
  readPairs(pairs: readonly string[]): Promise<ListedPair[]>;
}

/** A pair the factory does not have yet is asked again after this long (it may be created). */
export const MISSING_PAIR_RECHECK_MS = BALANCE_CACHE_MS;

export class FactoryPools {
  /** Found pairs by "addressA|addressB" (sorted): a pair's address never changes. */
  private readonly found = new Map<string, string>();
  /** When a pair was last found missing. */
  private readonly missing = new Map<string, number>();
  /** The last reserves read, by pair list, with when: kept BALANCE_CACHE_MS like the snapshot. */
  private readonly reads = new Map<string, { at: number; pools: Promise<TrustedPool[]> }>();

  constructor(
    private readonly network: NetworkConfig,
    private readonly canonical: CanonicalAddress,
    private readonly lookups: FactoryLookups,
    private readonly now: () => number = Date.now,
  ) {}

  /** A token key (listed symbol or address) as the address the factory knows. */
  private addressOf(key: string): string | undefined {
    if (isAddressKey(this.network.platform, key)) return key;
    const address = this.network.tokens[key]?.address;
    return address ? address : undefined;
  }

  /**
   * The pools of these token pairs (keys) that the factory has, with their reserves, read at
   * most every BALANCE_CACHE_MS (`fresh`: read now). Pairs without a pool are left out.
   */
  pools(keyPairs: readonly (readonly [string, string])[], fresh = false): Promise<TrustedPool[]> {
    const addressPairs: [string, string][] = [];
    for (const [a, b] of keyPairs) {
      const x = this.addressOf(a);
      const y = this.addressOf(b);
      if (x !== undefined && y !== undefined && x !== y) addressPairs.push([x, y].sort() as never);
    }
    const unique = [...new Map(addressPairs.map((p) => [p.join('|'), p])).values()];
    const key = unique.map((p) => p.join('|')).join(' ');
    const cached = this.reads.get(key);
    if (cached !== undefined && !fresh && this.now() - cached.at < MISSING_PAIR_RECHECK_MS)
      return cached.pools;
    const pools = this.read(unique);
    const entry = { at: this.now(), pools };
    this.reads.set(key, entry);
    pools.catch(() => this.reads.get(key) === entry && this.reads.delete(key));
    return pools;
  }

  private async read(pairs: readonly [string, string][]): Promise<TrustedPool[]> {
    const now = this.now();
    const ask = pairs.filter((p) => {
      const key = p.join('|');
      if (this.found.has(key)) return false;
      const at = this.missing.get(key);
      return at === undefined || now - at >= MISSING_PAIR_RECHECK_MS;
    });
    if (ask.length > 0) {
      const answers = await this.lookups.getPairs(ask);
      ask.forEach((p, i) => {
        const pair = answers[i];
        if (pair === undefined) this.missing.set(p.join('|'), now);
        else this.found.set(p.join('|'), pair);
      });
    }
    const addresses = pairs.flatMap((p) => this.found.get(p.join('|')) ?? []);
    if (addresses.length === 0) return [];
    const listed = await this.lookups.readPairs(addresses);
    return listed.flatMap((entry) => {
      const symbolA = keyOfAddressOf(this.canonical, this.network, entry.token0);
      const symbolB = keyOfAddressOf(this.canonical, this.network, entry.token1);
      if (symbolA === undefined || symbolB === undefined) return [];
      return [
        { pair: entry.pair, symbolA, symbolB, reserveA: entry.reserve0, reserveB: entry.reserve1 },
      ];
    });
  }

  reset(): void {
    this.reads.clear();
    this.missing.clear();
  }
}
