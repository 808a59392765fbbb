/**
 * The listing form's rules, one function per field. Every value arrives as text from a multipart
 * form; the answer is either the normalised request or the list of `{field, message}` errors in
 * form order (the form shows the first one).
 */
import { sha256 } from '@noble/hashes/sha256';
import { createBase58check } from '@scure/base';

export const LISTING_FIELDS = [
  'name',
  'network',
  'type',
  'contract',
  'tax',
  'supply',
  'website',
  'email',
  'telegram',
] as const;
export type ListingField = (typeof LISTING_FIELDS)[number];

export const LISTING_NETWORKS = ['TRON', 'BSC', 'POLY', 'BTTC', 'ETH'] as const;
export type ListingNetwork = (typeof LISTING_NETWORKS)[number];

/** The token standard each network's tokens follow. */
export const TOKEN_TYPES: Record<ListingNetwork, string> = {
  TRON: 'TRC-20',
  BSC: 'BEP-20',
  POLY: 'ERC-20',
  BTTC: 'ERC-20',
  ETH: 'ERC-20',
};

/** Upper bounds of each field, in characters. */
export const MAX_LENGTH: Record<ListingField, number> = {
  name: 100,
  network: 10,
  type: 10,
  contract: 64,
  tax: 8,
  // 78 digits (2^256 has 78) and their thousands separators.
  supply: 104,
  website: 200,
  email: 254,
  telegram: 100,
};

export interface ListingRequest {
  name: string;
  network: ListingNetwork;
  type: string;
  /** TRON base58; EVM EIP-55 checksummed. */
  contract: string;
  /** The declared transfer tax in basis points (0-10000): "2.5%" is 250. */
  taxBps: number;
  /** Whole tokens, decimal digits (may exceed 2^53). */
  supply: string;
  website: string;
  email: string;
  /** The handle, without @ or link. */
  telegram: string;
}

export interface FieldError {
  field: string;
  message: string;
}

export type Checked = { ok: true; request: ListingRequest } | { ok: false; errors: FieldError[] };

const base58check = createBase58check(sha256);
// Control characters and angle brackets have no place in a listing; refusing them keeps stored
// texts safe to show anywhere.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_TEXT = /[\u0000-\u001f\u007f<>]/;

/** A TRON address: base58check of 21 bytes starting with 0x41. */
export function isTronAddress(text: string): boolean {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(text)) return false;
  try {
    const bytes = base58check.decode(text);
    return bytes.length === 21 && bytes[0] === 0x41;
  } catch {
    return false;
  }
}

import { toChecksumAddress } from '../chain/address';

export { toChecksumAddress };

type Rule = (value: string, form: Partial<Record<ListingField, string>>) => string | undefined;

function contractRule(value: string, form: Partial<Record<ListingField, string>>) {
  const network = form.network?.trim().toUpperCase();
  // Not judged against a network the form does not name: the network's own error comes first
  // (a TRON address beside an empty network was called "not a valid 0x address").
  if (!(LISTING_NETWORKS as readonly string[]).includes(network ?? '')) return undefined;
  if (network === 'TRON') return isTronAddress(value) ? undefined : 'is not a valid TRON address';
  if (!/^0x[0-9a-fA-F]{40}$/.test(value)) return 'is not a valid 0x address';
  const mixed = /[a-f]/.test(value.slice(2)) && /[A-F]/.test(value.slice(2));
  if (mixed && toChecksumAddress(value) !== value) return 'has an invalid checksum';
  if (/^0x0{40}$/.test(value)) return 'is the zero address';
  return undefined;
}

const TELEGRAM = /^(?:@|(?:https?:\/\/)?(?:t\.me|telegram\.me)\/)?([A-Za-z][A-Za-z0-9_]{4,31})\/?$/;

