/**
 * The picker's search (pure): every token of the network matched by symbol, name or address,
 * case-insensitive, prefix matches first; within a tier, tokens the wallet holds first (by their
 * dollar value when known), then the listed order (config, then token lists, then imports).
 * Built for a thousand tokens a keystroke: the lower-case texts are made once per token table.
 */
import type { NetworkConfig, TokenConfig } from '../../config/types';
import { searchText } from '../../core/tokenText';

export interface PickerEntry {
  key: string;
  token: TokenConfig;
  /** The listed order: config tokens first, then token lists, then imports. */
  order: number;
  symbol: string;
  name: string;
  /** Lower case, without 0x. */
  address: string;
}

const indexes = new WeakMap<NetworkConfig['tokens'], PickerEntry[]>();

const originRank = (token: TokenConfig) =>
  token.origin === undefined ? 0 : token.origin === 'list' ? 1 : 2;

/** The network's tokens as the picker lists them with no search (kept per token table). */
export function pickerEntries(network: NetworkConfig): PickerEntry[] {
  let entries = indexes.get(network.tokens);
  if (entries === undefined) {
    // By origin, each in the table's order (buckets: a stable sort in one pass).
    const byOrigin: [string, TokenConfig][][] = [[], [], []];
    for (const key in network.tokens) {
      const token = network.tokens[key]!;
      byOrigin[originRank(token)]!.push([key, token]);
    }
    entries = byOrigin.flat().map(([key, token], order) => ({
      key,
      token,
      order,
      symbol: token.symbol.toLowerCase(),
      name: token.name.toLowerCase(),
      address: token.address.toLowerCase().replace(/^0x/, ''),
    }));
    indexes.set(network.tokens, entries);
  }
  return entries;
}

/** How well an entry matches (lower is better), or -1 for no match. */
function tier(entry: PickerEntry, query: string, bare: string): number {
  if (entry.symbol === query) return 0;
  if (entry.symbol.startsWith(query)) return 1;
  if (entry.name.startsWith(query) || entry.name.includes(` ${query}`)) return 2;
  if (bare.length >= 3 && entry.address.startsWith(bare)) return 3;
  if (entry.symbol.includes(query)) return 4;
  if (entry.name.includes(query)) return 5;
  if (bare.length >= 6 && entry.address.includes(bare)) return 6;
  return -1;
}

/** How many tiers `tier` answers (0 to TIERS - 1). */
const TIERS = 7;

/**
 * The entries matching `query` in the order the picker shows them. `held`: keys the wallet holds
 * a balance of. `entries` come in the listed order, so one pass into buckets (tier, then held or
 * not) keeps that order within each: no sort, which on 10 000 tokens cost more than a frame a
 * keystroke on a slow phone. `worth`: what each held token is worth in dollars (10^-18 USD), as
 * Uniswap orders "your tokens": within a tier the held tokens go by it, most first, those without
 * a price after them (a sort of the held ones only: a wallet holds a few).
 */
export function searchTokens(
  entries: readonly PickerEntry[],
  query: string,
  held: ReadonlySet<string> = new Set(),
  worth?: ReadonlyMap<string, bigint>,
): PickerEntry[] {
  const q = searchText(query).toLowerCase();
  const bare = q.replace(/^0x/, '');
  const buckets: PickerEntry[][] = Array.from({ length: TIERS * 2 }, () => []);
  for (const entry of entries) {
    const t = q === '' ? 0 : tier(entry, q, bare);
    if (t >= 0) buckets[t * 2 + (held.has(entry.key) ? 0 : 1)]!.push(entry);
  }
  if (worth !== undefined && worth.size > 0)
    for (let b = 0; b < buckets.length; b += 2) buckets[b]!.sort(byWorth(worth));
  return buckets.flat();
}

/** Most dollars first; a token without a price after every priced one; else the listed order. */
const byWorth =
  (worth: ReadonlyMap<string, bigint>) =>
  (x: PickerEntry, y: PickerEntry): number => {
    const [a, b] = [worth.get(x.key), worth.get(y.key)];
    if (a !== b) {
      if (a === undefined) return 1;
      if (b === undefined) return -1;
      return a > b ? -1 : 1;
    }
    return x.order - y.order;
  };
