import { connectWallet as connectSharedWallet, type WalletKind } from '@jmswap/shared-chain';

/**
 * Connects the chosen wallet through shared-chain (its wallet adapters and session bus). A
 * declined connection resolves quietly (shared-chain logs it and shows the wallet toast).
 */
export async function connectWallet(kind: WalletKind, rdns?: string): Promise<void> {
  await connectSharedWallet(kind, rdns === undefined ? undefined : { rdns });
}
