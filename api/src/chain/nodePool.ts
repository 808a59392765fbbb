/**
 * A network's nodes (networks.json `nodeUrls`, or its one `nodeUrl`), in the file's order of
 * preference. A node that answers 429, 5xx or any other HTTP error, times out, cannot be reached
 * or answers something malformed is put in quarantine (2 s by default, doubling while it keeps
 * failing, at most 60 s) and the next node is used; the first node is used again once its
 * quarantine is over. Each failover is a warn line and `jmswap_api_node_failovers_total{node}`.
 *
 * The indexer pins one node for a whole step (`pin`/`unpin`): every read of a range comes from
 * the same node, so the checks that a range is one chain compare one node's answers, and a node
 * failing in the middle of a step ends the step (nothing stored; the next step starts on the
 * next node) instead of finishing it with another node's view of the chain. Outside a step
 * (/ready, one-off reads) a failed request is sent to the next node at once.
 *
 * With a `chainCheck`, every node is asked which chain it serves before its first answer is
 * used (again after it failed); a node of another chain is set aside until restart and the next
 * node is used (see chainCheck.ts).
 */
import { nodeLabel, silentLogger, type LineLogger } from '../log';
import type { Metrics } from '../metrics';
import type { ChainCheck } from './chainCheck';
import { faultOf, NodeFault, WrongChainError } from './errors';

export { faultOf, httpFault, NodeFault } from './errors';

export interface NodePoolOptions {
  network: string;
  urls: string[];
  /** Per request, ms (default 10 000). */
  timeoutMs?: number;
  /** First quarantine of a failing node, ms (default 2 000); doubles while it keeps failing. */
  quarantineMs?: number;
  /** Longest quarantine, ms (default 60 000). */
  maxQuarantineMs?: number;
  logger?: LineLogger;
  metrics?: Metrics;
  /** Which chain each node serves, asked before its first answer is used (see chainCheck.ts). */
  chainCheck?: ChainCheck;
}

interface Node {
  url: string;
  /** Host only: node urls often carry an API key in their path. */
  label: string;
  failures: number;
  until: number;
  /** Its chain was checked since it last failed. */
  checked: boolean;
  /** Serves this other chain: never asked again until restart. */
  wrongChain?: number;
}

export class NodePool {
  readonly network: string;
  readonly timeoutMs: number;
  private readonly nodes: Node[];
  private pinned: Node | null = null;
  private readonly closed = new AbortController();

  constructor(private readonly opts: NodePoolOptions) {
    if (opts.urls.length === 0) throw new Error(`${opts.network}: no node url`);
    this.network = opts.network;
    this.timeoutMs = opts.timeoutMs ?? 10_000;
    const labels = opts.urls.map(nodeLabel);
    // Two nodes on one host: the label says which by its place in the list.
    this.nodes = opts.urls.map((url, i) => ({
      url,
      label: labels.indexOf(labels[i]!) === i ? labels[i]! : `${labels[i]}#${i + 1}`,
      failures: 0,
      until: 0,
      checked: !opts.chainCheck,
    }));
  }

  get urls(): string[] {
    return this.nodes.map((n) => n.url);
  }

  /** The node the next request goes to (the first when every node serves another chain). */
  current(): { url: string; label: string } {
    return this.usable().length ? this.pick() : this.nodes[0]!;
  }

  /** The nodes not set aside for serving another chain. */
  private usable(): Node[] {
    return this.nodes.filter((n) => n.wrongChain === undefined);
  }

  /** The nodes set aside for serving another chain (their label and that chain's id). */
  get wrongChain(): Array<{ label: string; chain: number }> {
    return this.nodes
      .filter((n) => n.wrongChain !== undefined)
      .map((n) => ({ label: n.label, chain: n.wrongChain! }));
  }

  private pick(): Node {
    const now = Date.now();
    if (this.pinned && this.pinned.until <= now) return this.pinned;
    const usable = this.usable();
    if (!usable.length) throw this.noRightChain();
    const free = usable.find((n) => n.until <= now);
    if (free) return free;
    return usable.reduce((a, b) => (b.until < a.until ? b : a));
  }

  /** Every node serves another chain: nothing to read until an operator corrects the list. */
  private noRightChain(): NodeFault {
    const which = this.wrongChain.map((n) => `${n.label} is on chain ${n.chain}`).join(', ');
    return new NodeFault(
      'wrong chain',
      `${this.network}: no node of chain ${this.opts.chainCheck?.expected} (${which})`,
      60_000,
    );
  }

