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
  // Checked entry by entry after the schema (nodeUrlsFor): a bad node costs only itself.
  nodeUrl: v.optional(v.unknown()),
  nodeUrls: v.optional(v.unknown()),
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

/** Why a node url cannot be used (fetch takes http(s) urls without user:password), or undefined. */
export function nodeUrlProblem(value: unknown): string | undefined {
  try {
    const url = new URL(value as string);
    if (typeof value !== 'string' || !/^https?:$/.test(url.protocol))
      return 'is not an http(s) url';
    return url.username || url.password ? 'carries credentials' : undefined;
  } catch {
    return 'is not a url';
  }
}

/**
 * A network's usable nodes, in the file's order: `nodeUrls` when the file has it, else the
 * single `nodeUrl` ('' or absent: none). Entries are checked one by one, as remotes.json's are:
 * a bad or repeated entry is left out with a console warning naming it; no usable entry leaves
 * the network with no node configured (reads then fail and say so, as with an empty nodeUrl).
 */
export function nodeUrlsFor(
  id: string,
  raw: { nodeUrl?: unknown; nodeUrls?: unknown },
  warn: (message: string) => void = console.warn,
): string[] {
  const list = raw.nodeUrls ?? (raw.nodeUrl ? [raw.nodeUrl] : []);
  if (!Array.isArray(list)) {
    warn(`networks.json: ${id} nodeUrls is not a list; left out`);
    return nodeUrlsFor(id, { nodeUrl: raw.nodeUrl }, warn);
  }
  const urls: string[] = [];
  for (const value of list) {
    const problem = nodeUrlProblem(value) ?? (urls.includes(value) ? 'is listed twice' : undefined);
    if (problem) warn(`networks.json: ${id} node ${JSON.stringify(value)} ${problem}; left out`);
    else urls.push(value);
  }
  return urls;
}

/** Validates a networks.json document; throws an Error naming the first bad field. */
export function parseNetworksFile(input: unknown): NetworksFile {
  const result = v.safeParse(networksFile, input);
  if (!result.success) {
    const issue = result.issues[0];
    const path = issue.path?.map((item) => String(item.key)).join('.');
    throw new Error(`networks.json is invalid at ${path || '(root)'}: ${issue.message}`);
  }
  const file = result.output as unknown as NetworksFile;
  for (const net of Object.values(file.networks)) {
    const urls = nodeUrlsFor(net.id, net as { nodeUrl?: unknown; nodeUrls?: unknown });
    net.nodeUrls = urls;
    net.nodeUrl = urls[0] ?? '';
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