const RULES: Record<ListingField, Rule> = {
  name: (v) => (UNSAFE_TEXT.test(v) ? 'contains characters that are not allowed' : undefined),
  network: (v) =>
    (LISTING_NETWORKS as readonly string[]).includes(v.toUpperCase())
      ? undefined
      : `must be one of ${LISTING_NETWORKS.join(', ')}`,
  type: (v, form) => {
    const network = form.network?.trim().toUpperCase() as ListingNetwork;
    const expected = TOKEN_TYPES[network];
    if (!expected) return undefined; // the network's own error comes first
    return normaliseType(v) === expected ? undefined : `must be ${expected} on ${network}`;
  },
  contract: contractRule,
  tax: (v) =>
    taxBpsOf(v) === undefined ? 'must be a percent from 0 to 100, e.g. 3 or 2.5' : undefined,
  supply: (v) => {
    const digits = supplyDigits(v);
    if (!digits || !/[1-9]/.test(digits)) return 'must be a positive whole number';
    return digits.replace(/^0+/, '').length > 78 ? 'must be at most 78 digits' : undefined;
  },
  website: (v) => {
    try {
      const url = new URL(websiteUrl(v));
      const web = (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
      return web && !url.username && !url.password && !UNSAFE_TEXT.test(v)
        ? undefined
        : 'must be an http(s) url';
    } catch {
      return 'must be an http(s) url';
    }
  },
  email: (v) =>
    /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/.test(
      v,
    )
      ? undefined
      : 'is not a valid email address',
  telegram: (v) => (TELEGRAM.test(v) ? undefined : 'must be a Telegram handle or t.me link'),
};

/**
 * A percent with up to two decimals, as projects write their tax ("3", "2.5", "2,5", "3 %"), in
 * basis points; undefined when it is not one or is over 100.
 */
function taxBpsOf(v: string): number | undefined {
  const m = /^(\d{1,3})(?:[.,](\d{1,2}))?\s*%?$/.exec(v);
  if (!m) return undefined;
  const bps = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return bps <= 10_000 ? bps : undefined;
}

/**
 * The digits of a whole number, plain or grouped by thousands with one separator throughout
 * ("1,000,000", "1 000 000", "1_000_000"); undefined for anything else.
 */
function supplyDigits(v: string): string | undefined {
  if (/^\d+$/.test(v)) return v;
  return /^\d{1,3}([, _])\d{3}(?:\1\d{3})*$/.test(v) ? v.replace(/[, _]/g, '') : undefined;
}

/** A site named without its scheme ("moon.example") is an https one. */
const websiteUrl = (v: string): string => (v.includes('://') ? v : `https://${v}`);

/** "trc20", "TRC 20" and "TRC-20" are the same type. */
const normaliseType = (v: string): string =>
  v
    .toUpperCase()
    .replace(/[\s_]/g, '')
    .replace(/^([A-Z]+)-?(\d+)$/, '$1-$2');

/** Checks every field; `form` holds the trimmed text of each field (absent = empty). */
export function checkListing(form: Partial<Record<ListingField, string>>): Checked {
  const errors: FieldError[] = [];
  for (const field of LISTING_FIELDS) {
    const value = (form[field] ?? '').trim();
    if (value === '') errors.push({ field, message: 'is required' });
    else if (value.length > MAX_LENGTH[field])
      errors.push({ field, message: `must be at most ${MAX_LENGTH[field]} characters` });
    else {
      const message = RULES[field](value, form);
      if (message) errors.push({ field, message });
    }
  }
  if (errors.length > 0) return { ok: false, errors };
  const v = (field: ListingField) => (form[field] as string).trim();
  const network = v('network').toUpperCase() as ListingNetwork;
  const contract = network === 'TRON' ? v('contract') : toChecksumAddress(v('contract'));
  return {
    ok: true,
    request: {
      name: v('name'),
      network,
      type: normaliseType(v('type')),
      contract,
      taxBps: taxBpsOf(v('tax')) as number,
      supply: (supplyDigits(v('supply')) as string).replace(/^0+/, ''),
      website: new URL(websiteUrl(v('website'))).toString(),
      email: v('email'),
      telegram: (TELEGRAM.exec(v('telegram')) as RegExpExecArray)[1] as string,
    },
  };
}
