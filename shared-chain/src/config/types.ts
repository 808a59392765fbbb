/** The five networks of the product, in the order the network tabs show them. */
export const NETWORK_IDS = ['TRON', 'BSC', 'POLY', 'BTTC', 'ETH'] as const;
export type NetworkId = (typeof NETWORK_IDS)[number];

export const DEFAULT_NETWORK: NetworkId = 'TRON';
/**
 * The networks with charts: the charts page's pills, the swap box's chart and every chart link.
 * The charts route shows no other network, so a link elsewhere would open another chain's pair.
 */
export const CHART_NETWORKS: readonly NetworkId[] = ['TRON', 'BSC', 'POLY'];
export const hasCharts = (id: NetworkId): boolean => CHART_NETWORKS.includes(id);

/** EVM chains use ethers; TRON uses tronweb. One adapter per platform. */
export type Platform = 'evm' | 'tron';

export type NetworkProfile = 'local' | 'production';

export interface TokenConfig {
  symbol: string;
  name: string;
  /**
   * Contract address as the network writes it (base58 on TRON, 0x elsewhere).
   * For the base coin this is the wrapped base (W + symbol) contract the router uses.
   * Empty string: not configured on this profile.
   */
  address: string;
  /** TRON only: the address in hex with the 41 prefix. */
  hex?: string;
  decimals: number;
  /** Path under the site root, e.g. /assets/currency/jm.svg */
  logoURI: string;
  /** Integer percent taken on every transfer (0 for most tokens). */
  tax: number;
  /** The network's base coin (TRX, BNB, MATIC, BTT, ETH). */
  isBase?: boolean;
  canAddToken?: boolean;
  useNormalRouterForLiquidity?: boolean;
  /** The token refuses to change a non-zero allowance (USDT on Ethereum): approve 0 first. */
  approveResetRequired?: boolean;
  description?: string;
  www?: string;
  /**
   * Not in this network's config, and so keyed by its address: 'imported' by the user (this
   * browser), or 'list' (from a token list of the deployment, `listName`). Undefined: listed.
   */
  origin?: 'imported' | 'list';
  /** The token list that lists it ("listed by <list name>"). */
  listName?: string;
  /** Integer percent taken when it is sold, where it differs from `tax` (detected on chain). */
  sellTax?: number;
  /** Its sale reverted in a simulation (a honeypot): buying it needs a second confirmation. */
  sellFails?: boolean;
}

export interface PoolConfig {
  symbolA: string;
  symbolB: string;
  /** Pair (liquidity token) address; empty string when not configured. */
  address: string;
  invert?: boolean;
  hideFromCharts?: boolean;
}

export interface ExchangeConfig {
  FACTORY_ADDRESS: string;
  ROUTER_ADDRESS: string;
  LIQUIDITY_ROUTER: string;
  /** The swap-info contract (pair balances, user positions). */
  SWAP_API: string;
  MAX_HOP_LENGTH: number;
}

/** A token list of the Token Lists format (tokenlists.org): a URL, or a file under the site. */
export interface TokenListSource {
  url: string;
}

export interface NetworkConfig {
  id: NetworkId;
  /** Display name, e.g. "Polygon". */
  name: string;
  platform: Platform;
  /** EVM chain id; on TRON the chain's block.chainid. */
  chainId: number;
  /**
   * The first node: EVM JSON-RPC url, or the TRON full-node url (tronweb fullHost); '' when no
   * node is configured. After parsing it is nodeUrls[0]. Wallet-side code that needs one url
   * (tronweb fullHost, a wallet's rpcUrls) uses it; reads go through every node of nodeUrls.
   */
  nodeUrl: string;
  /**
   * Every node of the network, in order of preference; reads move to the next one when a node
   * fails (see core/nodePool.ts). Parsing always sets it (from `nodeUrl` when the file lists
   * only that one); hand-written configs may leave it out.
   */
  nodeUrls?: string[];
  /** The chain's block time, ms (the api's indexer polls at it; default per chain there). */
  blockTimeMs?: number;
  /** Explorer prefix; the transaction id is appended. */
  scan: string;
  api: { url: string; ownerAddress: string };
  exchange: ExchangeConfig;
  /** Symbol of the base coin. */
  baseToken: string;
  /** First is the default "from", second the default "to" token. */
  defaultTokens: [string, string];
  /**
   * Blocks a node may trail the best head seen from the list before it is passed over (default:
   * about 30 s of blocks).
   */
  maxNodeLagBlocks?: number;
  /** Fixed gas price in wei as a decimal string (POLY, BTTC); absent elsewhere. */
  gasPrice?: string;
  /** Recipient of the platform's 0.05% share (buy-back-and-burn). */
  feeRecipient?: string;
  /** Address tokens are burned to (JM "burned" figure). */
  burnAddress?: string;
  tokens: Record<string, TokenConfig>;
  pools: PoolConfig[];
  /** Token lists whose tokens of this network's chain are offered beside the listed ones. */
  tokenLists?: TokenListSource[];
}

/**
 * The mobile wallet (WalletConnect v2): the project id the relay knows this site by, and the
 * relay's url (wss://; ws:// only on localhost). Absent: the mobile wallet says it is not
 * configured.
 */
export interface WalletConnectConfig {
  projectId: string;
  relayUrl: string;
}

export interface NetworksFile {
  profile: NetworkProfile;
  /** Build or deployment identifier. */
  version: string;
  networks: Record<NetworkId, NetworkConfig>;
  walletConnect?: WalletConnectConfig;
}

/** A network whose contract addresses are missing is shown as "network not configured". */
export function isNetworkConfigured(network: NetworkConfig): boolean {
  const { FACTORY_ADDRESS, ROUTER_ADDRESS, LIQUIDITY_ROUTER, SWAP_API } = network.exchange;
  return [FACTORY_ADDRESS, ROUTER_ADDRESS, LIQUIDITY_ROUTER, SWAP_API].every((a) => a !== '');
}
