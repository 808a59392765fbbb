/**
 * The panel's only door to chain I/O (shared-chain services). Components and hooks stay pure and
 * testable: tests provide a fake, ./liquidityApiImpl wires the real services.
 */
import type { NetworkId } from '@jmswap/shared-chain';
import type {
  AddLiquidityRequest,
  LiquidityOutcome,
  LiquidityPair,
  RemoveLiquidityRequest,
  UserPosition,
} from '@jmswap/shared-chain/liquidity';

export interface LiquidityApi {
  /**
   * Every position of the connected wallet (all getUserLP pages); undefined when unreadable.
   * `onPositions` gets the positions read so far as the pages arrive.
   */
  positions(
    network: NetworkId,
    onPositions?: (soFar: UserPosition[]) => void,
  ): Promise<UserPosition[] | undefined>;
  /** The live pair state in the user's token order; undefined when unreadable. */
  pair(network: NetworkId, symbolA: string, symbolB: string): Promise<LiquidityPair | undefined>;
  balances(
    network: NetworkId,
    owner: string,
    symbols: string[],
  ): Promise<Record<string, bigint> | undefined>;
  /** TRON energy of the wallet (fee rule, MAX reserve); undefined elsewhere. */
  energy(network: NetworkId, owner: string): Promise<bigint | undefined>;
  /**
   * EVM: the base coin an add of this pair costs in gas (createPair included for a first
   * provider), margin included; undefined on TRON or when the node cannot estimate it.
   */
  gasReserve?(
    network: NetworkId,
    owner: string,
    symbolA: string,
    symbolB: string,
  ): Promise<bigint | undefined>;
  /**
   * Approvals, then the add. `request.onSubmitted` hears the add's id as soon as the wallet
   * returns it; resolves once mined with what moved (deposited, pool tokens minted) and its fee.
   */
  add(request: AddLiquidityRequest): Promise<LiquidityOutcome>;
  /** The pair approval, then the removal; as `add`, with what arrived. */
  remove(request: RemoveLiquidityRequest): Promise<LiquidityOutcome>;
}

let api: LiquidityApi | undefined;

export function provideLiquidityApi(impl: LiquidityApi): void {
  api = impl;
}

export function liquidityApi(): LiquidityApi {
  if (!api) throw new Error('Liquidity services are not available');
  return api;
}
