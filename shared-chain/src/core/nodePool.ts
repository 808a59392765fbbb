/**
 * Node failover (issue 24): the policy the EVM JSON-RPC client and the TRON node client share.
 * Pure apart from the `run` callback it is given: the clock is injected and nothing here sends.
 *
 * - A read goes to the first node, in config order, that is not in quarantine. When that node
 *   fails (the callback throws a NodeFailure: HTTP 429/402/5xx, a timeout, a network error, an
 *   answer that is not JSON-RPC / not the node's API), the node is quarantined and the read goes
 *   to the next one after a short backoff. When every node is in quarantine, one of them (the
 *   one whose quarantine ends first) is asked anyway: a probe, so the network recovers by itself
 *   as soon as any node answers again.
 * - Quarantine: 30 s, doubled on each failure in a row, capped at 5 min. Requests that were
 *   already in flight when a failure was recorded do not double it again (one outage, one step).
 * - Any other error (a revert, a JSON-RPC error, java-tron's Error) is the node's ANSWER: it is
 *   passed on to the caller as it is, the node counts as healthy and no other node is asked.
 * - `retry: false` (a send): one node, one request. A transaction is never sent twice.
 * - status(): "unreachable" when the last request to EVERY node failed (or no node is
 *   configured), else "ok". The UI's "Network unreachable" banner follows it.
 */

export const QUARANTINE_MS = 30_000;
export const MAX_QUARANTINE_MS = 300_000;
/** Pause before the k-th attempt of one request (k >= 1): 100, 200, 400 ... ms, at most 1 s. */
export const BACKOFF_MS = 100;
export const MAX_BACKOFF_MS = 1_000;
/** A read that gets no answer within this long has failed on that node. */
export const READ_TIMEOUT_MS = 10_000;

/** The health of a network's nodes, as the readers' status$ shows it. */
export type NodeStatus = 'ok' | 'unreachable';

export interface NodeState {
  readonly url: string;
  /** Failures in a row; 0 once the node answered (or before it was asked). */
  failures: number;
  /** Clock time until which the node is passed over while another one can be asked. */
  quarantinedUntil: number;
  /** Clock time of the last failure recorded. */
  lastFailureAt: number;
  /** What went wrong last time. */
  lastError?: string;
}

export interface NodePoolOptions {
  now?: () => number;
  quarantineMs?: number;
  maxQuarantineMs?: number;
  /** Called when a failure is recorded (not for requests already in flight at the time). */
  onFailure?: (node: Readonly<NodeState>, quarantineMs: number) => void;
}

/** The node, not the request, failed: ask another node. Anything else thrown is an answer. */
export class NodeFailure extends Error {
  constructor(
    message: string,
    readonly url: string,
  ) {
    super(message);
    this.name = 'NodeFailure';
  }
}

/** "{network} has no node configured": a network whose networks.json entry lists no valid node. */
export class NoNodeError extends Error {
  constructor(message = 'no node configured') {
    super(message);
    this.name = 'NoNodeError';
  }
}

const EMPTY: ReadonlySet<string> = new Set();

/** The pause before attempt `attempt` of one request (0 for the first). */
export function backoffMs(attempt: number): number {
  if (attempt <= 0) return 0;
  return Math.min(BACKOFF_MS * 2 ** (attempt - 1), MAX_BACKOFF_MS);
}

/** Quarantine after `failures` failures in a row (>= 1): base, doubled each time, capped. */
export function quarantineFor(failures: number, base = QUARANTINE_MS, max = MAX_QUARANTINE_MS) {
  return Math.min(base * 2 ** Math.max(0, Math.min(failures, 30) - 1), max);
}

/** The nodes of one network and what is known of their health. */
export class NodePool {
  readonly urls: readonly string[];
  private readonly nodes = new Map<string, NodeState>();
  private readonly listeners = new Set<(status: NodeStatus) => void>();
  private readonly clock: () => number;
  private readonly base: number;
  private readonly max: number;
  private readonly onFailure: NodePoolOptions['onFailure'];
  private current: NodeStatus;

  constructor(urls: readonly string[], options: NodePoolOptions = {}) {
    this.urls = [...new Set(urls)];
    for (const url of this.urls)
      this.nodes.set(url, { url, failures: 0, quarantinedUntil: 0, lastFailureAt: -Infinity });
    this.clock = options.now ?? Date.now;
    this.base = options.quarantineMs ?? QUARANTINE_MS;
    this.max = options.maxQuarantineMs ?? MAX_QUARANTINE_MS;
    this.onFailure = options.onFailure;
    this.current = this.status();
  }

  now(): number {
    return this.clock();
  }

  private node(url: string): NodeState | undefined {
    return this.nodes.get(url);
  }

  isQuarantined(url: string): boolean {
    const node = this.node(url);
    return node !== undefined && node.quarantinedUntil > this.clock();
  }

