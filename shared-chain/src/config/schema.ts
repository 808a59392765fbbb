import * as z from 'zod/mini';
import { en } from 'zod/locales';
import { NETWORK_IDS, type NetworksFile } from './types';

const token = z.object({
  symbol: z.string().check(z.minLength(1)),
  name: z.string(),
  address: z.string(),
  hex: z.optional(z.string()),
  decimals: z.int().check(z.minimum(0), z.maximum(36)),
  logoURI: z.string(),
  tax: z.int().check(z.minimum(0), z.maximum(99)),
  isBase: z.optional(z.boolean()),
  canAddToken: z.optional(z.boolean()),
  useNormalRouterForLiquidity: z.optional(z.boolean()),
  approveResetRequired: z.optional(z.boolean()),
  description: z.optional(z.string()),
  www: z.optional(z.string()),
});

const pool = z.object({
  symbolA: z.string(),
  symbolB: z.string(),
  address: z.string(),
  invert: z.optional(z.boolean()),
  hideFromCharts: z.optional(z.boolean()),
});

const network = z.object({
  id: z.enum(NETWORK_IDS),
  name: z.string(),
  platform: z.enum(['evm', 'tron']),
  chainId: z.int().check(z.positive()),
  nodeUrl: z.string(),
  scan: z.string(),
  api: z.object({ url: z.string(), ownerAddress: z.string() }),
  exchange: z.object({
    FACTORY_ADDRESS: z.string(),
    ROUTER_ADDRESS: z.string(),
    LIQUIDITY_ROUTER: z.string(),
    SWAP_API: z.string(),
    MAX_HOP_LENGTH: z.int().check(z.minimum(2)),
  }),
  baseToken: z.string(),
  defaultTokens: z.tuple([z.string(), z.string()]),
  gasPrice: z.optional(z.string().check(z.regex(/^\d+$/))),
  feeRecipient: z.optional(z.string()),
  burnAddress: z.optional(z.string()),
  tokens: z.record(z.string(), token),
  pools: z.array(pool),
});

const networksFile = z.object({
  profile: z.enum(['local', 'production']),
  version: z.string(),
  networks: z.object(
    Object.fromEntries(NETWORK_IDS.map((id) => [id, network])) as Record<
      (typeof NETWORK_IDS)[number],
      typeof network
    >,
  ),
});

/** Validates a networks.json document; throws an Error naming the first bad field. */
export function parseNetworksFile(input: unknown): NetworksFile {
  // zod/mini has no messages of its own: English ones for this parse only (no global setting).
  const result = networksFile.safeParse(input, { error: en().localeError });
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(
      `networks.json is invalid at ${issue?.path.join('.') || '(root)'}: ${issue?.message}`,
    );
  }
  const file = result.data as NetworksFile;
  for (const net of Object.values(file.networks)) {
    for (const symbol of [...net.defaultTokens, net.baseToken]) {
      if (!net.tokens[symbol])
        throw new Error(`networks.json: ${net.id} names unknown token ${symbol}`);
    }
    for (const p of net.pools) {
      if (!net.tokens[p.symbolA] || !net.tokens[p.symbolB]) {
        throw new Error(
          `networks.json: ${net.id} pool ${p.symbolA}/${p.symbolB} uses an unknown token`,
        );
      }
    }
  }
  return file;
}
