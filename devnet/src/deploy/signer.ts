import { Wallet, type TransactionRequest } from 'ethers';

/**
 * A Wallet whose gas estimates carry a 20% margin (+10k): an estimate is taken against the
 * latest state and a transaction can land on slightly different state (e.g. a first write to a
 * storage slot). Free on a devnet, and it keeps deployments and tests from failing out of gas.
 */
export class PaddedWallet extends Wallet {
  override async estimateGas(tx: TransactionRequest): Promise<bigint> {
    const gas = await super.estimateGas(tx);
    return (gas * 120n) / 100n + 10_000n;
  }
}
