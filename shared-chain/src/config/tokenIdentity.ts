/**
 * Tokens known by address (pure: no I/O). A listed token keeps its symbol as its key (the config,
 * routes and analytics name it so); any other token (imported by a user, or from a token list) is
 * keyed by its contract address in the network's one spelling (EIP-55 on EVM, base58 on TRON), so
 * a token that calls itself "USDT" can never take the listed USDT's place.
 */
import { msg } from '@lingui/core/macro';
import { getAddress } from '../abi/address';
import { isTronAddress, toBase58 } from '../adapters/tron/address';
import type { NetworkConfig, Platform } from './types';
import { catalogued } from '../core/errors';
import { evmCanonical, keyOfAddressOf, listedByAddressOf, tronCanonical } from './addressKeys';

export {
  MAX_TOKEN_DECIMALS,
  isAddressKey,
  hasUnsafeText,
  escapeUnsafeText,
  shortAddress,
} from '../core/tokenText';
export { tokenKeyOfParam, tokenParam, isListedToken } from './tokenKeys';

export const EVM_ADDRESS_ON_TRON = catalogued(
  msg`This is an address of an EVM network (0x...). TRON addresses start with T.`,
);
export const TRON_ADDRESS_ON_EVM = catalogued(
  msg`This is a TRON address (T...). Addresses on this network start with 0x.`,
);
export const BAD_ADDRESS_CHECKSUM = catalogued(
  msg`This address has a typo: its checksum does not match. Copy it again from a trusted source.`,
);

const EVM_SHAPE = /^0x[0-9a-fA-F]{40}$/;
const TRON_SHAPE = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;

/** What a text typed or pasted in the picker's search is. */
export type SearchInput =
  | { kind: 'address'; address: string }
  | { kind: 'bad-address'; message: string }
  | { kind: 'text'; text: string };

/**
 * A token's page on a block explorer, as people copy it: BscScan's, Etherscan's, PolygonScan's
 * ".../token/0x…" (a holder's "?a=0x…" after it is not the token) and Tronscan's
 * ".../#/token20/T…". Only token pages: a pair's page on a chart site names the pool, whose LP
 * token would import in the token's place.
 */
const EXPLORER_TOKEN_PAGE =
  /^https?:\/\/[^/\s?#]+\/(?:#\/)?(?:token|token20)\/([0-9A-Za-z]+)(?:[/?#]|$)/;

/** The token address in an explorer's token page link; undefined for any other text. */
const explorerTokenAddress = (text: string): string | undefined =>
  EXPLORER_TOKEN_PAGE.exec(text)?.[1];

/**
 * Reads the search text (or a token's explorer link): an address of this platform (canonical),
 * an address of the other platform or a mistyped one (with the message to show), or plain search
 * text.
 */
export function readSearchInput(text: string, platform: Platform): SearchInput {
  const trimmed = explorerTokenAddress(text.trim()) ?? text.trim();
  if (EVM_SHAPE.test(trimmed)) {
    if (platform === 'tron') return { kind: 'bad-address', message: EVM_ADDRESS_ON_TRON };
    try {
      return { kind: 'address', address: getAddress(trimmed) };
    } catch {
      return { kind: 'bad-address', message: BAD_ADDRESS_CHECKSUM };
    }
  }
  if (TRON_SHAPE.test(trimmed)) {
    if (!isTronAddress(trimmed)) return { kind: 'bad-address', message: BAD_ADDRESS_CHECKSUM };
    if (platform === 'evm') return { kind: 'bad-address', message: TRON_ADDRESS_ON_EVM };
    return { kind: 'address', address: trimmed };
  }
  return { kind: 'text', text: trimmed };
}

const canonicalBy = {
  evm: evmCanonical(getAddress),
  tron: tronCanonical(isTronAddress, toBase58),
};

/** An address in the network's one spelling, or undefined when it is not one of its addresses. */
export const canonicalAddress = (platform: Platform, address: string): string | undefined =>
  canonicalBy[platform](address);

/**
 * The key of the token at `address`: the listed token's symbol when the config lists that
 * address (its wrapped base coin included), else the canonical address.
 */
export const keyOfAddress = (network: NetworkConfig, address: string): string | undefined =>
  keyOfAddressOf(canonicalBy[network.platform], network, address);

/** Listed symbol by canonical address, built once per token table. */
export const listedByAddress = (network: NetworkConfig): Map<string, string> =>
  listedByAddressOf(canonicalBy[network.platform], network);
