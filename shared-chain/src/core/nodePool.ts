/**
 * Node failover: the policy the EVM JSON-RPC client and the TRON node client share.
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
 *   configured), else "ok". The swap box checks its pools again on each change.
 * - With `checks` (every network's pool, adapters/nodes.ts): before a node's first answer is
 *   used, the node is asked which chain it is on and where its head is (the client's `ask`,
 *   one light request). A node of another chain is set aside until the page is reloaded
 *   (onWrongChain); a node whose head trails the best head seen from the list by more than
 *   `maxLagBlocks` (heads seen at different moments are compared allowing for the blocks made
 *   in between, by the clock) is passed over like a failing one and asked again before its
 *   next use. The heads are compared again every `everyMs` while the pool is in use.
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
  /** With checks: whether the node proved its chain (and head) since it was last set aside. */
  checked?: boolean;
  /** The chain id a node of another chain gave: set aside until the page is reloaded. */
  wrongChain?: number;
  /** The node's last head, and when it was seen (clock time). */
  head?: NodeHead & { seenAt: number };
}

/** A node's latest block: its number and its timestamp (ms). */
export interface NodeHead {
  number: number;
  timestampMs: number;
}

/** What a node says of itself: the chain it is on and its latest block. */
export interface NodeFacts {
  chainId: number;
  head: NodeHead;
}

/** Asks one node its facts (one light request); throws a NodeFailure when it cannot tell. */
export type AskNode = (url: string) => Promise<NodeFacts>;

/** Which chain the pool's nodes must be on, and how far behind a node may be. */
export interface NodeChecks {
  chainId: number;
  /** Blocks a node may trail the best head seen from the list. */
  maxLagBlocks: number;
  /** The chain's block time: heads seen at different moments are compared allowing for it. */
  blockTimeMs: number;
  /** How often the heads are compared again while the pool is in use (default: half the lag). */
  everyMs?: number;
  /** How long a node's first use waits for the other nodes' heads (default 1 s). */
  compareWaitMs?: number;
  onWrongChain?: (node: Readonly<NodeState>, found: number) => void;
  onLagging?: (node: Readonly<NodeState>, behind: number) => void;
}

export interface NodePoolOptions {
  now?: () => number;
  quarantineMs?: number;
  maxQuarantineMs?: number;
  /** Called when a failure is recorded (not for requests already in flight at the time). */
  onFailure?: (node: Readonly<NodeState>, quarantineMs: number) => void;
  /** Check each node's chain and head before using its answers (see the module's comment). */
  checks?: NodeChecks;
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

// eslint-disable-next-line lingui/no-unlocalized-strings -- a NodeFailure's diagnostic
const lagError = (behind: number) => `its head is ${behind} blocks behind the best node's`;

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
  readonly checks: NodeChecks | undefined;
  private readonly asking = new Map<string, Promise<void>>();
  private lastRound = -Infinity;
  private current: NodeStatus;

