/**
 * Every pair of the exchange, not only the configured ones: when the factory announces a pair
 * the config does not list, the metadata of its two tokens is read from the chain once (stored
 * in pair_tokens: a token's metadata does not change while it is on the chain) and the pair
 * joins the network's pools, so its trades, candles and reserves are indexed like a configured
 * pool's. A rollback takes the pairs above the common ancestor away, and with them the metadata
 * of the tokens no stored pair uses any more (rollbackAbove) and their pools (the indexer reads
 * the pools from the database again): the new chain can hold another token at the same address
 * (same deployer, same nonce), which is then read from the chain afresh. Symbols and names are
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

/** A stored pair and the stored metadata of its tokens (null: none stored). */
interface StoredPair {
  address: string;
  token0: string;
  token1: string;
  symbol0: string | null;
  decimals0: number | null;
  symbol1: string | null;
  decimals1: number | null;
}

/** A stored pair as a pool (undefined: a token without metadata or usable decimals). */
function poolOfStoredPair(network: IndexedNetwork, r: StoredPair): Pool | undefined {
  const meta = (address: string, symbol: string | null, decimals: number | null) => {
    if (symbol !== null) return { symbol, name: symbol, decimals };
    // Not stored: a configured token (poolOfPair takes the config's word for it), else none.
    const listed = network.tokens.get(address);
    return listed
      ? { symbol: listed.symbol, name: listed.symbol, decimals: listed.decimals }
      : undefined;
  };
  const m0 = meta(r.token0, r.symbol0, r.decimals0);
  const m1 = meta(r.token1, r.symbol1, r.decimals1);
  if (!m0 || !m1) return undefined;
  return poolOfPair(network, r.address, [
    [r.token0, m0],
    [r.token1, m1],
  ]);
}

/**
 * The pairs of `network` the database stores, as pools, in the order they were created: one
 * query (the pairs and their tokens' metadata, one snapshot: a rollback deletes both at once).
 */
export async function storedPools(
  db: Queryable,
  network: IndexedNetwork,
): Promise<Map<string, Pool>> {
  const { rows } = await db.query<StoredPair>(
    `SELECT p.address, p.token0, p.token1, t0.symbol AS symbol0, t0.decimals AS decimals0,
       t1.symbol AS symbol1, t1.decimals AS decimals1
     FROM pairs p
     LEFT JOIN pair_tokens t0 ON t0.network = p.network AND t0.address = p.token0
     LEFT JOIN pair_tokens t1 ON t1.network = p.network AND t1.address = p.token1
     WHERE p.network = $1 ORDER BY p.block_number, p.address`,
    [network.id],
  );
  const pools = new Map<string, Pool>();
  for (const r of rows) {
    const pool = poolOfStoredPair(network, r);
    if (pool) pools.set(r.address, pool);
  }
  return pools;
}

const sameToken = (x: Pool['tokenA'], y: Pool['tokenA']) =>
  x.key === y.key && x.symbol === y.symbol && x.decimals === y.decimals;

/** Two pools that name and count their tokens alike. */
const samePool = (x: Pool, y: Pool) =>
  x.symbolA === y.symbolA &&
  x.symbolB === y.symbolB &&
  sameToken(x.tokenA, y.tokenA) &&
  sameToken(x.tokenB, y.tokenB);

/**
 * The discovered pools of `network` made to match `stored` (storedPools): a stored pair not in
 * memory added, a pool whose tokens' stored metadata differs replaced (a rollback let another
 * token take its address), a pool no longer stored dropped. The configured pools stay as they
 * are. Synchronous: nothing else runs between the check and the change.
 */
export function followStoredPools(network: IndexedNetwork, stored: Map<string, Pool>): void {
  for (const [address, pool] of network.pools)
    if (pool.discovered && !stored.has(address)) network.pools.delete(address);
  for (const [address, pool] of stored) {
    const known = network.pools.get(address);
    if (known && (!known.discovered || samePool(known, pool))) continue;
    network.pools.set(address, pool);
  }
}

/**
 * The discovered pools as the database stores them (the indexer: at its first step, when it
 * takes the network's lock, after a rollback), every pool it found before then forgotten.
 */
export async function loadDiscoveredPools(db: Queryable, network: IndexedNetwork): Promise<void> {
  followStoredPools(network, await storedPools(db, network));
}

/**
 * The networks this process's indexer writes. Their pools are the indexer's: it adds a pair
 * when it finds it in what it read, before the range that creates it is stored, so the database
 * is behind it for a while, and a refresh from the database would drop the pair meanwhile (and
 * its range would be stored without it).
 */
const indexedHere = new WeakSet<IndexedNetwork>();

/** Whether this process's indexer writes `network` (Indexer, as it takes or loses the lock). */
export function setIndexedHere(network: IndexedNetwork, writes: boolean): void {
  if (writes) indexedHere.add(network);
  else indexedHere.delete(network);
}

/**
 * An api's refresh of the pairs another process discovered (or rolled back): the pools made to
 * match the database, unless this process's indexer writes the network (checked again once the
 * database answered: the indexer may have taken the lock meanwhile).
 */
export async function refreshDiscoveredPools(
  db: Queryable,
  network: IndexedNetwork,
): Promise<void> {
  if (indexedHere.has(network)) return;
  const stored = await storedPools(db, network);
  if (!indexedHere.has(network)) followStoredPools(network, stored);
}
