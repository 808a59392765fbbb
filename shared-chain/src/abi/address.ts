import { keccak_256 } from '@noble/hashes/sha3';
import { utf8ToBytes } from '@noble/hashes/utils';
import { cappedMemo } from './memo';

/**
 * Checksummed form of a lower-case address, remembered: every pool read decodes the same pair
 * and token addresses, each a keccak. Room for the largest listing read (15 000 pairs) and its
 * tokens: a cap below them cleared the memo on every read of a thousand pools.
 */
const checksummed = cappedMemo(20_000, (lower) => {
  const hash = keccak_256(utf8ToBytes(lower));
  let out = '0x';
  for (let i = 0; i < 40; i += 1) {
    const byte = hash[i >> 1] as number;
    const nibble = i % 2 === 0 ? byte >> 4 : byte & 0x0f;
    out += nibble >= 8 ? (lower[i] as string).toUpperCase() : lower[i];
  }
  return out;
});

/**
 * The EIP-55 checksummed form of an EVM address (as ethers' getAddress, without ICAP): accepts
 * 40 hex digits with or without 0x; a mixed-case address must carry a valid checksum.
 */
export function getAddress(address: string): string {
  if (!/^(0x)?[0-9a-fA-F]{40}$/.test(address)) throw new TypeError(`invalid address: ${address}`);
  const body = address.slice(-40);
  const out = checksummed(body.toLowerCase());
  const mixed = /[a-f]/.test(body) && /[A-F]/.test(body);
  if (mixed && out.slice(2) !== body) throw new TypeError(`bad address checksum: ${address}`);
  return out;
}
