import {
  backoffMs,
  isNodeHttpFailure,
  MAX_QUARANTINE_MS,
  NodeFailure,
  NodePool,
  NoNodeError,
  QUARANTINE_MS,
  quarantineFor,
  withFailover,
  withTimeout,
  type NodeStatus,
} from './nodePool';

const A = 'https://a.node';
const B = 'https://b.node';
const C = 'https://c.node';

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

const instant = async () => undefined;

describe('NodePool', () => {
  it('asks the nodes in config order, passing over a node in quarantine', () => {
    const time = clock();
    const pool = new NodePool([A, B, C], { now: time.now });
    expect(pool.pick()).toBe(A);
    pool.markFailed(A);
    expect(pool.isQuarantined(A)).toBe(true);
    expect(pool.pick()).toBe(B);
    expect(pool.pick(new Set([B]))).toBe(C);
    // The quarantine ends: the first node is preferred again.
    time.advance(QUARANTINE_MS);
    expect(pool.pick()).toBe(A);
  });

  it('quarantines 30 s, doubled on each failure in a row, capped at 5 min', () => {
    expect([1, 2, 3, 4, 5, 6, 40].map((n) => quarantineFor(n))).toEqual([
      30_000,
      60_000,
      120_000,
      240_000,
      MAX_QUARANTINE_MS,
      MAX_QUARANTINE_MS,
      MAX_QUARANTINE_MS,
    ]);
    const time = clock();
    const seen: number[] = [];
    const pool = new NodePool([A], { now: time.now, onFailure: (_, ms) => seen.push(ms) });
    for (let i = 0; i < 3; i += 1) {
      time.advance(1);
      pool.markFailed(A, { error: 'HTTP 429' });
    }
    expect(seen).toEqual([30_000, 60_000, 120_000]);
    expect(pool.snapshot()[0]).toMatchObject({ failures: 3, lastError: 'HTTP 429' });
    // An answer ends it all.
    pool.markHealthy(A);
    expect(pool.snapshot()[0]).toMatchObject({ failures: 0, quarantinedUntil: 0 });
    time.advance(1);
    pool.markFailed(A);
    expect(seen.at(-1)).toBe(30_000);
  });

  it('counts one outage once: requests already in flight do not double the quarantine', () => {
    const time = clock();
    const seen: number[] = [];
    const pool = new NodePool([A], { now: time.now, onFailure: (_, ms) => seen.push(ms) });
    const started = time.now();
    time.advance(100);
    pool.markFailed(A, { startedAt: started });
    time.advance(100);
    // Three more requests sent before the failure was known fail too.
    for (let i = 0; i < 3; i += 1) pool.markFailed(A, { startedAt: started, error: 'late' });
    expect(seen).toEqual([30_000]);
    expect(pool.snapshot()[0]).toMatchObject({ failures: 1, lastError: 'late' });
  });

  it('probes the node whose quarantine ends first when every node is in quarantine', () => {
    const time = clock();
    const pool = new NodePool([A, B], { now: time.now });
    pool.markFailed(A);
    time.advance(1);
    pool.markFailed(B);
    expect(pool.pick()).toBeUndefined();
    expect(pool.probe()).toBe(A);
    expect(pool.probe(new Set([A]))).toBe(B);
    expect(pool.probe(new Set([A, B]))).toBeUndefined();
    // A failed probe sends that node to the back.
    time.advance(1);
    pool.markFailed(A);
    expect(pool.probe()).toBe(B);
  });

  it('is unreachable only when every node failed its last request, and says so on each change', () => {
    const time = clock();
    const pool = new NodePool([A, B], { now: time.now });
    const changes: NodeStatus[] = [];
    const stop = pool.subscribe((s) => changes.push(s));
    expect(pool.status()).toBe('ok');
    pool.markFailed(A);
    expect(pool.status()).toBe('ok');
    pool.markFailed(B);
    expect(pool.status()).toBe('unreachable');
    time.advance(1);
    pool.markFailed(B);
    pool.markHealthy(B);
    expect(pool.status()).toBe('ok');
    stop();
    pool.markFailed(B);
    expect(changes).toEqual(['unreachable', 'ok']);
  });

  it('has no node when none is configured, and ignores urls it does not know', () => {
    const pool = new NodePool([]);
    expect(pool.status()).toBe('unreachable');
    expect(pool.pick()).toBeUndefined();
    expect(pool.probe()).toBeUndefined();
    pool.markFailed(A);
    pool.markHealthy(A);
    expect(pool.isQuarantined(A)).toBe(false);
    expect(new NodePool([A, A, B]).urls).toEqual([A, B]);
  });
});

