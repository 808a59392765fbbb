import { readFileSync } from 'node:fs';
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
  nodeUrl: string;
  api: { url: string; ownerAddress: string };
  exchange: { FACTORY_ADDRESS: string };
  baseToken: string;
  burnAddress?: string;
  tokens: Record<string, TokenConfig>;
  pools: PoolConfig[];
}
export interface NetworksFile {
  networks: Record<NetworkId, NetworkConfig>;
}

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
}

/** A network the api can index: platform, node, factory and configured pools. */
export interface IndexedNetwork {
  id: NetworkId;
  platform: 'evm' | 'tron';
  nodeUrl: string;
  factory: string;
  burnAddress?: string;
  baseToken: string;
  /** Token key (lower-case 0x address) -> token config. */
  tokens: Map<string, TokenConfig & { key: string }>;
  tokensBySymbol: Map<string, TokenConfig & { key: string }>;
  /** Pool key (lower-case 0x pair address) -> pool; order = the config's order. */
  pools: Map<string, Pool>;
}

/** Networks with a factory address; pools and tokens without an address are left out. */
export function indexedNetworks(file: NetworksFile): IndexedNetwork[] {
  const out: IndexedNetwork[] = [];
  for (const id of NETWORK_IDS) {
    const n = file.networks[id];
    if (!n || !n.exchange.FACTORY_ADDRESS || !n.nodeUrl) continue;
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
      nodeUrl: n.nodeUrl,
      factory: normalizeAddress(n.exchange.FACTORY_ADDRESS) ?? '',
      burnAddress: n.burnAddress ? (normalizeAddress(n.burnAddress) ?? undefined) : undefined,
      baseToken: n.baseToken,
      tokens,
      tokensBySymbol,
      pools,
    });
  }
  return out;
}
