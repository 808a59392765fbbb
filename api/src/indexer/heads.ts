/**
 * How an indexer learns of new blocks while it follows the head, at about one node request per
 * block, none between blocks:
 *
 * - By subscription where the network lists a `ws://` / `wss://` node (EVM `newHeads`): the node
 *   pushes each header. A socket that drops (or stays silent for ten block times while a poll
 *   finds newer blocks) hands over to polling at once, and is opened again with backoff.
 * - Else by polling the newest header at the chain's block time: the next poll is due one block
 *   time after the last new block was first seen, then every quarter of a block time while it is
 *   late (four times), then every block time. The block time is networks.json's `blockTimeMs`,
 *   adjusted by the median of the last intervals measured (within a quarter and twice of it).
 *
 * It keeps the last headers it saw, linked by parent hash, so the indexer can read exactly the
 * logs of those blocks (see Indexer: following the head) and tell a replaced block without asking.
 * A gap between two polls of a few blocks is filled by one batch of headers.
 */
import type { LineLogger } from '../log';
import { silentLogger } from '../log';
import type { BlockRef, ChainSource } from './source';

/** Intervals kept for the median. */
const INTERVALS = 15;
/** An interval is measured over this many blocks (timestamps are whole seconds on EVM). */
const SPAN = 8;
/** Polls of the last this-many blocks are what the phase is learnt from. */
const PHASE_BLOCKS = 32;
/**
 * From this block time on, block timestamps (whole seconds on EVM) place a block on the local
 * clock; below it (BSC's 0.75 s) the next poll follows the last block's arrival.
 */
const PHASE_FROM_MS = 1000;
/** A gap up to this many blocks is filled by reading the headers; a wider one starts anew. */
const MAX_GAP_FILL = 64;

export interface Subscription {
  close(): void;
}

export interface HeadFollowerOptions {
  network: string;
  source: Pick<ChainSource, 'latest' | 'headers'>;
  /** networks.json's block time, ms. */
  blockTimeMs: number;
  /** Headers kept below the newest (at least the network's confirmations and some). */
  keep?: number;
  /**
   * Opens a subscription to new heads (null: none configured). Called again after a drop, with
   * backoff; `onClose` ends it.
   */
  subscribe?: (
    onHead: (head: BlockRef) => void,
    onClose: (why: string) => void,
  ) => Promise<Subscription> | null;
  logger?: LineLogger;
  /** Test seam: the clock (ms). */
  now?: () => number;
}

export class HeadFollower {
  private chain: BlockRef[] = [];
  /** When the newest header was first seen (local clock). */
  private seenAt = 0;
  /** When the head was last known to be current (a poll, or a live subscription). */
  private confirmedAt = 0;
  /** When the node was last asked (null: never). */
  private lastPollAt: number | null = null;
  private misses = 0;
  private readonly intervals: number[] = [];
  /**
   * The phase: when a block appears here, as (local time − its timestamp). A poll that found
   * block n bounds it from above (answered at t: x ≤ t − ts(n)); one that had not found it yet,
   * from below (asked at t: x > t − ts(n)).
   */
  private above: Array<{ n: number; x: number }> = [];
  private below: Array<{ n: number; x: number }> = [];
  /** When the polls that found no new block were sent (their block's timestamp is unknown). */
  private missedAt: number[] = [];
  private subscription: Subscription | null = null;
  private subscribing = false;
  private reconnectMs = 1000;
  private reconnectTimer?: NodeJS.Timeout;
  private running = false;
  private waiters = new Set<() => void>();
  private readonly logger: LineLogger;
  private readonly now: () => number;

  constructor(private readonly opts: HeadFollowerOptions) {
    this.logger = opts.logger ?? silentLogger;
    this.now = opts.now ?? Date.now;
  }

  /** The newest header known (null before the first). */
  get latest(): BlockRef | null {
    return this.chain.at(-1) ?? null;
  }

  /** 'subscription' while a socket pushes heads, else 'polling'. */
  get mode(): 'subscription' | 'polling' {
    return this.subscription ? 'subscription' : 'polling';
  }

  /** The block time polls follow: the measured median within bounds of the configured one. */
  get blockTimeMs(): number {
    const configured = this.opts.blockTimeMs;
    if (this.intervals.length < 3) return configured;
    const sorted = [...this.intervals].sort((a, b) => a - b);
    const median = sorted[sorted.length >> 1]!;
    return Math.round(Math.min(configured * 2, Math.max(configured / 4, median)));
  }

