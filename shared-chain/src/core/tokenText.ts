/**
 * Token texts and keys (pure): whether a key is an address (a token beyond the config) or a
 * listed symbol, the characters a token's symbol or name may not hide, and how an address is
 * shortened so look-alikes stay apart.
 */
import type { TokenConfig } from '../config/types';

const EVM_SHAPE = /^0x[0-9a-fA-F]{40}$/;
const TRON_SHAPE = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;

/** The most decimals a token may state: more is not a real token's (and breaks display). */
export const MAX_TOKEN_DECIMALS = 36;

/** Is this key an address (an imported or list token), not a listed token's symbol? */
export const isAddressKey = (platform: 'evm' | 'tron', key: string): boolean =>
  platform === 'evm' ? EVM_SHAPE.test(key) : TRON_SHAPE.test(key);

/** Control and bidirectional-override characters, which can make a name read as another. */
const UNSAFE_CHARS =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/gu;

export const hasUnsafeText = (text: string): boolean => new RegExp(UNSAFE_CHARS).test(text);

/** The text with each control or bidirectional character written as \u{…}, so it shows. */
/* eslint-disable lingui/no-unlocalized-strings -- escapes and addresses, not words */
export const escapeUnsafeText = (text: string): string =>
  text.replace(
    new RegExp(UNSAFE_CHARS),
    (c) => `\\u{${(c.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')}}`,
  );

/**
 * What a search box was given, written as the lists write symbols, names and addresses: a
 * Chinese or Japanese input method's full-width letters, digits and spaces (ＵＳＤＴ) as ASCII
 * (Unicode's compatibility form, NFKC), the ends trimmed.
 */
export const searchText = (text: string): string => text.normalize('NFKC').trim();

/** "0x1234…abcd" / "TXYZ…abcd": enough of both ends to tell look-alikes apart. */
export const shortAddress = (address: string): string =>
  address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
/* eslint-enable lingui/no-unlocalized-strings */

/**
 * How a sentence names the token under `key`: a listed token by its symbol; any other (imported,
 * from a list, keyed by its address) by its own symbol, with its short address when a listed
 * token has that symbol, so "USDT" in a sentence is never a copy. A key no token has is shown as
 * is (short when it is an address).
 */
export function tokenText(tokens: Readonly<Record<string, TokenConfig>>, key: string): string {
  const token = tokens[key];
  if (!token) return shortAddress(key);
  if (token.origin === undefined) return token.symbol;
  const clash = tokens[token.symbol] !== undefined && tokens[token.symbol]?.origin === undefined;
  return clash ? `${token.symbol} (${shortAddress(token.address)})` : token.symbol;
}
