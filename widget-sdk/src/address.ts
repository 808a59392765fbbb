/** Addresses compared as 20-byte lower-case hex: EVM 0x..., TRON base58 (T...) or 41-hex. */

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

function base58ToHex(value: string): string | undefined {
  let n = 0n;
  for (const ch of value) {
    const digit = ALPHABET.indexOf(ch);
    if (digit < 0) return undefined;
    n = n * 58n + BigInt(digit);
  }
  // 21 address bytes + 4 checksum bytes; the checksum is the wallet's and the node's to verify.
  const hex = n.toString(16).padStart(50, '0');
  return hex.length === 50 ? hex.slice(0, 42) : undefined;
}

/** The 20-byte hex body of an address, or undefined when it is not one. */
export function addressKey(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (/^0x[0-9a-fA-F]{40}$/.test(value)) return value.slice(2).toLowerCase();
  if (/^41[0-9a-fA-F]{40}$/.test(value)) return value.slice(2).toLowerCase();
  if (/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(value)) {
    const hex = base58ToHex(value);
    return hex?.startsWith('41') ? hex.slice(2).toLowerCase() : undefined;
  }
  return undefined;
}

export function sameAddress(a: unknown, b: unknown): boolean {
  const ka = addressKey(a);
  return ka !== undefined && ka === addressKey(b);
}
