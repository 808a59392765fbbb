import { Wallet, type TransactionRequest } from 'ethers';

/**
 * A Wallet whose gas estimates carry a 25% margin. Pairs update their price accumulators only
 * when the block timestamp moves, so an estimate taken in the same second as the previous block
 * can be short by those storage writes once the transaction lands in the next second.
 */
export class PaddedWallet extends Wallet {
  override async estimateGas(tx: TransactionRequest): Promise<bigint> {
    const gas = await super.estimateGas(tx);
    return (gas * 125n) / 100n + 10_000n;
  }
}
