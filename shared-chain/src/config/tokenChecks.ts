/**
 * What extraTokens.ts loads when a network has extra tokens: every stored import checked (an
 * address of this platform by its checksum, texts without control characters, decimals up to
 * 36) and the merge of imports and list tokens into the network, keyed by address.
 */
import * as v from 'valibot';
import {
  MAX_TOKEN_DECIMALS,
  canonicalAddress,
  hasUnsafeText,
  listedByAddress,
} from './tokenIdentity';
import type { NetworkConfig, Platform, TokenConfig } from './types';
import { MAX_IMPORTED_PER_NETWORK } from './extraTokens';

export { canonicalAddress };

const text = (max: number) =>
  v.pipe(
    v.string(),
    v.minLength(1),
    v.maxLength(max),
    v.check((s) => !hasUnsafeText(s)),
  );

const storedToken = v.object({
  address: v.string(),
  symbol: text(64),
  name: text(128),
  decimals: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MAX_TOKEN_DECIMALS)),
  tax: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(99)),
  sellTax: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(99))),
  sellFails: v.optional(v.boolean()),
});

export type ImportedToken = v.InferOutput<typeof storedToken>;

/**
 * The imported tokens of a scope as stored, each checked: an entry that is not a token of this
 * platform (bad address, control characters, decimals over 36, a repeated address) is left out
 * with a console line, and the rest still load.
 */
export function checkImportedTokens(platform: Platform, list: unknown): ImportedToken[] {
  if (list === undefined) return [];
  if (!Array.isArray(list)) {
    console.warn('[shared-chain] imported tokens: not a list, ignored');
    return [];
  }
  const seen = new Set<string>();
  const tokens: ImportedToken[] = [];
  for (const entry of list.slice(-MAX_IMPORTED_PER_NETWORK)) {
    const parsed = v.safeParse(storedToken, entry);
    const address = parsed.success ? canonicalAddress(platform, parsed.output.address) : undefined;
    if (!parsed.success || address === undefined || seen.has(address)) {
      console.warn('[shared-chain] imported tokens: an invalid entry was left out');
      continue;
    }
    seen.add(address);
    tokens.push({ ...parsed.output, address });
  }
  return tokens;
}

const asConfig = (token: ImportedToken): TokenConfig => ({
  symbol: token.symbol,
  name: token.name,
  address: token.address,
  decimals: token.decimals,
  logoURI: '',
  tax: token.tax,
  ...(token.sellTax !== undefined && token.sellTax !== token.tax ? { sellTax: token.sellTax } : {}),
  ...(token.sellFails ? { sellFails: true } : {}),
  // Nothing exempts our liquidity router from a token we do not know: its liquidity goes
  // through the normal router's fee-on-transfer functions, as SafeMoney's does.
  useNormalRouterForLiquidity: true,
  origin: 'imported',
});

/**
 * The network with its extra tokens, keyed by address, after its listed ones: a listed token's
 * address is never added again (it stays under its symbol), and an import wins over a list's
 * entry for the same address.
 */
export function mergeExtraTokens(
  network: NetworkConfig,
  listTokens: readonly TokenConfig[],
  imports: readonly ImportedToken[],
): NetworkConfig {
  const listedAddresses = listedByAddress(network);
  const extra: Record<string, TokenConfig> = {};
  for (const token of listTokens) {
    const address = canonicalAddress(network.platform, token.address);
    if (address !== undefined && !listedAddresses.has(address))
      extra[address] = { ...token, address };
  }
  for (const token of imports) {
    if (!listedAddresses.has(token.address)) extra[token.address] = asConfig(token);
  }
  return Object.keys(extra).length === 0
    ? network
    : { ...network, tokens: { ...network.tokens, ...extra } };
}
