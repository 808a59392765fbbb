import type { NetworkConfig } from '../../config/types';
import type { PlatformAdapter, WalletConnection } from '../types';
import { evmConnectors } from './connectors';
import { EvmReader } from './reader';
import { EvmWriter } from './writer';
import { notingLandings } from '../../api/noteLanded';

/** The EVM platform adapter (BSC, POLY, BTTC, ETH) on ethers v6. */
export const evmAdapter: PlatformAdapter = {
  platform: 'evm',
  createReader: (network: NetworkConfig) => new EvmReader(network),
  // Each landed swap and liquidity change noted: the api clients read past older answers.
  createWriter: (network: NetworkConfig, wallet: WalletConnection) =>
    notingLandings(new EvmWriter(network, wallet), network.id),
  connectors: evmConnectors,
};

export { EvmReader, type PairReserves } from './reader';
export { EvmWriter, defaultDeadline } from './writer';
export * from './connectors';
export {
  DEV_WALLET_KEY,
  DevWalletConnection,
  Eip1193Connection,
  isEvmConnection,
  switchEip1193Chain,
  type Eip1193Provider,
  type EvmTxRequest,
  type EvmWalletConnection,
} from './connection';
export {
  addChainParams,
  isUserRejection,
  requestCount,
  rpcErrorCode,
  toChainError,
  wrongNetworkMessage,
} from './helpers';
export { destroyProviders } from './provider';
