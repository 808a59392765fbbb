import * as v from 'valibot';
import { NETWORK_IDS, type NetworksFile } from './types';

const int = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  v.pipe(v.number(), v.safeInteger(), v.minValue(min), v.maxValue(max));

const token = v.object({
  symbol: v.pipe(v.string(), v.minLength(1)),
  name: v.string(),
  address: v.string(),
  hex: v.optional(v.string()),
  decimals: int(0, 36),
  logoURI: v.string(),
  tax: int(0, 99),
  isBase: v.optional(v.boolean()),
  canAddToken: v.optional(v.boolean()),
  useNormalRouterForLiquidity: v.optional(v.boolean()),
  approveResetRequired: v.optional(v.boolean()),
  description: v.optional(v.string()),
  www: v.optional(v.string()),
});

const pool = v.object({
  symbolA: v.string(),
  symbolB: v.string(),
  address: v.string(),
  invert: v.optional(v.boolean()),
  hideFromCharts: v.optional(v.boolean()),
});

const network = v.object({
  id: v.picklist(NETWORK_IDS),
  name: v.string(),
  platform: v.picklist(['evm', 'tron']),
  chainId: int(1),
  nodeUrl: v.string(),
  scan: v.string(),
  api: v.object({ url: v.string(), ownerAddress: v.string() }),
  exchange: v.object({
    FACTORY_ADDRESS: v.string(),
    ROUTER_ADDRESS: v.string(),
    LIQUIDITY_ROUTER: v.string(),
    SWAP_API: v.string(),
    MAX_HOP_LENGTH: int(2),
  }),
  baseToken: v.string(),
  defaultTokens: v.tuple([v.string(), v.string()]),
  gasPrice: v.optional(v.pipe(v.string(), v.regex(/^\d+$/))),
  feeRecipient: v.optional(v.string()),
  burnAddress: v.optional(v.string()),
  tokens: v.record(v.string(), token),
  pools: v.array(pool),
});

const networksFile = v.object({
  profile: v.picklist(['local', 'production']),
  version: v.string(),
  networks: v.object(
    Object.fromEntries(NETWORK_IDS.map((id) => [id, network])) as Record<
      (typeof NETWORK_IDS)[number],
      typeof network
    >,
  ),
});

/** Validates a networks.json document; throws an Error naming the first bad field. */
export function parseNetworksFile(input: unknown): NetworksFile {
  const result = v.safeParse(networksFile, input);
  if (!result.success) {
    const issue = result.issues[0];
    const path = issue.path?.map((item) => String(item.key)).join('.');
    throw new Error(`networks.json is invalid at ${path || '(root)'}: ${issue.message}`);
  }
  const file = result.output as NetworksFile;
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
