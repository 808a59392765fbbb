import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join } from 'node:path';
import { normalizeAddress } from './chain/address';

export const NETWORK_IDS = ['TRON', 'BSC', 'POLY', 'BTTC', 'ETH'] as const;
export type NetworkId = (typeof NETWORK_IDS)[number];

/** The parts of shared-chain's networks.json the api reads. */
export interface TokenConfig {
  symbol: string;
  address: string;
  decimals: number;
  isBase?: boolean;
  /** The token's transfer tax in percent (0 or absent: none). */
  tax?: number;
}
export interface PoolConfig {
  symbolA: string;
  symbolB: string;
  address: string;
  hideFromCharts?: boolean;
}
export interface NetworkConfig {
  id: NetworkId;
  platform: 'evm' | 'tron';
  /** EVM: what eth_chainId answers; TRON: the last 4 bytes of the genesis block id. */
  chainId?: unknown;
  nodeUrl: string;
  /**
   * Every node, in order of preference (the indexer fails over along it); else nodeUrl alone.
   * `ws://` / `wss://` entries are the nodes whose new heads the indexer follows by subscription.
   */
  nodeUrls?: unknown;
  /** The chain's block time, ms: how often the indexer asks for a new head without a socket. */
  blockTimeMs?: unknown;
  api: { url: string; ownerAddress: string };
  exchange: { FACTORY_ADDRESS: string; ROUTER_ADDRESS?: string; LIQUIDITY_ROUTER?: string };
  baseToken: string;
  burnAddress?: string;
  tokens: Record<string, TokenConfig>;
  pools: PoolConfig[];
}
export interface NetworksFile {
  /** `local`: the devnet's chains (anvil, the TRON devnode); `production`: public chains. */
  profile?: 'local' | 'production';
  networks: Record<NetworkId, NetworkConfig>;
}

/**
 * Blocks the indexer leaves between its cursor and the chain's head on public chains, so a
 * short reorganisation is over before its blocks are read (a deeper one is rolled back by the
 * indexer's hash checks). About half a minute or less of delay each:
 * - ETH: 2 blocks (24 s); post-merge reorgs are one block deep, two are already rare.
 * - BSC: 5 blocks (about 4 s at 0.75 s blocks); fast finality finalises about 2 blocks back.
 * - POLY, BTTC (Bor): 16 blocks (about 32 s at 2 s blocks); short Bor reorgs of a few blocks
 *   are common, milestones finalise about this deep.
 * - TRON: 0 on top of what the source already waits for: it reads the solidified head
 *   (`/walletsolidity/getnowblock`, 19 blocks behind the newest, irreversible) and confirmed
 *   events only.
 * The `local` profile (anvil, the devnode: no reorganisations, e2e needs trades at once) uses 0.
 */
export const DEFAULT_CONFIRMATIONS: Readonly<Record<NetworkId, number>> = {
  TRON: 0,
  BSC: 5,
  POLY: 16,
  BTTC: 16,
  ETH: 2,
};

/**
 * A new block about every this many ms (networks.json `blockTimeMs` overrides it; the median of
 * the intervals the indexer measures adjusts it while it runs). BSC has made 0.75 s blocks since
 * its 2025 hard forks.
 */
export const DEFAULT_BLOCK_TIME_MS: Readonly<Record<NetworkId, number>> = {
  TRON: 3000,
  BSC: 750,
  POLY: 2000,
  BTTC: 2000,
  ETH: 12_000,
};

export const REPO_ROOT = join(__dirname, '../..');
export const DEFAULT_NETWORKS_FILE = join(REPO_ROOT, '.run/config/networks.json');
export const DEFAULT_DATA_DIR = join(REPO_ROOT, '.run/data/api');

export function readNetworksFile(path = DEFAULT_NETWORKS_FILE): NetworksFile {
  return JSON.parse(readFileSync(path, 'utf8')) as NetworksFile;
}

