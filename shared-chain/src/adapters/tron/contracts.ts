/**
 * Contract plumbing shared by the reader and the writer: contracts built from the shipped ABIs
 * with `tronWeb.contract(abi, address)` (no getcontract round trip), symbol -> address lookups
 * (the base coin's address is its wrapped contract, WTRX; tokens are never named by their
 * on-chain symbol, see ../trustedPairs), the router's bytes32 taxes and the
 * integer conversions tronweb needs. No tronweb import here: the light reader uses this module.
 */
import type { NetworkConfig, TokenConfig } from '../../config/types';
import { ChainError } from '../../core/errors';
import { effectiveTax } from '../../core/tax';
import { isTronAddress, toBase58 } from './address';
import type { LooseContract, TronWebLike } from './tronweb-like';

export { isTronAddress, toBase58 };

const contracts = new WeakMap<object, Map<string, LooseContract>>();

/** A contract on `tronWeb` from a shipped ABI, cached per TronWeb instance and address. */
export function contractAt(
  tronWeb: TronWebLike,
  abi: readonly unknown[],
  address: string,
): LooseContract {
  let byAddress = contracts.get(tronWeb);
  if (!byAddress) {
    byAddress = new Map();
    contracts.set(tronWeb, byAddress);
  }
  const key = `${address}:${abi.length}`;
  let contract = byAddress.get(key);
  if (!contract) {
    // tronweb keeps a reference to the ABI array: hand it a copy it may mutate.
    contract = tronWeb.contract(JSON.parse(JSON.stringify(abi)), address) as LooseContract;
    byAddress.set(key, contract);
  }
  return contract;
}

export function method(contract: LooseContract, name: string, ...args: unknown[]) {
  const fn = contract.methods[name];
  if (!fn) throw new Error(`ABI has no method ${name}`);
  return fn(...args);
}

export function tokenOf(network: NetworkConfig, symbol: string): TokenConfig {
  const token = network.tokens[symbol];
  if (!token || token.address === '') {
    throw new ChainError('NO_PATH', `Unknown token ${symbol} on ${network.id}`);
  }
  return token;
}

/** Contract address of a symbol (the base coin: its wrapped contract) or an address as given. */
export function addressOf(network: NetworkConfig, symbolOrAddress: string): string {
  const token = network.tokens[symbolOrAddress];
  if (token && token.address !== '') return token.address;
  if (isTronAddress(symbolOrAddress)) return toBase58(symbolOrAddress);
  throw new ChainError('NO_PATH', `Unknown token ${symbolOrAddress} on ${network.id}`);
}

export function isBaseSymbol(network: NetworkConfig, symbol: string): boolean {
  return symbol === network.baseToken || network.tokens[symbol]?.isBase === true;
}

/** One bytes32 per path token: its tax percent as a uint256 (the base coin is never taxed). */
export function taxesBytes32(
  network: NetworkConfig,
  path: readonly string[],
  /** The estimate's taxes (detected on chain) instead of the config's. */
  taxes?: readonly number[],
): string[] {
  return path.map((symbol, i) => {
    // A token the reader's config does not list (imported) is named by its address: its tax
    // comes with the estimate.
    const token =
      !network.tokens[symbol] && isTronAddress(symbol) ? { tax: 0 } : tokenOf(network, symbol);
    const tax = BigInt(effectiveTax({ ...token, tax: taxes?.[i] ?? token.tax }));
    return `0x${tax.toString(16).padStart(64, '0')}`;
  });
}

/** A uint256[] single output: tronweb returns the value itself or the outputs tuple holding it. */
export function bigintArray(result: unknown): bigint[] {
  const outer = result as unknown[];
  const inner = Array.isArray(outer) && Array.isArray(outer[0]) ? (outer[0] as unknown[]) : outer;
  return inner.map((value) => toBigInt(value));
}

/** uint outputs come as bigint (tronweb 6) or as BigNumber-likes/strings (older injected TronWebs). */
export function toBigInt(value: unknown): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new RangeError(`Not an exact integer: ${value}`);
    return BigInt(value);
  }
  if (typeof value === 'string') return BigInt(value);
  if (typeof value === 'object' && value !== null && 'toString' in value) {
    const text = String(value);
    if (/^-?[0-9]+$/.test(text)) return BigInt(text);
    if (/^0x[0-9a-f]+$/i.test(text)) return BigInt(text);
  }
  throw new TypeError(`Not an integer: ${String(value)}`);
}

/**
 * tronweb takes callValue and feeLimit as JS numbers (it validates them as integers): convert a
 * sun amount exactly, refusing anything above 2^53 (no TRX amount gets near: 9e9 TRX).
 */
export function sunToNumber(sun: bigint): number {
  if (sun < 0n || sun > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new RangeError(`Sun amount out of range: ${sun}`);
  }
  return Number(sun);
}

/** Arguments for uint256 parameters: decimal strings work with every tronweb version. */
export const uint = (value: bigint): string => value.toString();
