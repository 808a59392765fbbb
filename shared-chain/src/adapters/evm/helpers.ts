/**
 * EVM helpers without ethers: they sit in every page's first load (the services and the light
 * reader use them), so nothing here may import ethers, tronweb or the generated ABIs.
 */
import { t } from '@lingui/core/macro';
import type { NetworkConfig, TokenConfig } from '../../config/types';
import { ChainError, TRANSACTION_FAILED, USER_REJECTED } from '../../core/errors';
import { taxesArray } from '../../core/tax';

/** "Your wallet is on another network. Switch it to {network name} to continue." */
export function wrongNetworkMessage(network: NetworkConfig): string {
  const name = network.name;
  return t`Your wallet is on another network. Switch it to ${name} to continue.`;
}

/** HTTP requests sent to each node url (the benchmark and the tests read it). */
export const requestCounts = new Map<string, number>();

export function countRequest(url: string): void {
  requestCounts.set(url, (requestCounts.get(url) ?? 0) + 1);
}

export function requestCount(url?: string): number {
  if (url !== undefined) return requestCounts.get(url) ?? 0;
  let total = 0;
  for (const n of requestCounts.values()) total += n;
  return total;
}

export function tokenOf(network: NetworkConfig, symbol: string): TokenConfig {
  const token = network.tokens[symbol];
  if (token === undefined) throw new RangeError(`Unknown token ${symbol} on ${network.id}`);
  return token;
}

export const isAddress = (value: string): boolean => /^0x[0-9a-fA-F]{40}$/.test(value);

/** A token symbol (the base coin maps to its wrapped contract) or an address, as an address. */
export function addressOf(network: NetworkConfig, symbolOrAddress: string): string {
  if (isAddress(symbolOrAddress)) return symbolOrAddress;
  const token = tokenOf(network, symbolOrAddress);
  const name = network.name;
  if (token.address === '')
    throw new ChainError('TRANSACTION_FAILED', t`${symbolOrAddress} is not configured on ${name}`);
  return token.address;
}

export const isBaseSymbol = (network: NetworkConfig, symbol: string): boolean =>
  symbol === network.baseToken || network.tokens[symbol]?.isBase === true;

/** The router's bytes32 taxes array for a path of symbols (the base coin is never taxed). */
export function taxesFor(
  network: NetworkConfig,
  path: readonly string[],
  /** The estimate's taxes (detected on chain) instead of the config's. */
  taxes?: readonly number[],
): string[] {
  const tokens = path.map((symbol, i) => {
    // A token the reader's config does not list (imported) is named by its address: its tax
    // comes with the estimate.
    const known = isAddress(symbol)
      ? (network.tokens[symbol] ?? { tax: 0 })
      : tokenOf(network, symbol);
    const token = { ...known, tax: taxes?.[i] ?? known.tax };
    return isBaseSymbol(network, symbol) ? { ...token, isBase: true } : token;
  });
  return taxesArray(tokens).map((tax) => `0x${tax.toString(16).padStart(64, '0')}`);
}

export function chainIdHex(chainId: number): string {
  return `0x${chainId.toString(16)}`;
}

/** wallet_addEthereumChain parameters of a network (EIP-3085). */
export function addChainParams(network: NetworkConfig): Record<string, unknown> {
  const base = network.tokens[network.baseToken];
  let explorer: string[] = [];
  try {
    explorer = network.scan ? [new URL(network.scan).origin] : [];
  } catch {
    explorer = [];
  }
  return {
    chainId: chainIdHex(network.chainId),
    chainName: network.name,
    nativeCurrency: {
      name: network.baseToken,
      symbol: network.baseToken,
      decimals: base?.decimals ?? 18,
    },
    rpcUrls: [network.nodeUrl],
    blockExplorerUrls: explorer,
  };
}

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  shortMessage?: unknown;
  reason?: unknown;
  info?: { error?: unknown };
  error?: unknown;
  data?: { originalError?: unknown };
}

/** The EIP-1193 / JSON-RPC numeric code of an error, looking through ethers' wrappers. */
export function rpcErrorCode(error: unknown): number | undefined {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current !== null && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const e = current as ErrorLike;
    if (typeof e.code === 'number') return e.code;
    if (e.code === 'ACTION_REJECTED') return 4001;
    current = e.info?.error ?? e.error ?? e.data?.originalError;
  }
  return undefined;
}

export const isUserRejection = (error: unknown): boolean =>
  rpcErrorCode(error) === 4001 || (error instanceof ChainError && error.code === '4001');

/** Any send failure as a ChainError: 4001 for a rejection, else the revert reason or "Transaction failed". */
export function toChainError(error: unknown): ChainError {
  if (error instanceof ChainError) return error;
  if (isUserRejection(error)) return new ChainError('4001', USER_REJECTED);
  const e = (error ?? {}) as ErrorLike;
  const reason = typeof e.reason === 'string' && e.reason !== '' ? e.reason : undefined;
  return new ChainError('TRANSACTION_FAILED', reason ?? TRANSACTION_FAILED);
}

export function logReadError(network: NetworkConfig, what: string, error: unknown): void {
  const e = (error ?? {}) as ErrorLike;
  const text =
    typeof e.shortMessage === 'string'
      ? e.shortMessage
      : typeof e.message === 'string'
        ? e.message
        : String(error);
  console.error(`[shared-chain] ${network.id}: ${what} failed: ${text}`);
}

/** The gas limit a send asks for: the node's estimate plus 20% and 10 000 (the wallet reserves all of it). */
export const gasLimitFor = (estimate: bigint): bigint => (estimate * 120n) / 100n + 10_000n;
