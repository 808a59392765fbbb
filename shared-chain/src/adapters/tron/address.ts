/**
 * TRON addresses without tronweb: base58check (T...) <-> 41-hex (what the node's HTTP API takes)
 * <-> 0x + 20 bytes (what the ABI encodes). The rules are tronweb's: a base58 address is 34
 * characters, 25 bytes, starts with byte 0x41 and ends with the first 4 bytes of
 * sha256(sha256(the other 21)).
 */
import { base58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha256';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils';
import { cappedMemo } from '../../abi/memo';

const coder = base58check(sha256);

function decode(base58: string): Uint8Array | undefined {
  if (base58.length !== 34) return undefined;
  try {
    const bytes = coder.decode(base58);
    return bytes.length === 21 && bytes[0] === 0x41 ? bytes : undefined;
  } catch {
    return undefined;
  }
}

/** A valid TRON address, base58 or 41-hex (as tronweb's isAddress: 0x is not one). */
export function isTronAddress(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  if (value.length === 42) return /^41[0-9a-fA-F]{40}$/.test(value);
  return decode(value) !== undefined;
}

/** Lower-case 41-hex of a base58, 41-hex or 0x address; throws on anything else. */
export function toTronHex(address: string): string {
  if (/^41[0-9a-fA-F]{40}$/.test(address)) return address.toLowerCase();
  if (/^0x[0-9a-fA-F]{40}$/.test(address)) return `41${address.slice(2).toLowerCase()}`;
  const bytes = decode(address);
  if (!bytes) throw new TypeError(`Invalid TRON address: ${address}`);
  return bytesToHex(bytes);
}

/** 0x + 20 bytes, for ABI parameters. */
export function toEvmHex(address: string): string {
  return `0x${toTronHex(address).slice(2)}`;
}

/**
 * base58 of a lower-case 20-byte hex, remembered: every pool read converts the same pair and
 * token addresses, and base58check (two sha256 and a radix change) cost a phone about 50 ms of
 * main thread per read at 4x throttle. Room for the largest listing read (15 000 pairs) and
 * its tokens: a cap below them cleared the memo on every read of a thousand pools.
 */
const base58Of = cappedMemo(20_000, (hex) => coder.encode(hexToBytes(`41${hex}`)));

/** base58 form of a TRON address given as base58, 41-hex or 0x (anything else is returned as is). */
export function toBase58(address: string): string {
  if (!/^(41|0x)[0-9a-fA-F]{40}$/.test(address)) return address;
  return base58Of(address.slice(2).toLowerCase());
}