  /** ms until some node may be asked again (0: one may be now). */
  msUntilAvailable(): number {
    const now = Date.now();
    const usable = this.usable();
    if (!usable.length) return 60_000;
    return Math.max(0, Math.min(...usable.map((n) => n.until - now)));
  }

  /** Every request until unpin() goes to one node (the indexer's step). */
  pin(): void {
    this.pinned = this.pick();
  }

  unpin(): void {
    this.pinned = null;
  }

  /** Counts calls sent (jmswap_api_node_requests_total{method}): what a provider bills. */
  sent(method: string, calls = 1): void {
    this.opts.metrics?.nodeRequests.inc({ network: this.network, method }, calls);
  }

  /** Aborts the requests in flight and refuses later ones (the indexer stopping). */
  close(): void {
    this.closed.abort(new Error('node client closed'));
  }

  private fail(node: Node, fault: NodeFault): void {
    node.failures++;
    // Back from a failure it may be another machine: asked its chain again before it is used.
    if (this.opts.chainCheck) {
      node.checked = false;
      this.opts.chainCheck.forget(node.url);
    }
    const base = this.opts.quarantineMs ?? 2000;
    const quarantineMs = Math.min(
      this.opts.maxQuarantineMs ?? 60_000,
      base * 2 ** Math.min(node.failures - 1, 20),
    );
    node.until = Date.now() + quarantineMs;
    if (this.pinned === node) this.pinned = null;
    const next = this.usable().length > 1 ? this.pick() : null;
    this.opts.metrics?.nodeFailovers.inc({
      network: this.network,
      node: node.label,
      reason: fault.kind,
    });
    this.opts.metrics?.nodeQuarantined.set({ network: this.network, node: node.label }, 1);
    (this.opts.logger ?? silentLogger).warn(
      {
        network: this.network,
        node: node.label,
        reason: fault.kind,
        err: fault.message,
        quarantineMs,
        next: next && next !== node ? next.label : null,
      },
      next && next !== node
        ? `node ${node.label} failed (${fault.message}); using ${next.label}`
        : `node ${node.label} failed (${fault.message}); no other node`,
    );
  }

  /** Serves another chain: never picked again (the chain check reported it). */
  private setAside(node: Node, chain: number): void {
    node.wrongChain = chain;
    if (this.pinned === node) this.pinned = null;
  }

  private succeed(node: Node): void {
    if (node.failures === 0 && node.until === 0) return;
    node.failures = 0;
    node.until = 0;
    this.opts.metrics?.nodeQuarantined.set({ network: this.network, node: node.label }, 0);
  }

  /**
   * Runs `fn` against a node (its url, and a signal for the timeout and close()). Throws what
   * `fn` throws when it is not the node's fault (a JSON-RPC error answer); a node fault moves
   * to the next node (pinned: the fault is thrown, carrying when to try again).
   */
  async request<T>(fn: (url: string, signal: AbortSignal) => Promise<T>): Promise<T> {
    const pinned = this.pinned !== null;
    const attempts = pinned ? 1 : this.nodes.length;
    let last: NodeFault | undefined;
    let lastNode: Node | undefined;
    for (let i = 0; i < attempts; i++) {
      const node = this.pick();
      if (i > 0 && node === lastNode) break; // the only node left is the one that just failed
      lastNode = node;
      const signal = AbortSignal.any([AbortSignal.timeout(this.timeoutMs), this.closed.signal]);
      try {
        if (!node.checked) {
          await this.opts.chainCheck?.check(node.url, signal, node.label);
          node.checked = true;
        }
        const out = await fn(node.url, signal);
        this.succeed(node);
        return out;
      } catch (e) {
        if (this.closed.signal.aborted) throw e;
        if (e instanceof WrongChainError) {
          this.setAside(node, e.actual);
          if (!this.usable().length) throw this.noRightChain();
          // A pinned step ends (the next starts on the next node at once); else the next node.
          if (pinned) throw new NodeFault('wrong chain', e.message);
          last = new NodeFault('wrong chain', e.message);
          continue;
        }
        const fault = faultOf(e);
        if (!fault) throw e;
        this.fail(node, fault);
        last = fault;
        lastNode = node;
      }
    }
    throw new NodeFault(
      last!.kind,
      `${this.network}: ${lastNode!.label}: ${last!.message}`,
      this.msUntilAvailable(),
    );
  }
}