  constructor(urls: readonly string[], options: NodePoolOptions = {}) {
    this.urls = [...new Set(urls)];
    for (const url of this.urls)
      this.nodes.set(url, { url, failures: 0, quarantinedUntil: 0, lastFailureAt: -Infinity });
    this.clock = options.now ?? Date.now;
    this.base = options.quarantineMs ?? QUARANTINE_MS;
    this.max = options.maxQuarantineMs ?? MAX_QUARANTINE_MS;
    this.onFailure = options.onFailure;
    this.checks = options.checks;
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

  /**
   * For a client bound to one node: the first that proved its chain and is out of quarantine,
   * else pick()'s, else the one probe() would ask (never a node of another chain).
   */
  pickChecked(): string | undefined {
    const checked = this.urls.find((url) => this.node(url)?.checked && !this.isQuarantined(url));
    return checked ?? this.pick() ?? this.probe();
  }

  /** The untried node whose quarantine ends first: asked when every other choice is used up. */
  probe(tried: ReadonlySet<string> = EMPTY): string | undefined {
    let best: NodeState | undefined;
    for (const url of this.urls) {
      const node = this.node(url) as NodeState;
      if (tried.has(url) || node.wrongChain !== undefined) continue;
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
    if (node === undefined || node.wrongChain !== undefined) return;
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
    if (node === undefined || node.wrongChain !== undefined) return;
    node.failures = 0;
    node.quarantinedUntil = 0;
    node.lastError = undefined;
    this.update();
  }

  /** Whether `url` has yet to prove its chain and head (a node of another chain never will). */
  unproven(url: string): boolean {
    const node = this.node(url);
    return this.checks !== undefined && node !== undefined && !node.checked && !node.wrongChain;
  }

  /**
   * Before `url`'s answers are used (checks only): the node must have proved its chain, and
   * its head must not trail the best head seen. Asks it (and every other unchecked node, so
   * their heads can be compared) when needed; throws a NodeFailure saying why the node is not
   * to be used. Starts a new comparison of the heads every `everyMs`.
   */
  async ready(url: string, ask: AskNode): Promise<void> {
    const checks = this.checks;
    const node = this.node(url);
    if (checks === undefined || node === undefined) return;
    if (node.wrongChain !== undefined) throw new NodeFailure(node.lastError ?? '', url);
    if (!node.checked) {
      const others = this.urls
        .filter((u) => u !== url && !this.node(u)?.checked && !this.isQuarantined(u))
        .map((u) => this.check(u, ask).catch(() => undefined));
      await this.check(url, ask);
      const wait = checks.compareWaitMs ?? 1_000;
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        Promise.all(others),
        new Promise((resolve) => (timer = setTimeout(resolve, wait))),
      ]);
      clearTimeout(timer);
    } else if (this.clock() - this.lastRound >= this.roundMs()) {
      void this.round(ask);
    }
    if (node.wrongChain !== undefined) throw new NodeFailure(node.lastError ?? '', url);
    const behind = this.behindBy(url);
    if (behind > checks.maxLagBlocks) {
      node.checked = false; // asked again before its next use
      checks.onLagging?.(node, behind);
      throw new NodeFailure(lagError(behind), url);
    }
  }

  private roundMs(): number {
    const c = this.checks as NodeChecks;
    return c.everyMs ?? Math.max(5_000, (c.maxLagBlocks * c.blockTimeMs) / 2);
  }

  /** Asks `url` its chain and head (one request at a time per node). */
  private check(url: string, ask: AskNode): Promise<void> {
    let asking = this.asking.get(url);
    if (asking === undefined) {
      if (this.lastRound === -Infinity) this.lastRound = this.clock();
      asking = this.learn(url, ask).finally(() => this.asking.delete(url));
      this.asking.set(url, asking);
    }
    return asking;
  }

  private async learn(url: string, ask: AskNode): Promise<void> {
    const node = this.node(url) as NodeState;
    const checks = this.checks as NodeChecks;
    let facts: NodeFacts;
    try {
      facts = await ask(url);
    } catch (error) {
      if (error instanceof NodeFailure) throw error;
      const text = error instanceof Error ? error.message : String(error);
      throw new NodeFailure(`could not tell its chain (${text})`, url);
    }
    if (facts.chainId !== checks.chainId) {
      node.wrongChain = facts.chainId;
      node.checked = false;
      node.failures = Math.max(node.failures, 1);
      node.quarantinedUntil = Infinity;
      // eslint-disable-next-line lingui/no-unlocalized-strings -- a NodeFailure's diagnostic
      node.lastError = `is on chain ${facts.chainId}, not ${checks.chainId}`;
      checks.onWrongChain?.(node, facts.chainId);
      this.update();
      throw new NodeFailure(node.lastError, url);
    }
    node.head = { ...facts.head, seenAt: this.clock() };
    node.checked = true;
  }

