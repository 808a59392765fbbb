// The networks.json schema is shared-chain's; the devnet writes files of exactly that shape.
// Type-only import: at run time the devnet reads shared-chain/config/networks.production.json as
// JSON and never loads shared-chain's code (shared-chain's tests start the devnet; no cycle).
import type { NetworkId } from '@jmswap/shared-chain';

export type {
  NetworkConfig,
  NetworkId,
  NetworksFile,
  PoolConfig,
  TokenConfig,
} from '@jmswap/shared-chain';

export const NETWORK_IDS: readonly NetworkId[] = ['TRON', 'BSC', 'POLY', 'BTTC', 'ETH'];
export type EvmNetworkId = Exclude<NetworkId, 'TRON'>;
export const EVM_NETWORK_IDS: readonly EvmNetworkId[] = ['BSC', 'POLY', 'BTTC', 'ETH'];
