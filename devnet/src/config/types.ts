/**
 * The network config schema, structurally identical to shared-chain/src/config/types.ts
 * (`NetworksFile`). Copied here because no package reaches into another's src/; devnet reads
 * shared-chain/config/networks.production.json as plain JSON.
 */
export const NETWORK_IDS = ['TRON', 'BSC', 'POLY', 'BTTC', 'ETH'] as const;
export type NetworkId = (typeof NETWORK_IDS)[number];
export type EvmNetworkId = Exclude<NetworkId, 'TRON'>;
export const EVM_NETWORK_IDS: readonly EvmNetworkId[] = ['BSC', 'POLY', 'BTTC', 'ETH'];

export type Platform = 'evm' | 'tron';
export type NetworkProfile = 'local' | 'production';

export interface TokenConfig {
  symbol: string;
  name: string;
  address: string;
  hex?: string;
  decimals: number;
  logoURI: string;
  tax: number;
  isBase?: boolean;
  canAddToken?: boolean;
  useNormalRouterForLiquidity?: boolean;
  description?: string;
  www?: string;
}

export interface PoolConfig {
  symbolA: string;
  symbolB: string;
  address: string;
  invert?: boolean;
  hideFromCharts?: boolean;
}

export interface ExchangeConfig {
  FACTORY_ADDRESS: string;
  ROUTER_ADDRESS: string;
  LIQUIDITY_ROUTER: string;
  SWAP_API: string;
  MAX_HOP_LENGTH: number;
}

export interface NetworkConfig {
  id: NetworkId;
  name: string;
  platform: Platform;
  chainId: number;
  nodeUrl: string;
  scan: string;
  api: { url: string; ownerAddress: string };
  exchange: ExchangeConfig;
  baseToken: string;
  defaultTokens: [string, string];
  gasPrice?: string;
  feeRecipient?: string;
  burnAddress?: string;
  tokens: Record<string, TokenConfig>;
  pools: PoolConfig[];
}

export interface NetworksFile {
  profile: NetworkProfile;
  version: string;
  networks: Record<NetworkId, NetworkConfig>;
}