/** A configured pool with its token configs; addresses normalised (lower-case 0x). */
export interface Pool {
  address: string;
  symbolA: string;
  symbolB: string;
  tokenA: TokenConfig & { key: string };
  tokenB: TokenConfig & { key: string };
  hideFromCharts: boolean;
  /** Not in the config: announced by the factory and indexed with its tokens' metadata. */
  discovered?: boolean;
}

/** A network the api can index: platform, node, factory and configured pools. */
export interface IndexedNetwork {
  id: NetworkId;
  platform: 'evm' | 'tron';
  /** The first node (nodeUrls[0]). */
  nodeUrl: string;
  /** Every usable node, in the file's order (the indexer moves along it when one fails). */
  nodeUrls: string[];
  /** The `ws://` / `wss://` nodes (EVM): new heads by `eth_subscribe`, in the file's order. */
  wsUrls: string[];
  /**
   * The chain id every node must answer (EVM: eth_chainId; TRON: the genesis block id's last 4
   * bytes); a node of another chain is set aside. Undefined: not checked (a file without one).
   */
  chainId?: number;
  /** The block time the indexer polls at before it has measured one (ms). */
  blockTimeMs: number;
  factory: string;
  /**
   * The exchange's routers (ROUTER_ADDRESS, LIQUIDITY_ROUTER; lower-case 0x): the spenders whose
   * Approval events of configured tokens are indexed.
   */
  routers: string[];
  burnAddress?: string;
  baseToken: string;
  /** Token key (lower-case 0x address) -> token config. */
  tokens: Map<string, TokenConfig & { key: string }>;
  tokensBySymbol: Map<string, TokenConfig & { key: string }>;
  /** Pool key (lower-case 0x pair address) -> pool; order = the config's order. */
  pools: Map<string, Pool>;
  /** Blocks left between the indexer and the head (0 on the local profile). */
  confirmations: number;
}