describe('withFailover', () => {
  it('moves on after a NodeFailure, with a growing backoff, and returns the first answer', async () => {
    const time = clock();
    const pool = new NodePool([A, B, C], { now: time.now });
    const waits: number[] = [];
    const asked: string[] = [];
    const value = await withFailover(
      pool,
      async (url) => {
        asked.push(url);
        if (url !== C) throw new NodeFailure('HTTP 503', url);
        return 'answer';
      },
      { sleep: async (ms) => void waits.push(ms) },
    );
    expect(value).toBe('answer');
    expect(asked).toEqual([A, B, C]);
    expect(waits).toEqual([backoffMs(1), backoffMs(2)]);
    expect(pool.isQuarantined(A) && pool.isQuarantined(B)).toBe(true);
    expect(pool.snapshot()[0]?.lastError).toBe('HTTP 503');
    // The next request goes straight to the node that answered.
    asked.length = 0;
    await withFailover(pool, async (url) => void asked.push(url), { sleep: instant });
    expect(asked).toEqual([C]);
  });

  it('passes any other error on at once: the node answered (a revert is not a reason to switch)', async () => {
    const pool = new NodePool([A, B]);
    const asked: string[] = [];
    const revert = new Error('execution reverted');
    await expect(
      withFailover(pool, async (url) => {
        asked.push(url);
        throw revert;
      }),
    ).rejects.toBe(revert);
    expect(asked).toEqual([A]);
    expect(pool.status()).toBe('ok');
    expect(pool.isQuarantined(A)).toBe(false);
  });

  it('throws the last failure when no node answers, after one probe of a node in quarantine', async () => {
    const time = clock();
    const pool = new NodePool([A, B], { now: time.now });
    const asked: string[] = [];
    const failing = async (url: string): Promise<never> => {
      asked.push(url);
      throw new NodeFailure(`down ${url}`, url);
    };
    await expect(withFailover(pool, failing, { sleep: instant })).rejects.toThrow(`down ${B}`);
    expect(asked).toEqual([A, B]);
    expect(pool.status()).toBe('unreachable');
    // Both in quarantine: one probe per request (the node out of quarantine first), not all.
    asked.length = 0;
    time.advance(1000);
    await expect(withFailover(pool, failing, { sleep: instant })).rejects.toThrow(`down ${A}`);
    expect(asked).toEqual([A]);
    // A node that answers a probe ends the outage by itself.
    const value = await withFailover(pool, async (url) => url, { sleep: instant });
    expect(value).toBe(B);
    expect(pool.status()).toBe('ok');
  });

  it('tries a node in quarantine as the last resort when the healthy ones fail', async () => {
    const time = clock();
    const pool = new NodePool([A, B], { now: time.now });
    pool.markFailed(A);
    time.advance(10);
    const asked: string[] = [];
    const value = await withFailover(
      pool,
      async (url) => {
        asked.push(url);
        if (url === B) throw new NodeFailure('HTTP 500', url);
        return url;
      },
      { sleep: instant },
    );
    expect(asked).toEqual([B, A]);
    expect(value).toBe(A);
  });

  it('never repeats a send (retry: false): one node, one request', async () => {
    const pool = new NodePool([A, B]);
    const asked: string[] = [];
    await expect(
      withFailover(
        pool,
        async (url) => {
          asked.push(url);
          throw new NodeFailure('connection reset', url);
        },
        { retry: false },
      ),
    ).rejects.toThrow('connection reset');
    expect(asked).toEqual([A]);
    // ... but the node that failed it is passed over next time.
    expect(pool.pick()).toBe(B);
  });

  it('says "no node configured" for an empty pool', async () => {
    await expect(withFailover(new NodePool([]), async () => 1)).rejects.toBeInstanceOf(NoNodeError);
  });

  it('waits for real when given no sleep', async () => {
    const pool = new NodePool([A, B]);
    const started = Date.now();
    await withFailover(pool, async (url) => {
      if (url === A) throw new NodeFailure('HTTP 429', url);
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(backoffMs(1) - 5);
  });
});

describe('helpers', () => {
  it('backs off 0, 100, 200, 400 ms ... at most 1 s', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map(backoffMs)).toEqual([0, 100, 200, 400, 800, 1000, 1000]);
  });

  it('takes 429, 402, 408, 425 and 5xx as node failures, other statuses as the request', () => {
    expect([429, 402, 408, 425, 500, 502, 503, 504].every(isNodeHttpFailure)).toBe(true);
    expect([200, 400, 401, 403, 404, 413].some(isNodeHttpFailure)).toBe(false);
  });

  it('withTimeout fails a request that hangs with a NodeFailure and aborts it', async () => {
    let aborted = false;
    const hang = (signal: AbortSignal) =>
      new Promise<never>(() => {
        signal.addEventListener('abort', () => (aborted = true));
      });
    const failure = await withTimeout(A, 20, hang).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(NodeFailure);
    expect(failure).toMatchObject({ url: A, message: 'no answer within 0.02 s' });
    expect(aborted).toBe(true);
    await expect(withTimeout(A, 1000, async () => 'fast')).resolves.toBe('fast');
  });
});

