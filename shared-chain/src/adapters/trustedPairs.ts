/**
 * Which pools the product trusts, for both platforms. Anyone can deploy a token called "USDT" or
 * "WTRX" and create a pair with it, and anyone can create enough pairs to fill the swap-info
 * pages. So a pool counts only when both its tokens are configured tokens (matched by address,
 * never by on-chain symbol) and its pair address is the one the factory's getPair reports for
 * them, or the pair address the config itself gives for that pool (as trusted as the token
 * addresses beside it; it spares a TRON page one node request per pool before its first
 * prices); symbols always come from the config. The configured pools missing from the pages read
 * are read directly by pair address, so spam cannot push them out.
 */
import type { NetworkConfig } from '../config/types';
import type { PoolReserves } from '../core/paths';
import {
  PAIR_BALANCE_FIRST_PAGE,
  PAIR_BALANCE_LAST_PAGE,
  PAIR_BALANCE_PAGE_SIZE,
} from '../core/constants';

/** A pair as a listing (swap-info) or the pair contract reports it, addresses in any form. */
export interface ListedPair {
  pair: string;
  token0: string;
  token1: string;
  reserve0: bigint;
  reserve1: bigint;
}

/** A trusted pool: configured symbols in token0/token1 order, plus its pair address. */
export interface TrustedPool extends PoolReserves {
  pair: string;
}

/** The chain reads the check needs (one implementation per platform). */
export interface PairLookups {
  /** The platform's one spelling of an address (checksum 0x on EVM, base58 on TRON). */
  canonical(address: string): string;
  /** factory.getPair(tokenA, tokenB); undefined when there is no pair. */
  getPair(tokenA: string, tokenB: string): Promise<string | undefined>;
  /** token0, token1 and reserves read from the pair contract itself. */
  readPair(pair: string): Promise<ListedPair>;
}

export class TrustedPairs {
  /** Factory answers, by "addressA|addressB" (sorted): a pair address never changes once created. */
  private readonly factoryPairs = new Map<string, Promise<string | undefined>>();
  /** Pair address -> configured symbols (token0, token1), for the positions. */
  private readonly known = new Map<string, { symbol0: string; symbol1: string }>();

  constructor(
    private readonly network: NetworkConfig,
    private readonly lookups: PairLookups,
  ) {}

  /** Configured address -> symbol, rebuilt on each read (tests and listings add tokens). */
  private symbolsByAddress(): Map<string, string> {
    const index = new Map<string, string>();
    for (const [symbol, token] of Object.entries(this.network.tokens)) {
      if (token.address !== '') index.set(this.lookups.canonical(token.address), symbol);
    }
    return index;
  }

  private factoryPair(a: string, b: string): Promise<string | undefined> {
    const key = [a, b].sort().join('|');
    let answer = this.factoryPairs.get(key);
    if (!answer) {
      answer = this.lookups
        .getPair(a, b)
        .then((pair) => (pair === undefined ? undefined : this.lookups.canonical(pair)));
      this.factoryPairs.set(key, answer);
      // A failed or empty answer is asked again next time (the pair may be created later).
      answer.then(
        (pair) => pair === undefined && this.factoryPairs.delete(key),
        () => this.factoryPairs.delete(key),
      );
    }
    return answer;
  }

  /** Configured pool addresses by "symbolA|symbolB" (sorted); pools without one are left out. */
  private configuredPairs(): Map<string, string> {
    const index = new Map<string, string>();
    for (const p of this.network.pools)
      if (p.address)
        index.set([p.symbolA, p.symbolB].sort().join('|'), this.lookups.canonical(p.address));
    return index;
  }

  /** The listed pairs that pass the check, plus every configured pool the listing missed. */
  async pools(listed: readonly ListedPair[]): Promise<TrustedPool[]> {
    const bySymbol = this.symbolsByAddress();
    const configured = this.configuredPairs();
    const { canonical } = this.lookups;
    const checked = await Promise.all(
      listed.map(async (entry) => {
        const symbol0 = bySymbol.get(canonical(entry.token0));
        const symbol1 = bySymbol.get(canonical(entry.token1));
        if (symbol0 === undefined || symbol1 === undefined || symbol0 === symbol1) return null;
        const pair = canonical(entry.pair);
        if (configured.get([symbol0, symbol1].sort().join('|')) === pair)
          return this.pool(entry, symbol0, symbol1);
        const real = await this.factoryPair(canonical(entry.token0), canonical(entry.token1));
        return real === pair ? this.pool(entry, symbol0, symbol1) : null;
      }),
    );
    const pools = checked.filter((p): p is TrustedPool => p !== null);
    const have = new Set(pools.map((p) => [p.symbolA, p.symbolB].sort().join('|')));
    const missing = this.network.pools.filter((p) => {
      const a = this.network.tokens[p.symbolA];
      const b = this.network.tokens[p.symbolB];
      return a?.address && b?.address && !have.has([p.symbolA, p.symbolB].sort().join('|'));
    });
    const direct = await Promise.all(
      missing.map(async (p) => {
        const a = canonical(this.network.tokens[p.symbolA]!.address);
        const b = canonical(this.network.tokens[p.symbolB]!.address);
        const pair = await this.factoryPair(a, b);
        if (pair === undefined) return null;
        const entry = await this.lookups.readPair(pair);
        const symbol0 = bySymbol.get(canonical(entry.token0));
        const symbol1 = bySymbol.get(canonical(entry.token1));
        return symbol0 && symbol1 ? this.pool({ ...entry, pair }, symbol0, symbol1) : null;
      }),
    );
    return [...pools, ...direct.filter((p): p is TrustedPool => p !== null)];
  }

