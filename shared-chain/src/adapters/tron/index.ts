/**
 * The TRON platform adapter (tronweb). Loaded lazily by the services (`import('../adapters/tron')`)
 * so tronweb stays out of EVM-only pages. See README.md.
 */
import type { PlatformAdapter, WalletConnection } from '../types';
import type { NetworkConfig } from '../../config/types';
import { createTronDevConnector } from './dev-wallet';
import { devWalletBuilt } from '../dev-wallet-build';
import { tronError, INSTALL_OR_UNLOCK_TRONLINK } from './errors';
import { TronReader } from './reader';
import { browserWindow, createTronLinkConnector } from './tronlink';
import { isTronWalletConnection, TronWriter, type TronWalletConnection } from './writer';
import { notingLandings } from '../../api/noteLanded';

export { TronReader, createTronReader, readOnlyAddresses, TRON_ZERO_ADDRESS } from './reader';
export type { TronPairReserves, TronReaderOptions } from './reader';
export { TronWriter, createTronWriter, defaultDeadline, isTronWalletConnection } from './writer';
export type { TronTxResult, TronWalletConnection, TronWriterOptions } from './writer';
export {
  TronLinkConnector,
  TronLinkConnection,
  createTronLinkConnector,
  watchAsset,
  assertTronChain,
  TRON_ADDRESS_POLL_MS,
} from './tronlink';
export type { TronLinkConnectorOptions, TronLinkLike, TronLinkWindow } from './tronlink';
export {
  TronDevConnector,
  TronDevConnection,
  createTronDevConnector,
  TRON_DEV_PRIVATE_KEY,
} from './dev-wallet';
export * from './errors';
export * from './chain';
export type { TronTxInfo, TronWebLike } from './tronweb-like';

/** A wallet the services built themselves (e.g. relayed): sign with TronLink's window.tronWeb. */
function asTronWallet(wallet: WalletConnection): TronWalletConnection {
  if (isTronWalletConnection(wallet)) return wallet;
  return Object.assign(Object.create(wallet) as WalletConnection, {
    getTronWeb() {
      const win = browserWindow();
      const tronWeb = win?.tronWeb || win?.tronLink?.tronWeb;
      if (!tronWeb) throw tronError('WALLET_NOT_CONNECTED', INSTALL_OR_UNLOCK_TRONLINK);
      return tronWeb;
    },
  });
}

export const tronAdapter: PlatformAdapter = {
  platform: 'tron',
  createReader: (network: NetworkConfig) => new TronReader(network),
  // Each landed swap and liquidity change noted: the api clients read past older answers.
  createWriter: (network: NetworkConfig, wallet: WalletConnection) =>
    notingLandings(new TronWriter(network, asTronWallet(wallet)), network.id),
  connectors: () => [
    createTronLinkConnector(),
    ...(devWalletBuilt() ? [createTronDevConnector()] : []),
  ],
};

export default tronAdapter;
