/** TRON address conversions: base58 (T...), 41-hex, and EVM 0x form. */
import { TronWeb } from 'tronweb';

const HEX40 = /^[0-9a-fA-F]{40}$/;

/** Any of base58, 41-hex (with or without 0x), 0x-20-byte -> lower-case 0x EVM address. Throws if invalid. */
export function toEvmAddress(address: string): string {
  const a = address.trim();
  if (/^0x[0-9a-fA-F]{40}$/.test(a)) return a.toLowerCase();
  if (/^(0x)?41[0-9a-fA-F]{40}$/.test(a)) return '0x' + a.replace(/^0x/, '').slice(2).toLowerCase();
  if (HEX40.test(a)) return '0x' + a.toLowerCase();
  if (TronWeb.isAddress(a)) return '0x' + TronWeb.address.toHex(a).slice(2).toLowerCase();
  throw new Error(`Invalid address: ${address}`);
}

/** -> 41-prefixed lower-case hex (no 0x). */
export function toTronHex(address: string): string {
  return '41' + toEvmAddress(address).slice(2);
}

/** -> base58check (T...). */
export function toBase58(address: string): string {
  return TronWeb.address.fromHex(toTronHex(address));
}

export function isAnyAddress(address: unknown): address is string {
  if (typeof address !== 'string') return false;
  try {
    toEvmAddress(address);
    return true;
  } catch {
    return false;
  }
}