  /** Asks every checked node out of quarantine its head again, then sets aside the laggards. */
  async round(ask: AskNode): Promise<void> {
    this.lastRound = this.clock();
    const urls = this.urls.filter((u) => this.node(u)?.checked && !this.isQuarantined(u));
    await Promise.all(
      urls.map(async (url) => {
        const startedAt = this.clock();
        try {
          await this.check(url, ask);
        } catch (error) {
          if (error instanceof NodeFailure)
            this.markFailed(url, { startedAt, error: error.message });
        }
      }),
    );
    const checks = this.checks as NodeChecks;
    for (const url of urls) {
      const node = this.node(url) as NodeState;
      const behind = this.behindBy(url);
      if (!node.checked || behind <= checks.maxLagBlocks) continue;
      node.checked = false;
      checks.onLagging?.(node, behind);
      this.markFailed(url, { error: lagError(behind) });
    }
  }

  /**
   * How many blocks `url`'s head trails the best head seen from the list (recently: a head
   * seen more than 4 comparison rounds ago is no evidence), allowing for the blocks the chain
   * made between the two sightings (by the clock and the block time). By number or by block
   * time, whichever says more.
   */
  behindBy(url: string): number {
    const checks = this.checks;
    const head = this.node(url)?.head;
    if (checks === undefined || head === undefined) return 0;
    const memory = 4 * this.roundMs();
    const now = this.clock();
    let behind = 0;
    for (const other of this.nodes.values()) {
      const best = other.head;
      if (best === undefined || other.wrongChain !== undefined || now - best.seenAt > memory)
        continue;
      const madeSince = Math.max(0, best.seenAt - head.seenAt) / checks.blockTimeMs;
      const byNumber = best.number - head.number - madeSince;
      const byTime = (best.timestampMs - head.timestampMs) / checks.blockTimeMs - madeSince;
      behind = Math.max(behind, Math.floor(Math.max(byNumber, byTime)));
    }
    return behind;
  }

  /**
   * The chain's time now, in ms, as the latest head seen from a node of the right chain says it:
   * that block's timestamp carried forward by the clock since the sighting. Undefined before
   * any head was seen (or without checks). Only differences of this page's clock are used, so
   * a device clock set minutes wrong does not move it.
   */
  chainTimeMs(): number | undefined {
    const now = this.clock();
    let latest: number | undefined;
    for (const node of this.nodes.values()) {
      if (node.head === undefined || node.wrongChain !== undefined) continue;
      const time = node.head.timestampMs + (now - node.head.seenAt);
      if (latest === undefined || time > latest) latest = time;
    }
    return latest;
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
  /** How this client asks a node its chain and head (pools with checks need it). */
  ask?: AskNode;
  /**
   * `run` only reads: a node not yet checked is asked its chain and head and `run` at once, and
   * the answer is used only when the check passes. Saves the first read of a page one round trip
   * to the node. A `run` that keeps anything of what it read (beyond its return value) keeps it
   * only once its second argument, the check, has resolved.
   */
  readOnly?: boolean;
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
 * last NodeFailure is thrown (NoNodeError when the pool is empty). `checked` settles with the
 * node's check (see FailoverOptions.readOnly).
 */
export async function withFailover<T>(
  pool: NodePool,
  run: (url: string, checked: Promise<void>) => Promise<T>,
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
      const value = await checkedRun(pool, url, run, options);
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

/** `run(url)` once the node passed its checks; a read-only run is sent beside the check. */
async function checkedRun<T>(
  pool: NodePool,
  url: string,
  run: (url: string, checked: Promise<void>) => Promise<T>,
  { ask, readOnly }: FailoverOptions,
): Promise<T> {
  if (ask === undefined) return run(url, Promise.resolve());
  if (!readOnly || !pool.unproven(url)) {
    await pool.ready(url, ask);
    return run(url, Promise.resolve());
  }
  const checked = pool.ready(url, ask);
  const [check, answer] = await Promise.allSettled([checked, run(url, checked)]);
  // A node that fails its check is the failure, whatever it answered.
  if (check.status === 'rejected') throw check.reason;
  if (answer.status === 'rejected') throw answer.reason;
  return answer.value;
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
