/**
 * The reads an import by address makes, for both platforms: a token's metadata as its contract
 * answers it, and the buy-and-sell probe (TokenProbe.sol's creation code run in a read-only
 * call: nothing is deployed, signed or sent).
 */
import { hexToBytes } from '@noble/hashes/utils';
import { decodeResult, encodeArgs } from '../abi';
import type { TokenFactsAnswer, TokenProbeReading } from './types';
import { TOKEN_PROBE_CREATION_CODE } from './tokenProbe.generated';

export const TOKEN_GETTERS = {
  symbol: 'symbol()',
  name: 'name()',
  decimals: 'decimals()',
  totalSupply: 'totalSupply()',
} as const;

const strip = (hex: string) => (hex.startsWith('0x') ? hex.slice(2) : hex);

/**
 * A `string` return value, or the legacy `bytes32` one (up to its first zero byte); undefined
 * for anything else. Bytes that are not UTF-8 become U+FFFD, never an exception.
 */
export function decodeTokenText(hex: string): string | undefined {
  const body = strip(hex);
  if (!/^([0-9a-fA-F]{2})*$/.test(body)) return undefined;
  const utf8 = (bytes: Uint8Array) => new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  if (body.length === 64) {
    const bytes = hexToBytes(body);
    const end = bytes.indexOf(0);
    return utf8(bytes.subarray(0, end === -1 ? 32 : end));
  }
  try {
    const [text] = decodeResult(['bytes'], body);
    return utf8(hexToBytes(strip(text as string)));
  } catch {
    return undefined;
  }
}

/** A uint256 return value, or undefined when the answer is not one word. */
export function decodeUint(hex: string): bigint | undefined {
  const body = strip(hex);
  return /^[0-9a-fA-F]{64}$/.test(body) ? BigInt(`0x${body}`) : undefined;
}

/**
 * Token facts from the getters' raw answers (undefined: the call reverted or answered nothing).
 * A contract missing symbol, name or decimals, or answering them in another shape, is not a
 * token; a missing totalSupply too (every ERC-20 and TRC-20 has one).
 */
export function tokenFactsOf(raw: {
  symbol?: string;
  name?: string;
  decimals?: string;
  totalSupply?: string;
}): TokenFactsAnswer {
  const symbol = raw.symbol === undefined ? undefined : decodeTokenText(raw.symbol);
  const name = raw.name === undefined ? undefined : decodeTokenText(raw.name);
  const decimals = raw.decimals === undefined ? undefined : decodeUint(raw.decimals);
  const totalSupply = raw.totalSupply === undefined ? undefined : decodeUint(raw.totalSupply);
  if (symbol === undefined || name === undefined || decimals === undefined)
    return { kind: 'not-token' };
  if (totalSupply === undefined) return { kind: 'not-token' };
  return { kind: 'token', symbol, name, decimals, totalSupply };
}

/** TokenProbe's creation code with its constructor arguments (0x addresses). */
export const tokenProbeData = (router: string, factory: string, path: readonly string[]): string =>
  TOKEN_PROBE_CREATION_CODE +
  strip(encodeArgs(['address', 'address', 'address[]'], [router, factory, path]));

export function decodeTokenProbe(hex: string): TokenProbeReading {
  const [bought, buySent, buyReceived, sold, sellArrived, reason] = decodeResult(
    ['bool', 'uint256', 'uint256', 'bool', 'uint256', 'bytes'],
    hex,
  );
  return {
    bought: bought as boolean,
    buySent: buySent as bigint,
    buyReceived: buyReceived as bigint,
    sold: sold as boolean,
    sellArrived: sellArrived as bigint,
    reason: reason as string,
  };
}
