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
  // How often the api's indexer asks for a new head where no node offers a subscription (ms).
  blockTimeMs: v.optional(int(100, 600_000)),
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
  maxNodeLagBlocks: v.optional(int(1, 10_000)),
  feeRecipient: v.optional(v.string()),
  burnAddress: v.optional(v.string()),
  tokens: v.record(v.string(), token),
  pools: v.array(pool),
  tokenLists: v.optional(v.array(v.object({ url: v.pipe(v.string(), v.minLength(1)) }))),
});

const networksFile = v.object({
  profile: v.picklist(['local', 'production']),
  version: v.string(),
  // Checked apart (walletConnectFrom): a bad entry costs only the mobile wallet.
  walletConnect: v.optional(v.unknown()),
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
 * single `nodeUrl` ('' or absent: none); `ws://` and `wss://` entries are the api's, skipped
 * without a word. Entries are checked one by one, as remotes.json's are:
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
    // A ws(s) node is the api's (new heads by subscription); the browser reads over http(s).
    if (typeof value === 'string' && /^wss?:\/\//i.test(value)) continue;
    const problem = nodeUrlProblem(value) ?? (urls.includes(value) ? 'is listed twice' : undefined);
    if (problem) warn(`networks.json: ${id} node ${JSON.stringify(value)} ${problem}; left out`);
    else urls.push(value);
  }
  return urls;
}

const walletConnect = v.object({
  projectId: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/, 'is not a project id')),
  relayUrl: v.pipe(
    v.string(),
    v.check(
      (url) => relayUrlProblem(url) === undefined,
      (issue) => relayUrlProblem(String(issue.input)) ?? '',
    ),
  ),
});

const LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * Why a relay url cannot be used: the relay speaks WebSocket, over TLS except on this machine;
 * a path, query or credentials would go to the relay with every connection. Undefined when fine.
 */
export function relayUrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'is not a url';
  }
  if (url.protocol !== 'wss:' && !(url.protocol === 'ws:' && LOCAL_HOSTS.includes(url.hostname)))
    return 'is not a wss:// url (ws:// only on localhost)';
  if (url.username || url.password) return 'carries credentials';
  if (url.pathname !== '/' || url.search || url.hash) return 'has a path or query';
  return undefined;
}

/**
 * The file's `walletConnect` entry, or undefined (with a console warning naming the problem)
 * when it is absent or unusable: the mobile wallet then says it is not configured.
 */
export function walletConnectFrom(
  raw: unknown,
  warn: (message: string) => void = console.warn,
): NetworksFile['walletConnect'] {
  if (raw === undefined) return undefined;
  const result = v.safeParse(walletConnect, raw);
  if (result.success) return result.output;
  const issue = result.issues[0];
  const path = issue.path?.map((item) => String(item.key)).join('.');
  warn(`networks.json: walletConnect${path ? `.${path}` : ''} ${issue.message}; mobile wallet off`);
  return undefined;
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
  const wc = walletConnectFrom(file.walletConnect);
  if (wc) file.walletConnect = wc;
  else delete file.walletConnect;
  for (const net of Object.values(file.networks)) {
    const urls = nodeUrlsFor(net.id, net as { nodeUrl?: unknown; nodeUrls?: unknown });
    net.nodeUrls = urls;
    net.nodeUrl = urls[0] ?? '';
    for (const symbol of [...net.defaultTokens, net.baseToken]) {
      if (!net.tokens[symbol])
        throw new Error(`networks.json: ${net.id} names unknown token ${symbol}`);
    }
    // Tokens that are not listed are keyed by address: a listed symbol may not look like one.
    for (const symbol of Object.keys(net.tokens)) {
      if (/^(0x[0-9a-fA-F]{40}|T[1-9A-HJ-NP-Za-km-z]{33})$/.test(symbol))
        throw new Error(`networks.json: ${net.id} token symbol ${symbol} is an address`);
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
