/**
 * Every pair of the exchange, not only the configured ones: when the factory announces a pair
 * the config does not list, the metadata of its two tokens is read from the chain once (stored
 * in pair_tokens; a token's metadata never changes) and the pair joins the network's pools, so
 * its trades, candles and reserves are indexed like a configured pool's. Symbols and names are
 * kept as escaped text: a control or bidirectional character is written as \u{...}, so nothing
 * downstream can render one. A token without usable decimals leaves its pair unindexed.
 */
import type { Pool, IndexedNetwork } from '../config';
import type { Queryable } from '../db/db';
import type { RawLog, DecodedEvent } from '../chain/events';
import { decodeLog } from '../chain/events';
import { decodeString } from '../listing/chain';
import type { ChainSource } from './source';

export interface TokenMeta {
  symbol: string;
  name: string;
  /** null: the token answered no usable decimals (0..36). */
  decimals: number | null;
}

/** Symbols and names longer than this are cut (with an ellipsis). */
export const MAX_SYMBOL = 32;
export const MAX_NAME = 64;

// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/gu;

/** The text with each control or bidirectional character written as \u{...}, cut to `max`. */
export function escapeText(text: string, max: number): string {
  const escaped = text.replace(
    UNSAFE,
    (c) => `\\u{${(c.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')}}`,
  );
  const chars = Array.from(escaped);
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : escaped;
}

/** What the getters' raw answers say (undefined answers: "?" and no decimals). */
export function tokenMetaOf(raw: { symbol?: string; name?: string; decimals?: string }): TokenMeta {
  const text = (hex: string | undefined, max: number) => {
    const decoded = hex === undefined ? undefined : decodeString(hex);
    return decoded === undefined || decoded.trim() === '' ? '?' : escapeText(decoded, max);
  };
  const body = raw.decimals?.replace(/^0x/, '') ?? '';
  const value = /^[0-9a-fA-F]{64}$/.test(body) ? BigInt(`0x${body}`) : undefined;
  return {
    symbol: text(raw.symbol, MAX_SYMBOL),
    name: text(raw.name, MAX_NAME),
    decimals: value !== undefined && value <= 36n ? Number(value) : null,
  };
}

/** The base coin and the stablecoins: the price side (A) of a pair that has one. */
const HUB_SYMBOLS = new Set(['USDT', 'USDC', 'BUSD', 'DAI', 'TUSD', 'USDD']);

/**
 * A discovered pair as a pool: A is the configured base coin or stablecoin when it has one (its
 * price then reads "base coin per token"), else token0.
 */
export function poolOfPair(
  network: IndexedNetwork,
  pair: string,
  tokens: [string, TokenMeta][],
): Pool | undefined {
  const side = ([address, meta]: [string, TokenMeta]) => {
    const listed = network.tokens.get(address);
    if (listed) return listed;
    if (meta.decimals === null) return undefined;
    return { symbol: meta.symbol, address, decimals: meta.decimals, key: address };
  };
  const [first, second] = tokens.map(side);
  if (!first || !second) return undefined;
  const isHub = (t: { symbol: string; key: string }) =>
    network.tokens.has(t.key) && (t.symbol === network.baseToken || HUB_SYMBOLS.has(t.symbol));
  const [a, b] = isHub(second) && !isHub(first) ? [second, first] : [first, second];
  return {
    address: pair,
    symbolA: a.symbol,
    symbolB: b.symbol,
    tokenA: a,
    tokenB: b,
    hideFromCharts: false,
    discovered: true,
  };
}

async function storedMeta(db: Queryable, network: string, addresses: string[]) {
  const { rows } = await db.query<{
    address: string;
    symbol: string;
    name: string;
    decimals: number | null;
  }>(
    'SELECT address, symbol, name, decimals FROM pair_tokens WHERE network = $1 AND address = ANY($2)',
    [network, addresses],
  );
  return new Map(
    rows.map((r) => [r.address, { symbol: r.symbol, name: r.name, decimals: r.decimals }]),
  );
}

/** The metadata of `addresses`: stored, or read from the chain once and stored. */
export async function tokenMetas(
  db: Queryable,
  network: IndexedNetwork,
  source: ChainSource,
  addresses: string[],
): Promise<Map<string, TokenMeta>> {
  const known = await storedMeta(db, network.id, addresses);
  for (const address of addresses) {
    if (known.has(address)) continue;
    const listed = network.tokens.get(address);
    const meta: TokenMeta = listed
      ? { symbol: listed.symbol, name: listed.symbol, decimals: listed.decimals }
      : source.tokenGetters
        ? tokenMetaOf(await source.tokenGetters(address))
        : { symbol: '?', name: '?', decimals: null };
    await db.query(
      `INSERT INTO pair_tokens (network, address, symbol, name, decimals) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (network, address) DO NOTHING`,
      [network.id, address, meta.symbol, meta.name, meta.decimals],
    );
    known.set(address, meta);
  }
  return known;
}

const pairCreated = (log: RawLog) => {
  const ev =
    ('decoded' in log ? (log as { decoded: DecodedEvent }).decoded : null) ?? decodeLog(log);
  return ev?.kind === 'PairCreated' ? ev : undefined;
};

/**
 * The pairs a range's logs create that the network does not index yet: their tokens' metadata
 * read (once) and the pairs added to `network.pools`, before the range's events are handled.
 * Returns the addresses added.
 */
export async function discoverPairs(
  db: Queryable,
  network: IndexedNetwork,
  source: ChainSource,
  logs: readonly RawLog[],
): Promise<string[]> {
  const added: string[] = [];
  for (const log of logs) {
    if (log.address !== network.factory) continue;
    const ev = pairCreated(log);
    if (!ev || network.pools.has(ev.pair)) continue;
    const metas = await tokenMetas(db, network, source, [ev.token0, ev.token1]);
    const pool = poolOfPair(network, ev.pair, [
      [ev.token0, metas.get(ev.token0) as TokenMeta],
      [ev.token1, metas.get(ev.token1) as TokenMeta],
    ]);
    if (pool) {
      network.pools.set(ev.pair, pool);
      added.push(ev.pair);
    }
  }
  return added;
}

/** The pairs stored by earlier runs that the config does not list, back into `network.pools`. */
export async function loadDiscoveredPools(db: Queryable, network: IndexedNetwork): Promise<void> {
  const { rows } = await db.query<{ address: string; token0: string; token1: string }>(
    'SELECT address, token0, token1 FROM pairs WHERE network = $1',
    [network.id],
  );
  const unknown = rows.filter((r) => !network.pools.has(r.address));
  if (unknown.length === 0) return;
  const metas = await storedMeta(db, network.id, [
    ...new Set(unknown.flatMap((r) => [r.token0, r.token1])),
  ]);
  for (const r of unknown) {
    const m0 = metas.get(r.token0) ?? network.tokens.get(r.token0);
    const m1 = metas.get(r.token1) ?? network.tokens.get(r.token1);
    if (!m0 || !m1) continue;
    const meta = (m: { symbol: string; decimals: number | null }) => ({
      symbol: m.symbol,
      name: m.symbol,
      decimals: m.decimals,
    });
    const pool = poolOfPair(network, r.address, [
      [r.token0, meta(m0)],
      [r.token1, meta(m1)],
    ]);
    if (pool) network.pools.set(r.address, pool);
  }
}
