import type { BaseContract, Provider, TransactionReceipt } from 'ethers';

/** A sent transaction: an ethers TransactionResponse, or its hash with the provider it went to. */
export interface SentTransaction {
  hash: string;
  provider: Provider;
}

/** How long a devnet transaction may take to be mined before waiting for it fails. */
export const MINED_TIMEOUT_MS = 120_000;

/**
 * The receipt of a sent transaction, asked of the node until it is there (every 5 ms at first,
 * at most every 200 ms), not through ethers' `wait()`. `wait()` learns of blocks from a poller
 * (every 4 s by default) and, on an automining anvil where nothing else is sent, no later block
 * comes to wake it up: a test that waited for its transactions that way hung once until its
 * 240 s timeout on a loaded machine. Asking for the receipt cannot miss it, and a transaction
 * that reverted or never came fails with its hash. Throws when the transaction reverted or no
 * receipt came in `timeoutMs`.
 */
export async function mined(
  sent: SentTransaction | Promise<SentTransaction>,
  timeoutMs = MINED_TIMEOUT_MS,
): Promise<TransactionReceipt> {
  const { hash, provider } = await sent;
  const deadline = Date.now() + timeoutMs;
  for (let delay = 5; ; delay = Math.min(delay * 2, 200)) {
    const receipt = await provider.getTransactionReceipt(hash);
    if (receipt) {
      if (receipt.status !== 1) throw new Error(`devnet: transaction ${hash} reverted`);
      return receipt;
    }
    if (Date.now() > deadline)
      throw new Error(`devnet: no receipt for ${hash} after ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}

/** A contract once its deployment is mined (what `waitForDeployment()` does, without the hang). */
export async function deployed<T extends BaseContract>(contract: T | Promise<T>): Promise<T> {
  const c = await contract;
  const tx = c.deploymentTransaction();
  if (tx) await mined(tx);
  return c;
}
