import { createHash } from 'node:crypto';
import { keccak_256 } from '@noble/hashes/sha3';
import { bytesToHex } from '@noble/hashes/utils';

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest();

function base58Decode(text: string): Buffer | null {
  let n = 0n;
  for (const ch of text) {
    const v = ALPHABET.indexOf(ch);
    if (v < 0) return null;
    n = n * 58n + BigInt(v);
  }
  const hex = n.toString(16);
  const body = Buffer.from(hex.length % 2 ? '0' + hex : hex, 'hex');
  const zeros = text.length - text.replace(/^1+/, '').length;
  return Buffer.concat([Buffer.alloc(zeros), body]);
}

function base58Encode(bytes: Buffer): string {
  let n = BigInt('0x' + (bytes.toString('hex') || '0'));
  let out = '';
  while (n > 0n) {
    out = ALPHABET[Number(n % 58n)] + out;
    n /= 58n;
  }
  for (const b of bytes) {
    if (b !== 0) break;
    out = '1' + out;
  }
  return out;
}

/** TRON base58check (T...) -> lower-case 0x address, or null when the checksum or form is wrong. */
export function tronToHex(address: string): string | null {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address)) return null;
  const raw = base58Decode(address);
  if (!raw || raw.length !== 25 || raw[0] !== 0x41) return null;
  const check = sha256(sha256(raw.subarray(0, 21))).subarray(0, 4);
  if (!check.equals(raw.subarray(21))) return null;
  return '0x' + raw.subarray(1, 21).toString('hex');
}

/** lower-case 0x address -> TRON base58check. */
export function hexToTron(address: string): string {
  const body = Buffer.from('41' + address.slice(2), 'hex');
  const check = sha256(sha256(body)).subarray(0, 4);
  return base58Encode(Buffer.concat([body, check]));
}

/** Config address (0x or TRON base58) -> the stored form (lower-case 0x), or null. */
export function normalizeAddress(address: string | undefined): string | null {
  if (!address) return null;
  if (/^0x[0-9a-fA-F]{40}$/.test(address)) return address.toLowerCase();
  return tronToHex(address);
}

/** An address as the network writes it: base58 on TRON, 0x (lower case) elsewhere. */
export function displayAddress(platform: 'evm' | 'tron', key: string): string {
  return platform === 'tron' ? hexToTron(key) : key;
}

/** EIP-55: the checksummed spelling of a 0x address. */
export function toChecksumAddress(address: string): string {
  const lower = address.slice(2).toLowerCase();
  const hash = bytesToHex(keccak_256(new TextEncoder().encode(lower)));
  let out = '0x';
  for (let i = 0; i < 40; i += 1)
    out += parseInt(hash[i] as string, 16) >= 8 ? lower[i]!.toUpperCase() : lower[i];
  return out;
}

/**
 * A user-supplied address in the network's own format -> stored form, or null. On EVM all lower
 * or all upper case is taken as it is; mixed case must be the EIP-55 checksum (a mistyped
 * address is refused, not looked up).
 */
export function parseNetworkAddress(platform: 'evm' | 'tron', text: string): string | null {
  if (platform === 'tron') return tronToHex(text);
  if (!/^0x[0-9a-fA-F]{40}$/.test(text)) return null;
  const body = text.slice(2);
  const mixed = /[a-f]/.test(body) && /[A-F]/.test(body);
  if (mixed && toChecksumAddress(text) !== text) return null;
  return text.toLowerCase();
}