  private pool(entry: ListedPair, symbol0: string, symbol1: string): TrustedPool {
    const pair = this.lookups.canonical(entry.pair);
    this.known.set(pair, { symbol0, symbol1 });
    return {
      pair,
      symbolA: symbol0,
      symbolB: symbol1,
      reserveA: entry.reserve0,
      reserveB: entry.reserve1,
    };
  }

  /** The configured symbols of a pair that passed the check (token0, token1), else undefined. */
  symbolsOf(pair: string): { symbol0: string; symbol1: string } | undefined {
    return this.known.get(this.lookups.canonical(pair));
  }
}

/**
 * Pairs per page when an exchange has more pairs than the spec's first pages hold:
 * a thousand pools are read in ~10 calls of the swap-info contract, never one call per pool.
 */
export const LARGE_PAIR_PAGE_SIZE = 150;
/** At most this many large pages (15 000 pairs): a node's pair count is not trusted to size a loop. */
export const MAX_LARGE_PAIR_PAGES = 100;

/**
 * The swap-info pages to use: `first` (the spec's pages 1 to 3 of 10) unless the last of them is
 * full; then the pair count (`length()`) and every pair again in pages of LARGE_PAIR_PAGE_SIZE,
 * read at once (`read(size, page)`). Configured pools beyond the first pages are then found in
 * the pages, not read one by one; an exchange of 30 pairs or fewer costs no request more.
 */
export async function morePages<T>(
  first: T[],
  sizeOf: (page: T) => number,
  length: () => Promise<number>,
  read: (size: number, page: number) => Promise<T>,
): Promise<T[]> {
  const last = first[first.length - 1];
  if (last === undefined || sizeOf(last) < PAIR_BALANCE_PAGE_SIZE) return first;
  const pairCount = await length();
  if (pairCount <= PAIR_BALANCE_PAGE_SIZE * (PAIR_BALANCE_LAST_PAGE - PAIR_BALANCE_FIRST_PAGE + 1))
    return first;
  if (!Number.isSafeInteger(pairCount))
    throw new Error(`allPairsLength: the node answered ${pairCount}, not a pair count`);
  const pageCount = Math.min(Math.ceil(pairCount / LARGE_PAIR_PAGE_SIZE), MAX_LARGE_PAIR_PAGES);
  const pages = Array.from({ length: pageCount }, (_, i) => i + 1);
  return Promise.all(pages.map((p) => read(LARGE_PAIR_PAGE_SIZE, p)));
}

/** Pages of a wallet's positions read together after the first (a page past the last is empty). */
export const POSITION_PAGES_PER_ROUND = 10;
/**
 * The page size after a full first page of the spec's 7: the swap-info contract scans every
 * pair of the factory for each page it answers (its held-pairs list is not kept), so a wallet in
 * 1 480 pools cost 212 scans in pages of 7 and costs 23 in pages of 70 (first page included).
 */
export const LARGE_POSITION_PAGE_SIZE = 70;
/** At most this many positions (2 200 of the spec's pages): full pages do not end a loop. */
export const MAX_POSITIONS = 15_400;

/**
 * A wallet's positions page by page: page 1 in the spec's size alone (most wallets hold fewer
 * positions than a page), and if it is full, every position again in pages of
 * LARGE_POSITION_PAGE_SIZE, POSITION_PAGES_PER_ROUND at once, up to the first short page.
 * `onPage` gets each page in order as soon as it and the pages before it are read, with its
 * number: 0 for the spec's page 1, then 1, 2, ... for the large pages (the first of which holds
 * page 0's positions again, read anew), so a list can grow as they come.
 * Resolves to the pages read, the spec's page 1 first.
 */
export async function pagesUntilShort<T>(
  read: (size: number, page: number) => Promise<T>,
  sizeOf: (page: T) => number,
  firstSize: number,
  onPage: (page: T, large: number) => void = () => undefined,
): Promise<T[]> {
  const first = await read(firstSize, 1);
  onPage(first, 0);
  if (sizeOf(first) < firstSize) return [first];
  const pages: T[] = [];
  const full = (page: T) => sizeOf(page) >= LARGE_POSITION_PAGE_SIZE;
  const maxPages = Math.ceil(MAX_POSITIONS / LARGE_POSITION_PAGE_SIZE);
  while (pages.every(full) && pages.length < maxPages) {
    const from = pages.length + 1;
    const count = Math.min(POSITION_PAGES_PER_ROUND, maxPages - pages.length);
    const round: (T | undefined)[] = new Array(count);
    let shown = 0;
    // Pages of a round are handed on in order; after a short one, the rest are past the end.
    let ended = false;
    await Promise.all(
      Array.from({ length: count }, async (_, k) => {
        round[k] = await read(LARGE_POSITION_PAGE_SIZE, from + k);
        while (shown < count && round[shown] !== undefined) {
          const page = round[shown++] as T;
          pages.push(page);
          if (!ended) onPage(page, pages.length);
          ended ||= !full(page);
        }
      }),
    );
  }
  const last = pages.findIndex((page) => !full(page));
  return [first, ...(last < 0 ? pages : pages.slice(0, last + 1))];
}
