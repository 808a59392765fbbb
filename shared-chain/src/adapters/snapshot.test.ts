import { Snapshot, samePools, snapshotReadAt } from './snapshot';

/** A read the test answers by hand: `answer(value)` (undefined: the read failed). */
function manualReads() {
  const pending: Array<(value: string[] | undefined) => void> = [];
  let count = 0;
  const load = () =>
    new Promise<string[] | undefined>((resolve) => {
      count += 1;
      pending.push(resolve);
    });
  return {
    load,
    reads: () => count,
    answer: (value: string[] | undefined) => pending.shift()?.(value),
  };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

function setup() {
  let now = 1_000_000;
  const reads = manualReads();
  const snapshot = new Snapshot(reads.load, { now: () => now, freshMs: 5_000, staleMs: 30_000 });
  return { snapshot, reads, advance: (ms: number) => (now += ms), now: () => now };
}

describe('pool snapshot: served while a newer one is read', () => {
  it('a first read is waited for; within 5 s the same snapshot, with no read', async () => {
    const { snapshot, reads, advance } = setup();
    const first = snapshot.get();
    reads.answer(['v1']);
    const v1 = await first;
    expect(v1).toEqual(['v1']);
    advance(4_999);
    expect(await snapshot.get()).toBe(v1);
    expect(reads.reads()).toBe(1);
  });

  it('older than 5 s: the kept snapshot at once, one read in the background for every caller', async () => {
    const { snapshot, reads, advance } = setup();
    const first = snapshot.get();
    reads.answer(['v1']);
    const v1 = await first;
    advance(5_000);
    // Three keystrokes while the read runs: all served at once, one read.
    expect(await snapshot.get()).toBe(v1);
    expect(await snapshot.get()).toBe(v1);
    expect(await snapshot.get()).toBe(v1);
    expect(reads.reads()).toBe(2);
    reads.answer(['v2']);
    await settle();
    expect(await snapshot.get()).toEqual(['v2']);
    expect(reads.reads()).toBe(2);
  });

  it('a fresh value (the quote SWAP sends) waits for the read when the snapshot is 5 s old', async () => {
    const { snapshot, reads, advance } = setup();
    const first = snapshot.get();
    reads.answer(['v1']);
    const v1 = await first;
    advance(1_000);
    expect(await snapshot.get({ fresh: true })).toBe(v1);
    advance(4_000);
    let fresh: string[] | undefined;
    void snapshot.get({ fresh: true }).then((v) => (fresh = v));
    // A keystroke meanwhile shares the read and is not held by it.
    expect(await snapshot.get()).toBe(v1);
    await settle();
    expect(fresh).toBeUndefined();
    reads.answer(['v2']);
    await settle();
    expect(fresh).toEqual(['v2']);
    expect(reads.reads()).toBe(2);
  });

  it('a failed read keeps the last snapshot; the next caller starts another read', async () => {
    const { snapshot, reads, advance } = setup();
    const first = snapshot.get();
    reads.answer(['v1']);
    const v1 = await first;
    advance(6_000);
    const waiting = snapshot.get({ fresh: true });
    expect(await snapshot.get()).toBe(v1);
    reads.answer(undefined);
    // Whoever waited for the read hears it failed ("Network unreachable"), as before.
    expect(await waiting).toBeUndefined();
    expect(await snapshot.get()).toBe(v1);
    expect(reads.reads()).toBe(3);
  });

  it('older than 30 s the caller waits for the read, as before', async () => {
    const { snapshot, reads, advance } = setup();
    const first = snapshot.get();
    reads.answer(['v1']);
    await first;
    advance(30_000);
    let got: string[] | undefined;
    void snapshot.get().then((v) => (got = v));
    await settle();
    expect(got).toBeUndefined();
    reads.answer(['v2']);
    await settle();
    expect(got).toEqual(['v2']);
  });

  it('after reset() (a sent transaction) nothing read before it is served', async () => {
    const { snapshot, reads, advance } = setup();
    const first = snapshot.get();
    reads.answer(['v1']);
    await first;
    advance(6_000);
    expect(await snapshot.get()).toEqual(['v1']);
    snapshot.reset();
    const after = snapshot.get();
    expect(reads.reads()).toBe(3);
    // The read from before the reset lands late: not kept.
    reads.answer(['before']);
    reads.answer(['after']);
    expect(await after).toEqual(['after']);
    expect(await snapshot.get()).toEqual(['after']);
  });

  it('tells when a snapshot was read (its read started)', async () => {
    const { snapshot, reads, advance, now } = setup();
    const started = now();
    const first = snapshot.get();
    advance(700);
    reads.answer(['v1']);
    expect(snapshotReadAt((await first) as string[])).toBe(started);
    expect(snapshotReadAt([])).toBeUndefined();
  });
});

describe('pool snapshot: a read where nothing changed', () => {
  const pool = (pair: string, reserveA: bigint, reserveB = 500n) => ({
    pair,
    symbolA: 'JM',
    symbolB: 'USDT',
    reserveA,
    reserveB,
  });

  function poolsSetup() {
    let now = 1_000_000;
    const pending: Array<(value: ReturnType<typeof pool>[]) => void> = [];
    const load = () => new Promise<ReturnType<typeof pool>[]>((resolve) => pending.push(resolve));
    const snapshot = new Snapshot(load, {
      now: () => now,
      freshMs: 5_000,
      staleMs: 30_000,
      same: samePools,
    });
    return {
      snapshot,
      answer: (value: ReturnType<typeof pool>[]) => pending.shift()?.(value),
      advance: (ms: number) => (now += ms),
      now: () => now,
    };
  }

  it('keeps the kept pools (what routing made from them serves on), read anew at the new time', async () => {
    const { snapshot, answer, advance, now } = poolsSetup();
    const first = snapshot.get();
    answer([pool('P1', 100n), pool('P2', 7n)]);
    const v1 = await first;
    advance(6_000);
    const readAgain = now();
    const fresh = snapshot.get({ fresh: true });
    answer([pool('P1', 100n), pool('P2', 7n)]);
    expect(await fresh).toBe(v1);
    // The quote SWAP sends is as new as the read that confirmed the reserves.
    expect(snapshotReadAt(v1 as object)).toBe(readAgain);
    advance(4_999);
    expect(await snapshot.get({ fresh: true })).toBe(v1);
  });

  it('a changed reserve, pool or order gives the new read', async () => {
    const { snapshot, answer, advance } = poolsSetup();
    const first = snapshot.get();
    answer([pool('P1', 100n), pool('P2', 7n)]);
    const v1 = await first;
    for (const changed of [
      [pool('P1', 100n), pool('P2', 8n)],
      [pool('P1', 100n), pool('P2', 8n, 501n)],
      [pool('P1', 100n)],
      [pool('P2', 8n, 501n), pool('P1', 100n)],
      [pool('P1', 100n), pool('P3', 8n, 501n)],
    ]) {
      advance(6_000);
      const fresh = snapshot.get({ fresh: true });
      answer(changed);
      const read = await fresh;
      expect(read).not.toBe(v1);
      expect(read).toEqual(changed);
    }
  });

  it('compares symbols too', () => {
    expect(samePools([pool('P1', 1n)], [{ ...pool('P1', 1n), symbolB: 'JMX' }])).toBe(false);
    expect(samePools([pool('P1', 1n)], [pool('P1', 1n)])).toBe(true);
    expect(samePools([], [])).toBe(true);
  });
});
