// The head follower's schedule and its kept headers, with a chain made by hand and a clock of
// the test's own (the node calls against a real anvil are counted in following.test.ts).
import { HeadFollower } from './heads';
import type { BlockRef } from './source';

/** Block n of a chain whose blocks are `fork`-named, every `secs` seconds. */
const block = (n: number, fork = 'a', secs = 3): BlockRef => ({
  number: n,
  hash: `0x${fork}${n}`,
  parentHash: n === 0 ? '0x' : `0x${fork}${n - 1}`,
  time: 1_000_000 + n * secs,
});

function follower(blockTimeMs = 3000) {
  const clock = { now: 0 };
  const chain = { head: block(10) };
  const asked = { latest: 0, headers: [] as Array<[number, number]> };
  const heads = new HeadFollower({
    network: 'TRON',
    blockTimeMs,
    now: () => clock.now,
    source: {
      latest: async () => {
        asked.latest++;
        return chain.head;
      },
      headers: async (from, to) => {
        asked.headers.push([from, to]);
        const out: BlockRef[] = [];
        for (let n = from; n <= to; n++) out.push(block(n));
        return out;
      },
    },
  });
  return { heads, clock, chain, asked };
}

describe('polling at the block time', () => {
  it('asks again one block time after a new block, then every quarter while it is late', async () => {
    const { heads, clock, chain, asked } = follower(3000);
    expect((await heads.current()).number).toBe(10);
    expect(asked.latest).toBe(1);
    clock.now = 2999;
    await heads.current();
    expect(asked.latest).toBe(1); // not due
    clock.now = 3000;
    await heads.current(); // due; no new block: late
    expect(asked.latest).toBe(2);
    clock.now = 3700;
    await heads.current();
    expect(asked.latest).toBe(2);
    clock.now = 3750; // a quarter after the miss
    chain.head = block(11);
    expect((await heads.current()).number).toBe(11);
    expect(asked.latest).toBe(3);
    // Seen at 3 750: the next is due at 6 750.
    clock.now = 6749;
    await heads.current();
    expect(asked.latest).toBe(3);
  });

  it('late for four quarters, it asks once a block time', async () => {
    const { heads, clock, asked } = follower(1000);
    await heads.current();
    for (const t of [1000, 1250, 1500, 1750, 2000]) {
      clock.now = t;
      await heads.current();
    }
    expect(asked.latest).toBe(6);
    clock.now = 2999;
    await heads.current();
    expect(asked.latest).toBe(6);
    clock.now = 3000;
    await heads.current();
    expect(asked.latest).toBe(7);
  });

  it('the block time is the median of the intervals measured, within a quarter and twice the configured one', async () => {
    const { heads, clock, chain } = follower(3000);
    const observe = async (n: number, secs: number) => {
      chain.head = { ...block(n, 'a', secs) };
      clock.now += 100_000;
      await heads.current();
    };
    await observe(1, 1);
    expect(heads.blockTimeMs).toBe(3000);
    for (let n = 2; n <= 5; n++) await observe(n, 1);
    expect(heads.blockTimeMs).toBe(1000);
    const slow = follower(1000);
    for (let n = 1; n <= 5; n++) {
      slow.chain.head = block(n, 'a', 60);
      slow.clock.now += 100_000;
      await slow.heads.current();
    }
    expect(slow.heads.blockTimeMs).toBe(2000);
  });
});

describe('the phase of a chain with regular blocks', () => {
  it('is learnt from the timestamps: then each block is asked for once, within a quarter block of its appearance', async () => {
    // Blocks every 3 s of chain time, each appearing here 1.4 s after its timestamp.
    const B = 3000;
    const appears = (n: number) => block(n).time * 1000 + 1400;
    const clock = { now: appears(10) + 2200 }; // first seen late: 2.2 s after block 10 came
    let polls = 0;
    const heads = new HeadFollower({
      network: 'TRON',
      blockTimeMs: B,
      now: () => clock.now,
      source: {
        latest: async () => {
          polls++;
          let n = 10;
          while (appears(n + 1) <= clock.now) n++;
          return block(n);
        },
        headers: async () => [],
      },
    });
    const found: Array<{ n: number; late: number; polls: number }> = [];
    let last = -1;
    for (; clock.now < appears(40); clock.now += 10) {
      const head = await heads.current();
      if (head.number === last) continue;
      found.push({ n: head.number, late: clock.now - appears(head.number), polls });
      last = head.number;
    }
    const steady = found.filter((f) => f.n >= 15);
    expect(steady.length).toBeGreaterThan(20);
    for (const f of steady) expect(f.late).toBeLessThanOrEqual(B / 4);
    // Once learnt, one poll per block.
    expect(steady.at(-1)!.polls - steady[0]!.polls).toBe(steady.length - 1);
  });
});

describe('the kept headers', () => {
  it('a gap of a few blocks is filled by one read of their headers, linked', async () => {
    const { heads, clock, chain, asked } = follower();
    await heads.current();
    chain.head = block(14);
    clock.now = 10_000;
    await heads.current();
    expect(asked.headers).toEqual([[11, 13]]);
    expect(heads.headers(10, 14)!.map((b) => b.number)).toEqual([10, 11, 12, 13, 14]);
    expect(heads.headers(9, 14)).toBeNull();
  });

  it('a replaced block drops the ones above it; an older head of a lagging node changes nothing', async () => {
    const { heads, clock, chain } = follower();
    await heads.current();
    for (let n = 11; n <= 13; n++) {
      chain.head = block(n);
      clock.now += 10_000;
      await heads.current();
    }
    chain.head = block(11);
    clock.now += 10_000;
    await heads.current();
    expect(heads.latest!.number).toBe(13);
    // Block 12 replaced: the new 12 follows the kept 11.
    chain.head = { ...block(12, 'b'), parentHash: block(11).hash };
    clock.now += 10_000;
    await heads.current();
    expect(heads.latest!.hash).toBe('0xb12');
    expect(heads.header(13)).toBeUndefined();
    expect(heads.header(11)!.hash).toBe('0xa11');
  });
});
