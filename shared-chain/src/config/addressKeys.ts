/**
 * Token keys of addresses, for one platform's address spelling (`canonical`): an EVM page's
 * reader needs only EVM checksums, a TRON page's only base58check, so each passes its own and
 * neither loads the other's hashing. tokenIdentity binds them for both platforms.
 */
import type { NetworkConfig } from './types';

/** An address in the network's one spelling, or undefined when it is not one of its addresses. */
export type CanonicalAddress = (address: string) => string | undefined;

const listedIndexes = new WeakMap<NetworkConfig['tokens'], Map<string, string>>();

/** Listed symbol by canonical address, built once per token table. */
export function listedByAddressOf(
  canonical: CanonicalAddress,
  network: NetworkConfig,
): Map<string, string> {
  let index = listedIndexes.get(network.tokens);
  if (index === undefined) {
    index = new Map();
    for (const [symbol, token] of Object.entries(network.tokens)) {
      if (token.origin !== undefined || !token.address) continue;
      const address = canonical(token.address);
      if (address !== undefined) index.set(address, symbol);
    }
    listedIndexes.set(network.tokens, index);
  }
  return index;
}

/**
 * The key of the token at `address`: the listed token's symbol when the config lists that
 * address (its wrapped base coin included), else the canonical address.
 */
export function keyOfAddressOf(
  canonical: CanonicalAddress,
  network: NetworkConfig,
  address: string,
): string | undefined {
  const spelled = canonical(address);
  if (spelled === undefined) return undefined;
  return listedByAddressOf(canonical, network).get(spelled) ?? spelled;
}

const EVM_SHAPE = /^0x[0-9a-fA-F]{40}$/;
const TRON_SHAPE = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;
const TRON_HEX = /^(41|0x)[0-9a-fA-F]{40}$/;

/** EVM: EIP-55 (`checksummed` throws on a mixed-case address whose checksum is wrong). */
export const evmCanonical =
  (checksummed: (address: string) => string): CanonicalAddress =>
  (address) => {
    const trimmed = address.trim();
    if (!EVM_SHAPE.test(trimmed)) return undefined;
    try {
      return checksummed(trimmed);
    } catch {
      return undefined;
    }
  };

/** TRON: base58check, or the 41-hex and 0x forms the chain and the ABI give. */
export const tronCanonical =
  (isBase58: (address: string) => boolean, toBase58: (hex: string) => string): CanonicalAddress =>
  (address) => {
    const trimmed = address.trim();
    if (TRON_SHAPE.test(trimmed)) return isBase58(trimmed) ? trimmed : undefined;
    return TRON_HEX.test(address) ? toBase58(address) : undefined;
  };
