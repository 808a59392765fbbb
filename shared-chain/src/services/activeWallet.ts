/**
 * The connected wallet, apart from the session code (wallet.ts) that sets it: the recent
 * transactions list, which wallet.ts loads on a send, reads it without importing wallet.ts back.
 */
import type { NetworkConfig } from '../config/types';
import { ChainError } from '../core/errors';
import type { WalletConnection } from '../adapters/types';
import type { WalletKind } from '../wallets/options';

export interface ActiveWallet {
  kind: WalletKind;
  connection: WalletConnection;
  network: NetworkConfig;
  stopListening: () => void;
  timer?: ReturnType<typeof setInterval>;
}

let active: ActiveWallet | undefined;

/** The connected wallet and its network, if any. */
export const activeWallet = (): Readonly<ActiveWallet> | undefined => active;

/** The connected wallet, or a rejection "Wallet not connected". */
export function requireWallet(): Readonly<ActiveWallet> {
  if (!active) throw new ChainError('WALLET_NOT_CONNECTED');
  return active;
}

/** wallet.ts: a wallet connected, or none any more. */
export function setActiveWallet(wallet: ActiveWallet | undefined): void {
  active = wallet;
}
