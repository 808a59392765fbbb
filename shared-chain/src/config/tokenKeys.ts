/**
 * Token keys in URLs and labels, without hashing (every page's first load has these): a listed
 * token is named by its symbol, any other by its address. Telling a typed address's checksum
 * apart is tokenIdentity's (the picker and imports load it).
 */
import { isAddressKey } from '../core/tokenText';
import type { NetworkConfig, TokenConfig } from './types';

/**
 * The key of a known token (listed first, then the ones keyed by address) whose address is
 * `address`: any letter case on EVM (it is the same address), the one base58 spelling on TRON.
 */
function knownKeyOfAddress(network: NetworkConfig, address: string): string | undefined {
  if (!isAddressKey(network.platform, address)) return undefined;
  const same =
    network.platform === 'evm'
      ? (other: string) => other.toLowerCase() === address.toLowerCase()
      : (other: string) => other === address;
  let unlisted: string | undefined;
  for (const [key, token] of Object.entries(network.tokens)) {
    if (!token.address || !same(token.address)) continue;
    if (token.origin === undefined) return key;
    unlisted ??= key;
  }
  return unlisted;
}

/**
 * The token a `from`/`to` URL parameter names: a listed symbol, or the address of a token the
 * page knows (listed, imported or from a list). Undefined otherwise (the spec: cleared).
 */
export function tokenKeyOfParam(network: NetworkConfig, param?: string): string | undefined {
  if (!param) return undefined;
  if (network.tokens[param] && !isAddressKey(network.platform, param)) return param;
  return knownKeyOfAddress(network, param);
}

/** What a URL writes for a token: a listed token's symbol, any other token's address. */
export const tokenParam = (network: NetworkConfig, key: string): string =>
  network.tokens[key]?.origin === undefined ? key : (network.tokens[key]?.address ?? key);

/** What a token's button, row and URL need to show beside its symbol (an address when not listed). */
export const isListedToken = (token: TokenConfig): boolean => token.origin === undefined;

/**
 * A token address the link names (`to`, else `from`) that this browser does not know yet: the
 * side's token picker opens with it, to be looked at and imported, instead of the link's token being
 * dropped without a word. Shape only here (no hashing in the first load); the picker checks the
 * address itself.
 */
export function linkedImport(
  network: NetworkConfig,
  query?: { from?: string; to?: string },
): { side: 'from' | 'to'; address: string } | undefined {
  const unknown = (param?: string) =>
    param !== undefined &&
    isAddressKey(network.platform, param) &&
    tokenKeyOfParam(network, param) === undefined;
  if (unknown(query?.to)) return { side: 'to', address: query!.to! };
  if (unknown(query?.from)) return { side: 'from', address: query!.from! };
  return undefined;
}

/**
 * The link's `from` and `to` that name no token of the network and are no address this browser
 * could import: the spec clears such a symbol. Each is given as undefined, which takes it out of
 * the link; undefined when the link names none.
 */
export function unknownLinkSymbols(
  network: NetworkConfig,
  query?: { from?: string; to?: string },
): { from?: undefined; to?: undefined } | undefined {
  const unknown = (param?: string) =>
    param !== undefined &&
    !isAddressKey(network.platform, param) &&
    tokenKeyOfParam(network, param) === undefined;
  const cleared: { from?: undefined; to?: undefined } = {};
  if (unknown(query?.from)) cleared.from = undefined;
  if (unknown(query?.to)) cleared.to = undefined;
  return Object.keys(cleared).length > 0 ? cleared : undefined;
}

/**
 * A chosen pair, with a side whose token the network no longer has (removed from "Manage imported
 * tokens" while chosen) taking the network's default for that side, or its other default when
 * the other side has that one (as a link naming an unknown token does). The same pair when both
 * are known.
 */
export function pairOfKnownTokens(
  network: NetworkConfig,
  pair: { from?: string; to?: string },
): { from?: string; to?: string } {
  const gone = (key?: string) => key !== undefined && network.tokens[key] === undefined;
  if (!gone(pair.from) && !gone(pair.to)) return pair;
  const [defaultFrom, defaultTo] = network.defaultTokens;
  const from = gone(pair.from) ? (pair.to === defaultFrom ? defaultTo : defaultFrom) : pair.from;
  const to = gone(pair.to) ? (from === defaultTo ? defaultFrom : defaultTo) : pair.to;
  return { from, to };
}