  /** The node to ask next: the first in config order that is out of quarantine and not `tried`. */
  pick(tried: ReadonlySet<string> = EMPTY): string | undefined {
    return this.urls.find((url) => !tried.has(url) && !this.isQuarantined(url));
  }

  /** The untried node whose quarantine ends first: asked when every other choice is used up. */
  probe(tried: ReadonlySet<string> = EMPTY): string | undefined {
    let best: NodeState | undefined;
    for (const url of this.urls) {
      const node = this.node(url) as NodeState;
      if (tried.has(url)) continue;
      if (best === undefined || node.quarantinedUntil < best.quarantinedUntil) best = node;
    }
    return best?.url;
  }

  /**
   * The node failed a request started at `startedAt` (default: now). Quarantines it for
   * 30 s x 2^(failures in a row - 1), capped. A request started before the last recorded
   * failure belongs to the same outage: it keeps the quarantine as it is.
   */
  markFailed(url: string, options: { startedAt?: number; error?: string } = {}): void {
    const node = this.node(url);
    if (node === undefined) return;
    const now = this.clock();
    const startedAt = options.startedAt ?? now;
    if (options.error !== undefined) node.lastError = options.error;
    if (node.failures > 0 && startedAt < node.lastFailureAt) return;
    node.failures += 1;
    node.lastFailureAt = now;
    const ms = quarantineFor(node.failures, this.base, this.max);
    node.quarantinedUntil = now + ms;
    this.onFailure?.(node, ms);
    this.update();
  }

  /** The node answered: out of quarantine, its failure count back to 0. */
  markHealthy(url: string): void {
    const node = this.node(url);
    if (node === undefined) return;
    node.failures = 0;
    node.quarantinedUntil = 0;
    node.lastError = undefined;
    this.update();
  }

  /** "unreachable" when no node is configured or the last request to every node failed. */
  status(): NodeStatus {
    for (const node of this.nodes.values()) if (node.failures === 0) return 'ok';
    return 'unreachable';
  }

  /** Calls `listener` on each change of status(); returns the unsubscribe. */
  subscribe(listener: (status: NodeStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A copy of every node's state, in config order. */
  snapshot(): NodeState[] {
    return this.urls.map((url) => ({ ...(this.node(url) as NodeState) }));
  }

  private update(): void {
    const next = this.status();
    if (next === this.current) return;
    this.current = next;
    for (const listener of [...this.listeners]) listener(next);
  }
}

export interface FailoverOptions {
  /** False for a send: one node, one request, never repeated elsewhere. Default true. */
  retry?: boolean;
  /** Waits `ms` (tests pass an instant one). */
  sleep?: (ms: number) => Promise<void>;
}

const realSleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms);
  });

/**
 * Runs `run(url)` on the pool's nodes until one answers: the healthy ones in config order, then
 * one probe of a node in quarantine. A NodeFailure moves on to the next node (after backoffMs);
 * anything else `run` throws is the answer and is rethrown at once. When no node answers, the
 * last NodeFailure is thrown (NoNodeError when the pool is empty).
 */
export async function withFailover<T>(
  pool: NodePool,
  run: (url: string) => Promise<T>,
  options: FailoverOptions = {},
): Promise<T> {
  const sleep = options.sleep ?? realSleep;
  const tried = new Set<string>();
  let probed = false;
  let lastFailure: unknown;
  for (let attempt = 0; ; attempt += 1) {
    let url = pool.pick(tried);
    if (url === undefined && !probed) {
      url = pool.probe(tried);
      probed = true;
    }
    if (url === undefined) break;
    tried.add(url);
    if (attempt > 0) await sleep(backoffMs(attempt));
    const startedAt = pool.now();
    try {
      const value = await run(url);
      pool.markHealthy(url);
      return value;
    } catch (error) {
      if (!(error instanceof NodeFailure)) {
        pool.markHealthy(url); // the node answered; the answer is an error
        throw error;
      }
      pool.markFailed(url, { startedAt, error: error.message });
      lastFailure = error;
      if (options.retry === false) break;
    }
  }
  throw lastFailure ?? new NoNodeError();
}

/**
 * Runs `send(signal)` and fails it with a NodeFailure ("timed out") after `ms`, aborting the
 * signal; everything `send` awaits (the body too) is inside the limit.
 */
export async function withTimeout<T>(
  url: string,
  ms: number,
  send: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const failure = new NodeFailure(`no answer within ${ms / 1000} s`, url);
      reject(failure);
      controller.abort(failure);
    }, ms);
  });
  try {
    return await Promise.race([send(controller.signal), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** HTTP statuses that say the node (not the request) is the problem: rate limits, quota, 5xx. */
export function isNodeHttpFailure(status: number): boolean {
  return status === 402 || status === 408 || status === 425 || status === 429 || status >= 500;
}
