/** Platform-neutral reads: balances (5 s cache), pair reserves (5 s cache), positions, TRON resources. */
import type { NetworkId } from '../config/types';
import type { ChainReader, TronResources, UserPosition } from '../adapters/types';
import type { PoolReserves } from '../core/paths';
import { session$ } from '../bus/session';
import { readerFor } from './platform';
import { networkById } from './wallet';

/** The reader of a network (default: the selected one). */
export async function getReader(networkId?: NetworkId): Promise<ChainReader> {
  return readerFor(await networkById(networkId));
}

const sessionAddress = (): string | undefined => session$.getValue().address;

/** Balances by symbol of `owner` (default: the connected wallet); undefined without a wallet or on a read error. */
export async function getBalances(
  symbols: readonly string[],
  owner: string | undefined = sessionAddress(),
  networkId?: NetworkId,
): Promise<Record<string, bigint> | undefined> {
  if (!owner || symbols.length === 0) return owner ? {} : undefined;
  return (await getReader(networkId)).balances(owner, symbols);
}

/** A pool's reserves; `pair` is its liquidity token address when the adapter knows it (EVM does). */
export type PoolState = PoolReserves & { pair?: string };

/**
 * Reserves of every pool of the network (cached 5 s per network, an older copy served while the
 * next read runs); `fresh`: read now (after a trade of this browser).
 */
export async function getPairReserves(
  networkId?: NetworkId,
  options?: { fresh?: boolean },
): Promise<PoolState[] | undefined> {
  return (await getReader(networkId)).pairReserves(options);
}

/** The liquidity positions of `owner` (default: the connected wallet). */
export async function getUserPositions(
  owner: string | undefined = sessionAddress(),
  networkId?: NetworkId,
): Promise<UserPosition[] | undefined> {
  if (!owner) return undefined;
  return (await getReader(networkId)).userPositions(owner);
}

/** TRON energy and bandwidth of `owner`; undefined on EVM networks. */
export async function getTronResources(
  owner: string | undefined = sessionAddress(),
  networkId?: NetworkId,
): Promise<TronResources | undefined> {
  if (!owner) return undefined;
  const reader = await getReader(networkId);
  return reader.resources ? reader.resources(owner) : undefined;
}