describe('NodePool checks: which chain, how fresh', () => {
  const checks = { chainId: 56, maxLagBlocks: 10, blockTimeMs: 3_000, compareWaitMs: 50 };
  /** Nodes by url: the chain each says it is on and its head; what each was asked. */
  function nodes(facts: Record<string, { chainId?: number; head?: number }>) {
    const asked: string[] = [];
    const ask = async (url: string) => {
      asked.push(url);
      const f = facts[url] ?? {};
      const number = f.head ?? 1000;
      return { chainId: f.chainId ?? 56, head: { number, timestampMs: number * 3_000 } };
    };
    return { asked, ask };
  }

  it('asks a node its chain before its first answer is used, once', async () => {
    const { asked, ask } = nodes({});
    const pool = new NodePool([A, B], { checks });
    const used: string[] = [];
    for (let i = 0; i < 3; i += 1)
      await withFailover(pool, async (url) => used.push(url), { ask, sleep: instant });
    expect(used).toEqual([A, A, A]);
    // Both asked at the first use (their heads are compared), then not again until a round.
    expect(asked.sort()).toEqual([A, B]);
  });

  it('sets a node of another chain aside for the page: never used, never probed, reported once', async () => {
    const time = clock();
    const wrong: [string, number][] = [];
    const { asked, ask } = nodes({ [A]: { chainId: 137 } });
    const pool = new NodePool([A, B], {
      now: time.now,
      checks: { ...checks, onWrongChain: (node, found) => wrong.push([node.url, found]) },
    });
    const used: string[] = [];
    await withFailover(pool, async (url) => used.push(url), { ask, sleep: instant });
    expect(used).toEqual([B]);
    expect(wrong).toEqual([[A, 137]]);
    expect(pool.snapshot()[0]).toMatchObject({
      wrongChain: 137,
      lastError: 'is on chain 137, not 56',
    });
    // Long after any quarantine, and with the other node failing: A is still not asked.
    time.advance(MAX_QUARANTINE_MS * 10);
    const failing = withFailover(
      pool,
      async (url) => {
        throw new NodeFailure('HTTP 500', url);
      },
      { ask, sleep: instant },
    );
    await expect(failing).rejects.toThrow('HTTP 500');
    expect(pool.probe()).toBe(B);
    expect(pool.pickChecked()).toBe(B);
    expect(asked.filter((u) => u === A)).toHaveLength(1);
    expect(pool.status()).toBe('unreachable');
  });

  it('with no node of the right chain: unreachable, and the read fails saying why', async () => {
    const { ask } = nodes({ [A]: { chainId: 137 }, [B]: { chainId: 1 } });
    const pool = new NodePool([A, B], { checks });
    const statuses: NodeStatus[] = [];
    pool.subscribe((s) => statuses.push(s));
    await expect(withFailover(pool, async () => 'never', { ask, sleep: instant })).rejects.toThrow(
      /is on chain (137|1), not 56/,
    );
    expect(statuses).toEqual(['unreachable']);
  });

  it('passes over a node more than maxLagBlocks behind the best head, and asks it again before its next use', async () => {
    const time = clock();
    const lagging: [string, number][] = [];
    const facts: Record<string, { head: number }> = { [A]: { head: 980 }, [B]: { head: 1000 } };
    const { asked, ask } = nodes(facts);
    const pool = new NodePool([A, B], {
      now: time.now,
      checks: { ...checks, onLagging: (node, behind) => lagging.push([node.url, behind]) },
    });
    const used: string[] = [];
    await withFailover(pool, async (url) => used.push(url), { ask, sleep: instant });
    expect(used).toEqual([B]);
    expect(lagging).toEqual([[A, 20]]);
    expect(pool.isQuarantined(A)).toBe(true);
    // A catches up; once out of quarantine it is asked its head again, then used.
    facts[A] = { head: 1005 };
    facts[B] = { head: 1005 };
    time.advance(QUARANTINE_MS);
    asked.length = 0;
    await withFailover(pool, async (url) => used.push(url), { ask, sleep: instant });
    expect(used).toEqual([B, A]);
    expect(asked).toContain(A);
  });

  it('a few blocks behind is fine; heads seen at different moments allow for the blocks made in between', () => {
    const time = clock();
    const pool = new NodePool([A, B], { now: time.now, checks });
    const nodeA = pool.snapshot()[0];
    expect(nodeA?.head).toBeUndefined();
    // A seen at 1000, B seen 60 s later at 1025: 20 blocks were made meanwhile, so A is 5 behind.
    const internals = pool as unknown as {
      nodes: Map<string, { head?: unknown; checked?: boolean }>;
    };
    internals.nodes.get(A)!.head = { number: 1000, timestampMs: 3_000_000, seenAt: time.now() };
    time.advance(60_000);
    internals.nodes.get(B)!.head = { number: 1025, timestampMs: 3_075_000, seenAt: time.now() };
    expect(pool.behindBy(A)).toBe(5);
    expect(pool.behindBy(B)).toBe(0);
  });

  it('compares the heads again while in use: a node that falls behind is set aside', async () => {
    const time = clock();
    const facts: Record<string, { head: number }> = { [A]: { head: 1000 }, [B]: { head: 1000 } };
    const { ask } = nodes(facts);
    const pool = new NodePool([A, B], { now: time.now, checks: { ...checks, everyMs: 15_000 } });
    const used: string[] = [];
    await withFailover(pool, async (url) => used.push(url), { ask, sleep: instant });
    facts[A] = { head: 1001 }; // A stopped following the chain
    facts[B] = { head: 1030 };
    time.advance(15_000);
    await pool.round(ask);
    expect(pool.isQuarantined(A)).toBe(true);
    await withFailover(pool, async (url) => used.push(url), { ask, sleep: instant });
    expect(used).toEqual([A, B]);
  });

  it('sends a read beside the first check, and uses its answer only once the node proved its chain', async () => {
    const events: string[] = [];
    let proved: () => void = () => undefined;
    const ask = async (url: string) => {
      events.push(`ask ${url}`);
      await new Promise<void>((resolve) => (proved = resolve));
      events.push(`proved ${url}`);
      return { chainId: 56, head: { number: 1000, timestampMs: 3_000_000 } };
    };
    const pool = new NodePool([A], { checks });
    const read = withFailover(
      pool,
      async (url) => {
        events.push(`read ${url}`);
        return 'reserves of A';
      },
      { ask, sleep: instant, readOnly: true },
    );
    let answered = false;
    void read.then(() => (answered = true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(events).toEqual([`ask ${A}`, `read ${A}`]);
    expect(answered).toBe(false);
    proved();
    await expect(read).resolves.toBe('reserves of A');
    // Once proved, the next read waits for nothing.
    await withFailover(pool, async () => 'again', { ask, sleep: instant, readOnly: true });
    expect(events).toEqual([`ask ${A}`, `read ${A}`, `proved ${A}`]);
  });

  it('never uses a read-only answer of a node of another chain: the next node answers', async () => {
    const wrong: [string, number][] = [];
    const { ask } = nodes({ [A]: { chainId: 137 } });
    const pool = new NodePool([A, B], {
      checks: { ...checks, onWrongChain: (node, found) => wrong.push([node.url, found]) },
    });
    const read = () =>
      withFailover(pool, async (url) => `price from ${url}`, {
        ask,
        sleep: instant,
        readOnly: true,
      });
    await expect(read()).resolves.toBe(`price from ${B}`);
    expect(wrong).toEqual([[A, 137]]);
    await expect(read()).resolves.toBe(`price from ${B}`);
  });

  it('never sends a send beside the check: a send goes out only to a node that proved its chain', async () => {
    const { ask } = nodes({ [A]: { chainId: 137 } });
    const pool = new NodePool([A, B], { checks });
    const sentTo: string[] = [];
    const send = () =>
      withFailover(pool, async (url) => sentTo.push(url), { ask, sleep: instant, retry: false });
    await expect(send()).rejects.toThrow('is on chain 137, not 56');
    expect(sentTo).toEqual([]);
    await send();
    expect(sentTo).toEqual([B]);
  });

  it("tells the chain's time from the latest head, whatever the page's clock says", async () => {
    // The page's clock is 10 minutes behind the chain's: node A's head is at 1 000 000 s, B's
    // a block older; C, of another chain, says a later time that is not this chain's.
    const time = clock(1_000_000_000 - 600_000);
    const stamps: Record<string, number> = { [A]: 1_000_000_000, [B]: 999_997_000, [C]: 2e12 };
    const ask = async (url: string) => ({
      chainId: url === C ? 137 : 56,
      head: { number: 5, timestampMs: stamps[url]! },
    });
    const pool = new NodePool([A, B, C], { now: time.now, checks });
    expect(pool.chainTimeMs()).toBeUndefined();
    await withFailover(pool, async () => 'read', { ask, sleep: instant });
    expect(pool.chainTimeMs()).toBe(1_000_000_000);
    // 30 s later by the page's clock, no head asked since: 30 s later on the chain too.
    time.advance(30_000);
    expect(pool.chainTimeMs()).toBe(1_000_030_000);
  });
});
