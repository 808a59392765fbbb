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
 */
import { nodeLabel, silentLogger, type LineLogger } from '../log';
import type { Metrics } from '../metrics';
import { RpcError } from './errors';

/** A node did not give a usable answer: another node may. */
export class NodeFault extends RpcError {
  constructor(
    /** Short, for the metric label: rate limited, http 5xx, http error, timeout, network, malformed. */
    readonly kind: string,
    message: string,
    /** When the next node can be asked (0: now), set by the pool. */
    readonly retryInMs = 0,
  ) {
    super(-1, message);
    this.name = 'NodeFault';
  }
}

/** The node fault behind `e` (a fetch failure, a timeout, bad JSON), or null. */
export function faultOf(e: unknown): NodeFault | null {
  if (e instanceof NodeFault) return e;
  // By name, not instanceof: fetch's errors come from node's own realm (not jest's, say).
  if (!e || typeof e !== 'object') return null;
  const { name, message = '', cause } = e as { name?: string; message?: string; cause?: unknown };
  if (name === 'TimeoutError') return new NodeFault('timeout', 'no answer in time');
  if (name === 'SyntaxError') return new NodeFault('malformed', `not JSON (${message})`);
  if (name === 'TypeError' && /fetch failed|terminated|other side closed/i.test(message)) {
    const c = cause as { code?: string; message?: string } | undefined;
    return new NodeFault('network', c?.code ?? c?.message ?? message);
  }
  return null;
}

/** An HTTP status that is not 2xx, as a node fault. */
export function httpFault(status: number): NodeFault {
  if (status === 429) return new NodeFault('rate limited', 'HTTP 429 (rate limited)');
  if (status >= 500) return new NodeFault('http 5xx', `HTTP ${status}`);
  return new NodeFault('http error', `HTTP ${status}`);
}

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
}

interface Node {
  url: string;
  /** Host only: node urls often carry an API key in their path. */
  label: string;
  failures: number;
  until: number;
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
    }));
  }

  get urls(): string[] {
    return this.nodes.map((n) => n.url);
  }

  /** The node the next request goes to. */
  current(): { url: string; label: string } {
    return this.pick();
  }

  private pick(): Node {
    const now = Date.now();
    if (this.pinned && this.pinned.until <= now) return this.pinned;
    const free = this.nodes.find((n) => n.until <= now);
    if (free) return free;
    return this.nodes.reduce((a, b) => (b.until < a.until ? b : a));
  }

  /** ms until some node may be asked again (0: one may be now). */
  msUntilAvailable(): number {
    const now = Date.now();
    return Math.max(0, Math.min(...this.nodes.map((n) => n.until - now)));
  }

  /** Every request until unpin() goes to one node (the indexer's step). */
  pin(): void {
    this.pinned = this.pick();
  }

  unpin(): void {
    this.pinned = null;
  }

  /** Aborts the requests in flight and refuses later ones (the indexer stopping). */
  close(): void {
    this.closed.abort(new Error('node client closed'));
  }

  private fail(node: Node, fault: NodeFault): void {
    node.failures++;
    const base = this.opts.quarantineMs ?? 2000;
    const quarantineMs = Math.min(
      this.opts.maxQuarantineMs ?? 60_000,
      base * 2 ** Math.min(node.failures - 1, 20),
    );
    node.until = Date.now() + quarantineMs;
    if (this.pinned === node) this.pinned = null;
    const next = this.nodes.length > 1 ? this.pick() : null;
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
    const attempts = this.pinned ? 1 : this.nodes.length;
    let last: NodeFault | undefined;
    let lastNode: Node | undefined;
    for (let i = 0; i < attempts; i++) {
      const node = this.pick();
      if (i > 0 && node === lastNode) break; // the only node left is the one that just failed
      lastNode = node;
      const signal = AbortSignal.any([AbortSignal.timeout(this.timeoutMs), this.closed.signal]);
      try {
        const out = await fn(node.url, signal);
        this.succeed(node);
        return out;
      } catch (e) {
        if (this.closed.signal.aborted) throw e;
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
