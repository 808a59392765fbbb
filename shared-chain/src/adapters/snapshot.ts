/**
 * A value the readers read from the chain as a whole (the pools' reserves), kept between reads
 *. Younger than `freshMs` it is served as is. Older, one read starts in the
 * background and the kept value is served meanwhile while it is younger than `staleMs`
 * (stale-while-revalidate), so an estimate per keystroke never waits for a read of a thousand
 * pools; older than that, or when asked for a fresh value (the quote SWAP sends), the caller
 * waits for the read as before. A failed read keeps the last value (the reader's `read` has
 * logged it) and yields undefined to whoever waited for it.
 */

/**
 * How old a pools snapshot may be served while the next one is read: a pause in typing. The swap
 * box reads again every 15 s while it is shown, so its snapshot is rarely older than this; a
 * snapshot left longer (a hidden tab) is waited for again.
 */
export const PAIR_STALE_MS = 30_000;

export interface SnapshotOptions<T> {
  now: () => number;
  freshMs: number;
  staleMs: number;
  /**
   * Whether a new read holds the same values as the kept one. Then the kept value stays (with
   * the new read's time): what was made from it (routing's graph and searched routes, kept per
   * pools array) serves on instead of being made again for an unchanged snapshot.
   */
  same?: (kept: T, read: T) => boolean;
}

/** A pool as the readers give it: its pair address and configured symbols, with its reserves. */
interface PairPool {
  pair: string;
  symbolA: string;
  symbolB: string;
  reserveA: bigint;
  reserveB: bigint;
}

/** The same pools in the same order with the same reserves (a read where nothing traded). */
export function samePools(kept: readonly PairPool[], read: readonly PairPool[]): boolean {
  if (kept.length !== read.length) return false;
  for (let i = 0; i < kept.length; i += 1) {
    const a = kept[i] as PairPool;
    const b = read[i] as PairPool;
    if (
      a.reserveA !== b.reserveA ||
      a.reserveB !== b.reserveB ||
      a.pair !== b.pair ||
      a.symbolA !== b.symbolA ||
      a.symbolB !== b.symbolB
    )
      return false;
  }
  return true;
}

interface Kept<T> {
  /** When the read that gave it started: its values are at least that old. */
  readAt: number;
  value: T;
}

/** When the reserves snapshot `value` was read (ms, the reader's clock). */
const readTimes = new WeakMap<object, number>();

export function snapshotReadAt(value: object): number | undefined {
  return readTimes.get(value);
}

/** `derived` (the snapshot with more pools) is as old as the snapshot it was made from. */
export function sameReadAt(derived: object, from: object): void {
  const at = readTimes.get(from);
  if (at !== undefined) readTimes.set(derived, at);
}

export class Snapshot<T extends object> {
  private kept: Kept<T> | undefined;
  private reading: Promise<T | undefined> | undefined;
  /** Bumped by reset(): a read started before it is not kept (it may predate a transaction). */
  private generation = 0;

  constructor(
    private readonly load: () => Promise<T | undefined>,
    private readonly options: SnapshotOptions<T>,
  ) {}

  /** The value; `fresh`: one read less than `freshMs` ago, waiting for a new read if need be. */
  get({ fresh = false }: { fresh?: boolean } = {}): Promise<T | undefined> {
    const { now, freshMs, staleMs } = this.options;
    const kept = this.kept;
    const age = kept === undefined ? Infinity : now() - kept.readAt;
    if (kept !== undefined && age < freshMs) return Promise.resolve(kept.value);
    const reading = this.refresh();
    if (!fresh && kept !== undefined && age < staleMs) return Promise.resolve(kept.value);
    return reading;
  }

  /** One read at a time: a caller during a read gets that read. */
  private refresh(): Promise<T | undefined> {
    if (this.reading !== undefined) return this.reading;
    const generation = this.generation;
    const readAt = this.options.now();
    const reading = this.load()
      .then((read) => {
        if (read === undefined || generation !== this.generation) return read;
        const kept = this.kept?.value;
        const value = kept !== undefined && this.options.same?.(kept, read) === true ? kept : read;
        this.kept = { readAt, value };
        readTimes.set(value, readAt);
        return value;
      })
      .finally(() => {
        if (generation === this.generation) this.reading = undefined;
      });
    this.reading = reading;
    return reading;
  }

  /** Forget the value and any read under way (after a transaction, on a network change). */
  reset(): void {
    this.kept = undefined;
    this.reading = undefined;
    this.generation += 1;
  }
}
