/** @jmswap/devnet: local chains, the DEX contracts, deploy and seed. */
export {
  startDevnet,
  DEVNET_CHAINS,
  DEFAULT_HISTORY,
  DEFAULT_API_URL,
  type Devnet,
  type DevnetOptions,
} from './devnet';
export {
  deployNetwork,
  ANVIL_ACCOUNTS,
  ANVIL_KEYS,
  ANVIL_KEY_0,
  FEE_RECIPIENT,
  TAX_WALLET,
  BURN_ADDRESS,
  taxesFor,
  FEATURED_POOLS,
  type HistoryOptions,
  type DeployOptions,
} from './deploy/deployNetwork';
export { startAnvil, type AnvilInstance, type AnvilOptions } from './anvil';
export { deployTokenWithPool, type NewToken, type NewTokenOptions } from './deploy/newToken';
export { mined, deployed, MINED_TIMEOUT_MS, type SentTransaction } from './deploy/mined';
export {
  StateCache,
  STATE_CACHE_DIR,
  STATE_MAX_AGE_MS,
  type StateCacheOptions,
} from './state-cache';
export { startTestRunCache, stopTestRunCache, testRunCache } from './test-run-cache';
export { loadArtifact, ensureCompiled, type Artifact, type ContractName } from './artifacts';
export { SEED_PRICES_USD, amountForUsd } from './deploy/prices';
export { LOCAL_CONFIG_PATH, productionNetwork } from './config/production';
export type { NetworkConfig, NetworksFile, NetworkId } from './config/types';
export { startTronNetwork, startDevnode, type TronNetwork } from './tron/index';
export { injectTronLink, tronLinkInitScript, type TronLinkOptions } from './tron/tronlink-inject';
export {
  startRelay,
  WalletConnectRelay,
  SIGN_RELAY_METHODS,
  type RelayOptions,
} from './walletconnect/relay';
export {
  TestWallet,
  USER_REJECTED_4001,
  type SeenRequest,
  type TestWalletOptions,
} from './walletconnect/wallet';