  /** How long ago the newest header was known to be the chain's head, ms (Infinity: never). */
  get ageMs(): number {
    if (!this.chain.length) return Infinity;
    return this.subscription ? 0 : this.now() - this.confirmedAt;
  }

  /** The kept header at height `n`, if any. */
  header(n: number): BlockRef | undefined {
    const first = this.chain[0];
    return first ? this.chain[n - first.number] : undefined;
  }

  /** The kept headers from..to, in order, or null when any is not kept. */
  headers(from: number, to: number): BlockRef[] | null {
    const first = this.chain[0];
    if (!first || from < first.number || to > first.number + this.chain.length - 1) return null;
    return this.chain.slice(from - first.number, to - first.number + 1);
  }

  /** Starts the subscription (when the network has one); polling needs nothing started. */
  start(): void {
    if (this.running) return;
    this.running = true;
    void this.connect();
  }

  /** Closes the subscription and wakes whoever waits. */
  stop(): void {
    this.running = false;
    clearTimeout(this.reconnectTimer);
    this.subscription?.close();
    this.subscription = null;
    this.wakeAll();
  }

  private async connect(): Promise<void> {
    if (!this.running || this.subscription || this.subscribing || !this.opts.subscribe) return;
    this.subscribing = true;
    try {
      let sub: Subscription | null = null;
      const opened = this.opts.subscribe(
        (head) => this.observe(head, true),
        (why) => {
          if (this.subscription !== sub) return;
          this.subscription = null;
          this.logger.warn(
            { network: this.opts.network, why },
            'new heads: the subscription dropped; polling until it is back',
          );
          this.wakeAll();
          this.reconnectLater();
        },
      );
      if (!opened) return;
      sub = await opened;
      if (!this.running) return sub.close();
      this.subscription = sub;
      this.reconnectMs = 1000;
      this.confirmedAt = this.now();
      this.logger.info({ network: this.opts.network }, 'new heads: following by subscription');
      // Woken: a waiter polling for the next head waits for the socket instead.
      this.wakeAll();
    } catch (e) {
      this.logger.warn(
        { network: this.opts.network, err: (e as Error).message, retryMs: this.reconnectMs },
        'new heads: no subscription; polling',
      );
      this.reconnectLater();
    } finally {
      this.subscribing = false;
    }
  }

