import type { WalletKind } from '@jmswap/shared-chain';

/** Wallet connection is shared-chain's job (its wallet adapters); until they land it says so. */
export async function connectWallet(kind: WalletKind): Promise<void> {
  throw new Error(`Not implemented: connecting ${kind}`);
}