/** An http(s) (or, with `ws`, ws(s)) url without user:password (fetch refuses those). */
function usableUrl(value: unknown, protocols = ['http:', 'https:']): value is string {
  if (typeof value !== 'string' || value.trim() === '') return false;
  try {
    const url = new URL(value);
    return protocols.includes(url.protocol) && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** The `ws://` / `wss://` entries of `nodeUrls` (new heads by subscription), repeats left out. */
export function wsUrlsOf(n: { nodeUrls?: unknown }): string[] {
  const listed = Array.isArray(n.nodeUrls) ? n.nodeUrls : [];
  return [...new Set(listed.filter((u) => usableUrl(u, ['ws:', 'wss:'])))];
}

/** A whole number of at least `min` from the file, else undefined. */
const wholeNumber = (value: unknown, min: number): number | undefined =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= min ? value : undefined;

/**
 * A network's nodes: `nodeUrls` when the file lists them (unusable or repeated entries left
 * out; `ws://` ones are wsUrlsOf's), else the one `nodeUrl`. Either field may be missing; none
 * usable: no node.
 */
export function nodeUrlsOf(n: { nodeUrl?: unknown; nodeUrls?: unknown }): string[] {
  const listed = Array.isArray(n.nodeUrls) ? n.nodeUrls : [];
  const urls = [...new Set(listed.filter((u): u is string => usableUrl(u)))];
  if (urls.length) return urls;
  return usableUrl(n.nodeUrl) ? [n.nodeUrl] : [];
}

/** Networks with a factory address; pools and tokens without an address are left out. */
export function indexedNetworks(file: NetworksFile): IndexedNetwork[] {
  const out: IndexedNetwork[] = [];
  for (const id of NETWORK_IDS) {
    const n = file.networks[id];
    const nodeUrls = n ? nodeUrlsOf(n) : [];
    if (!n || !n.exchange.FACTORY_ADDRESS || !nodeUrls.length) continue;
    const tokens = new Map<string, TokenConfig & { key: string }>();
    const tokensBySymbol = new Map<string, TokenConfig & { key: string }>();
    for (const t of Object.values(n.tokens)) {
      const key = normalizeAddress(t.address);
      if (!key) continue;
      const token = { ...t, key };
      tokens.set(key, token);
      tokensBySymbol.set(t.symbol, token);
    }
    const pools = new Map<string, Pool>();
    for (const p of n.pools) {
      const key = normalizeAddress(p.address);
      const a = tokensBySymbol.get(p.symbolA);
      const b = tokensBySymbol.get(p.symbolB);
      if (!key || !a || !b) continue;
      pools.set(key, {
        address: key,
        symbolA: p.symbolA,
        symbolB: p.symbolB,
        tokenA: a,
        tokenB: b,
        hideFromCharts: !!p.hideFromCharts,
      });
    }
    out.push({
      id,
      platform: n.platform,
      nodeUrl: nodeUrls[0]!,
      nodeUrls,
      wsUrls: n.platform === 'evm' ? wsUrlsOf(n) : [],
      chainId: wholeNumber(n.chainId, 1),
      // Below 100 ms is no block time but a typo (seconds for ms): the chain's default then.
      blockTimeMs: wholeNumber(n.blockTimeMs, 100) ?? DEFAULT_BLOCK_TIME_MS[id],
      factory: normalizeAddress(n.exchange.FACTORY_ADDRESS) ?? '',
      routers: [
        ...new Set(
          [n.exchange.ROUTER_ADDRESS, n.exchange.LIQUIDITY_ROUTER]
            .map((a) => normalizeAddress(a))
            .filter((a): a is string => !!a),
        ),
      ],
      burnAddress: n.burnAddress ? (normalizeAddress(n.burnAddress) ?? undefined) : undefined,
      baseToken: n.baseToken,
      tokens,
      tokensBySymbol,
      pools,
      // A file that does not say it is local is treated as public chains.
      confirmations: file.profile === 'local' ? 0 : DEFAULT_CONFIRMATIONS[id],
    });
  }
  return out;
}

/**
 * Which proxies the API believes about the client's address (X-Forwarded-For), from
 * `API_TRUST_PROXY` / `--trust-proxy`: `false` (the default: the socket's address is the client,
 * the header is ignored), or the proxies' addresses: `true` = a proxy on this host (`loopback`:
 * 127.0.0.0/8 and ::1), else a comma-separated list of addresses, CIDR ranges and the names
 * `loopback`, `linklocal`, `uniquelocal`. The client is then the last address of the header that
 * is not a listed proxy: a client's own X-Forwarded-For (the proxy appends to it) changes nothing,
 * and a client that reaches the API without the proxy is its own socket address. Hop counts are
 * refused: fastify ignores them (they cannot tell the proxy from a client).
 */
export type TrustProxy = false | string[];

const OFF = ['', 'false', 'off', 'no', '0'];
const ON = ['true', 'on', 'yes', '1'];
const NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyEntry(entry: string): boolean {
  if (NAMES.includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

export function parseTrustProxy(text: string | undefined): TrustProxy {
  const value = (text ?? '').trim().toLowerCase();
  if (OFF.includes(value)) return false;
  if (ON.includes(value)) return ['loopback'];
  const entries = value.split(',').map((e) => e.trim());
  if (entries.every(isProxyEntry)) return entries;
  throw new Error(
    `API_TRUST_PROXY / --trust-proxy: "${text}" is not false, true (a proxy on this host) or a ` +
      'comma-separated list of proxy addresses, CIDR ranges, loopback, linklocal, uniquelocal',
  );
}

/**
 * Whether a pool's swaps may move other amounts in the wallet than in the pool: one of its tokens
 * has a tax, or it is a discovered pair (its tokens' taxes unknown).
 */
export function mayTax(n: IndexedNetwork, pair: string): boolean {
  const pool = n.pools.get(pair);
  return !!pool && (pool.discovered === true || !!pool.tokenA.tax || !!pool.tokenB.tax);
}
