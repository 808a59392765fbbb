/**
 * Which chain a node serves, asked before its first answer is used: a node of another chain (an
 * operator's typo, a provider's url pointing elsewhere) would feed the indexer another chain's
 * blocks and pools without a single error. EVM: `eth_chainId`; TRON: the genesis block's id,
 * whose last 4 bytes are the chain id (what `block.chainid` answers on the TVM).
 *
 * One per network and process, shared by its node pools (the indexer's, /ready's) and the head
 * subscription: each node is asked once, again after it failed (a url behind a load balancer may
 * come back on other hardware), and a node of another chain is reported once and set aside until
 * the process restarts: an error line, `jmswap_api_node_wrong_chain{network,node,chain}` and an
 * operator report (`npm run reports`), each naming the node and both chain ids.
 */
import { nodeLabel, silentLogger, type LineLogger } from '../log';
import type { Metrics } from '../metrics';
import { faultOf, httpFault, NodeFault, RpcError, WrongChainError } from './errors';
import { fetchRetry } from './rpc';

export { WrongChainError } from './errors';

export interface ChainCheckOptions {
  network: string;
  platform: 'evm' | 'tron';
  /** The chain id of networks.json. */
  expected: number;
  logger?: LineLogger;
  metrics?: Metrics;
  /** Stores the operator report (the api: a `node` row of client_reports). */
  report?: (cause: string) => Promise<void>;
}

/** EVM: eth_chainId's hex; TRON: the last 4 bytes of the genesis block id. */
export async function askChainId(
  platform: 'evm' | 'tron',
  url: string,
  signal: AbortSignal,
): Promise<number> {
  try {
    const res =
      platform === 'evm'
        ? await fetchRetry(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
            signal,
          })
        : await fetchRetry(url.replace(/\/$/, '') + '/wallet/getblock', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ id_or_num: '0', detail: false }),
            signal,
          });
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      throw httpFault(res.status);
    }
    const body = (await res.json()) as { result?: unknown; blockID?: unknown } | null;
    const id = platform === 'evm' ? body?.result : body?.blockID;
    if (platform === 'evm' && typeof id === 'string' && /^0x[0-9a-f]{1,16}$/i.test(id))
      return Number(BigInt(id));
    if (platform === 'tron' && typeof id === 'string' && /^[0-9a-f]{64}$/i.test(id))
      return parseInt(id.slice(-8), 16);
    throw new NodeFault(
      'malformed',
      platform === 'evm' ? 'eth_chainId answered no chain id' : 'no genesis block id',
    );
  } catch (e) {
    if (e instanceof RpcError) throw e;
    throw faultOf(e) ?? e;
  }
}

export class ChainCheck {
  /** url -> the chain id it answered (or is answering). */
  private readonly verdicts = new Map<string, Promise<number>>();
  /** url -> the other chain's id: set aside until restart. */
  readonly wrong = new Map<string, { label: string; chain: number }>();
  private readonly logger: LineLogger;

  constructor(private readonly opts: ChainCheckOptions) {
    this.logger = opts.logger ?? silentLogger;
  }

  get expected(): number {
    return this.opts.expected;
  }

  /**
   * Resolves when the node serves the network's chain; throws WrongChainError when it serves
   * another (reported the first time), or the node's fault when it could not be asked.
   */
  async check(url: string, signal: AbortSignal, label = nodeLabel(url)): Promise<void> {
    let verdict = this.verdicts.get(url);
    if (!verdict) {
      verdict = askChainId(this.opts.platform, url, signal);
      this.opts.metrics?.nodeRequests.inc({
        network: this.opts.network,
        method: this.opts.platform === 'evm' ? 'eth_chainId' : '/wallet/getblock',
      });
      this.verdicts.set(url, verdict);
      const asked = verdict;
      asked.catch(() => {
        if (this.verdicts.get(url) === asked) this.verdicts.delete(url);
      });
    }
    this.verdict(url, label, await verdict);
  }

  /** A chain id learnt otherwise (a subscription's own eth_chainId): set aside when wrong. */
  verdict(url: string, label: string, chain: number): void {
    if (chain === this.opts.expected) return;
    this.verdicts.set(url, Promise.resolve(chain));
    // One report per node: its http(s) and ws(s) urls are the same host.
    const known = [...this.wrong.values()].some((w) => w.label === label);
    if (!this.wrong.has(url)) this.wrong.set(url, { label, chain });
    if (!known) {
      const { network, expected } = this.opts;
      this.opts.metrics?.nodeWrongChain.set({ network, node: label, chain: String(chain) }, 1);
      // The browsers' report of the same (kind `node`), the node named by its host only.
      const cause =
        `${network}: node ${label} is on chain ${chain}, not ${expected}; ` +
        'the api set it aside until it restarts: correct its nodeUrls entry';
      this.logger.error({ network, node: label, expected, actual: chain }, cause);
      void this.opts
        .report?.(cause)
        .catch((e: unknown) =>
          this.logger.warn(
            { network, err: (e as Error).message },
            'the wrong-chain report could not be stored',
          ),
        );
    }
    throw new WrongChainError(url, label, this.opts.expected, chain, this.opts.network);
  }

  /** Ask the node again before its next answer is used (it failed: it may come back as another). */
  forget(url: string): void {
    if (!this.wrong.has(url)) this.verdicts.delete(url);
  }
}
