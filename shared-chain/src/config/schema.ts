import { z } from 'zod';
import { NETWORK_IDS, type NetworksFile } from './types';

const token = z.object({
  symbol: z.string().min(1),
  name: z.string(),
  address: z.string(),
  hex: z.string().optional(),
  decimals: z.number().int().min(0).max(36),
  logoURI: z.string(),
  tax: z.number().int().min(0).max(99),
  isBase: z.boolean().optional(),
  canAddToken: z.boolean().optional(),
  useNormalRouterForLiquidity: z.boolean().optional(),
  approveResetRequired: z.boolean().optional(),
  description: z.string().optional(),
  www: z.string().optional(),
});

const pool = z.object({
  symbolA: z.string(),
  symbolB: z.string(),
  address: z.string(),
  invert: z.boolean().optional(),
  hideFromCharts: z.boolean().optional(),
});

const network = z.object({
  id: z.enum(NETWORK_IDS),
  name: z.string(),
  platform: z.enum(['evm', 'tron']),
  chainId: z.number().int().positive(),
  nodeUrl: z.string(),
  scan: z.string(),
  api: z.object({ url: z.string(), ownerAddress: z.string() }),
  exchange: z.object({
    FACTORY_ADDRESS: z.string(),
    ROUTER_ADDRESS: z.string(),
    LIQUIDITY_ROUTER: z.string(),
    SWAP_API: z.string(),
    MAX_HOP_LENGTH: z.number().int().min(2),
  }),
  baseToken: z.string(),
  defaultTokens: z.tuple([z.string(), z.string()]),
  gasPrice: z.string().regex(/^\d+$/).optional(),
  feeRecipient: z.string().optional(),
  burnAddress: z.string().optional(),
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
  const result = networksFile.safeParse(input);
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