  private reconnectLater(): void {
    if (!this.running) return;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => void this.connect(), this.reconnectMs);
    this.reconnectMs = Math.min(this.reconnectMs * 2, 60_000);
  }

  /** A header from the socket or a poll: kept when it extends or replaces the kept chain. */
  private observe(head: BlockRef, pushed: boolean): void {
    const now = this.now();
    const last = this.latest;
    if (pushed) this.confirmedAt = now;
    if (last && head.number === last.number && head.hash === last.hash) return;
    // An older block than the newest (a lagging node behind a load balancer): ignored when it is
    // the one kept at that height.
    if (last && head.number <= last.number && this.header(head.number)?.hash === head.hash) return;
    const ref =
      this.header(head.number - SPAN) ?? (last && last.number < head.number ? last : null);
    if (ref && head.time > ref.time)
      this.measure(((head.time - ref.time) * 1000) / (head.number - ref.number));
    const below = this.header(head.number - 1);
    if (below && below.hash === head.parentHash) {
      this.chain.length = head.number - this.chain[0]!.number;
      this.chain.push(head);
    } else this.chain = [head];
    const keep = Math.max(this.opts.keep ?? 64, 8);
    if (this.chain.length > keep) this.chain.splice(0, this.chain.length - keep);
    this.seenAt = now;
    this.misses = 0;
    this.wakeAll();
  }

  private measure(ms: number): void {
    this.intervals.push(ms);
    if (this.intervals.length > INTERVALS) this.intervals.shift();
  }

  /**
   * When the next poll is due (local clock). After a new block: when the next one should appear,
   * from the phase learnt (see `above`): at the upper bound once the bounds are within a quarter
   * block (then the block is there, at most a quarter block old), a quarter block before it while
   * they are not (a poll too early bounds the phase from below); without a phase, one block time
   * after the last block was seen. Late: every quarter block time, four times, then every one.
   */
  private nextPollAt(): number {
    const b = this.blockTimeMs;
    if (this.lastPollAt === null) return -Infinity;
    if (this.misses > 0) return this.lastPollAt + (this.misses <= 4 ? b / 4 : b);
    const upper = Math.min(...this.above.map((o) => o.x));
    const lower = Math.max(...this.below.map((o) => o.x));
    const latest = this.latest;
    if (b < PHASE_FROM_MS || !latest || !Number.isFinite(upper))
      return Math.max(this.seenAt, this.lastPollAt) + b;
    const next = latest.time * 1000 + b;
    return next + (upper - lower <= b / 4 ? upper : upper - b / 4);
  }

  /** What a poll said about the phase: block `head` there at `answered`, or not at `asked`. */
  private learnPhase(head: BlockRef, asked: number, answered: number, isNew: boolean): void {
    if (!isNew) return void this.missedAt.push(asked);
    const ts = head.time * 1000;
    const x = answered - ts;
    const missed = this.missedAt.splice(0).map((t) => t - ts);
    // The phase moved (a miss above a found block, or the other way): start learning again.
    if (missed.some((m) => m >= x) || this.below.some((o) => o.x >= x)) this.below = [];
    if (missed.some((m) => this.above.some((o) => m >= o.x))) this.above = [];
    this.above.push({ n: head.number, x });
    for (const m of missed) if (m < x) this.below.push({ n: head.number, x: m });
    const oldest = head.number - PHASE_BLOCKS;
    this.above = this.above.filter((o) => o.n > oldest);
    this.below = this.below.filter((o) => o.n > oldest);
  }

  /** Asks the node for its newest header; a short gap is filled by one batch of headers. */
  async poll(): Promise<BlockRef> {
    // The answer is the head as of some moment after it was asked: as of the asking, at best.
    const asked = this.now();
    const head = await this.opts.source.latest!();
    this.lastPollAt = this.now();
    this.confirmedAt = asked;
    const last = this.latest;
    if (last && head.number <= last.number && this.header(head.number)?.hash === head.hash) {
      this.misses++;
      this.learnPhase(head, asked, this.lastPollAt, false);
      return this.latest!;
    }
    // One block on from the last (a poll that skipped blocks says nothing of when they came).
    if (last && head.number === last.number + 1)
      this.learnPhase(head, asked, this.lastPollAt, true);
    else this.missedAt = [];
    const gap = last ? head.number - last.number - 1 : 0;
    if (last && gap > 0 && gap <= MAX_GAP_FILL) {
      const missing = await this.opts.source.headers(last.number + 1, head.number - 1);
      for (const b of missing) if (b) this.observe(b, false);
    }
    this.observe(head, false);
    return head;
  }

  /**
   * The newest header, polled when a poll is due (or none is known); with a live subscription
   * what it last pushed.
   */
  async current(): Promise<BlockRef> {
    if (this.latest && (this.subscription || this.now() < this.nextPollAt())) return this.latest;
    return this.poll();
  }

  /**
   * Resolves once a head above `after` is known, or `stopped()` says to stop (stop() wakes it).
   * Polls on the schedule above, or waits for the subscription (polling once every ten block
   * times, and at least every 30 s, in case it went silent without closing). A failed poll
   * throws (the indexer retries as after any failed step).
   */
  async next(after: number, stopped: () => boolean): Promise<void> {
    while (!stopped() && (this.latest?.number ?? -1) <= after) {
      if (this.subscription) {
        const watchdog = Math.max(10 * this.blockTimeMs, 30_000);
        if ((await this.waitForHead(watchdog)) || stopped() || !this.subscription) continue;
        const before = this.latest?.number ?? -1;
        const head = await this.poll();
        if (head.number > before && this.subscription) {
          this.logger.warn(
            { network: this.opts.network },
            'new heads: the subscription went silent while blocks came; opening it again',
          );
          this.subscription.close();
          this.subscription = null;
          this.reconnectLater();
        }
        continue;
      }
      const wait = this.nextPollAt() - this.now();
      if (wait > 0 && (await this.waitForHead(wait))) continue;
      if (stopped() || this.subscription) continue;
      await this.poll();
    }
  }

  /** Waits up to `ms` for a new head, a change of mode or stop(): true when woken so. */
  private waitForHead(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        this.waiters.delete(wake);
        resolve(false);
      }, ms);
      this.waiters.add(wake);
    });
  }

  private wakeAll(): void {
    const waiters = [...this.waiters];
    this.waiters.clear();
    for (const w of waiters) w();
  }
}
