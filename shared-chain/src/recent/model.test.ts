import {
  addTransaction,
  isStuck,
  mergeLists,
  nextStatus,
  parseStored,
  RECENT_LIMIT,
  replacementGasPrice,
  serialize,
  storageKey,
  STUCK_AFTER_MS,
  TRON_EXPIRATION_MS,
  TRON_EXPIRY_MARGIN_MS,
  EVM_DROPPED_AFTER_MS,
  type RecentTransaction,
} from './model';

const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;
const tx = (n: number, extra: Partial<RecentTransaction> = {}): RecentTransaction => ({
  hash: hash(n),
  kind: 'Swap',
  summary: '1 BNB → min 2 JM',
  time: 1_000 + n,
  status: 'pending',
  ...extra,
});

describe('storage', () => {
  test('keys are per network and account; EVM addresses are case-folded, TRON ones kept', () => {
    expect(storageKey('BSC', '0xAbC')).toBe('jmswap:recent-transactions:BSC:0xabc');
    expect(storageKey('TRON', 'TXyZ')).toBe('jmswap:recent-transactions:TRON:TXyZ');
  });

  test('a stored list reads back newest first', () => {
    const raw = serialize([tx(1), tx(3, { status: 'confirmed' }), tx(2)]);
    expect(parseStored(raw)).toEqual({
      items: [tx(3, { status: 'confirmed' }), tx(2), tx(1)],
      corrupt: false,
    });
  });

  test.each([
    ['not JSON', '{oops'],
    ['another shape', '{"version":1,"items":{}}'],
    ['a future version', JSON.stringify({ version: 2, items: [] })],
    ['an unknown status', JSON.stringify({ version: 1, items: [{ ...tx(1), status: 'lost' }] })],
    ['a bad hash', JSON.stringify({ version: 1, items: [{ ...tx(1), hash: '0x12' }] })],
    ['a float time', JSON.stringify({ version: 1, items: [{ ...tx(1), time: 1.5 }] })],
    [
      'a long summary',
      JSON.stringify({ version: 1, items: [{ ...tx(1), summary: 'x'.repeat(201) }] }),
    ],
    ['null', 'null'],
  ])('corrupt storage (%s) is discarded, never thrown', (_, raw) => {
    expect(parseStored(raw)).toEqual({ items: [], corrupt: true });
  });

  test('nothing stored is an empty list, not corrupt', () => {
    expect(parseStored(null)).toEqual({ items: [], corrupt: false });
  });

  test('TRON ids (64 hex, no 0x) are valid', () => {
    const t = tx(1, { hash: 'ab'.repeat(32) });
    expect(parseStored(serialize([t])).items).toEqual([t]);
  });
});

describe('the list', () => {
  test('keeps the last 20, newest first, one entry per hash', () => {
    let items: RecentTransaction[] = [];
    for (let n = 1; n <= 25; n += 1) items = addTransaction(items, tx(n));
    expect(items).toHaveLength(RECENT_LIMIT);
    expect(items[0]?.hash).toBe(hash(25));
    expect(items[19]?.hash).toBe(hash(6));
    items = addTransaction(items, tx(25, { status: 'confirmed' }));
    expect(items.filter((t) => t.hash === hash(25))).toEqual([tx(25, { status: 'confirmed' })]);
  });
});

describe('two tabs of one browser', () => {
  test('a list merged with another tab’s keeps the transactions of both, newest first', () => {
    expect(mergeLists([tx(1)], [tx(2)]).map((t) => t.hash)).toEqual([hash(2), hash(1)]);
  });

  test('a settled version beats a pending one, whichever tab has it; its details are kept', () => {
    const mine = tx(1, { nonce: 4 });
    const theirs = tx(1, { status: 'confirmed', outcome: 'Received 2 JM' });
    expect(mergeLists([mine], [theirs])).toEqual([
      tx(1, { nonce: 4, status: 'confirmed', outcome: 'Received 2 JM' }),
    ]);
    expect(mergeLists([theirs], [mine])).toEqual([
      tx(1, { nonce: 4, status: 'confirmed', outcome: 'Received 2 JM' }),
    ]);
  });

  test('otherwise the preferred version wins; hashes match whatever their case', () => {
    const upper = tx(1, { hash: hash(1).toUpperCase().replace('0X', '0x'), status: 'dropped' });
    expect(mergeLists([tx(1, { status: 'replaced' })], [upper])).toEqual([
      tx(1, { status: 'replaced' }),
    ]);
  });

  test('the merged list keeps the last 20', () => {
    const mine = Array.from({ length: 15 }, (_, i) => tx(i * 2));
    const theirs = Array.from({ length: 15 }, (_, i) => tx(i * 2 + 1));
    const merged = mergeLists(mine, theirs);
    expect(merged).toHaveLength(RECENT_LIMIT);
    expect(merged[0]?.hash).toBe(hash(29));
  });
});

describe('status transitions', () => {
  const evm = { platform: 'evm' as const, now: 10_000 };
  const tron = { platform: 'tron' as const, now: 10_000 };

  test('mined: confirmed or failed, and final', () => {
    expect(nextStatus(tx(1), { type: 'mined', success: true }, evm)).toEqual({
      status: 'confirmed',
    });
    expect(nextStatus(tx(1), { type: 'mined', success: false }, evm)).toEqual({ status: 'failed' });
    expect(
      nextStatus(tx(1, { status: 'confirmed' }), { type: 'mined', success: false }, evm),
    ).toBeUndefined();
  });

  test('an unreachable node changes nothing', () => {
    expect(nextStatus(tx(1), { type: 'unreachable' }, { ...evm, now: 1e12 })).toBeUndefined();
  });

  test('waiting: the nonce and the expiration are learnt once', () => {
    expect(nextStatus(tx(1), { type: 'waiting', nonce: 7 }, evm)).toEqual({ nonce: 7 });
    expect(nextStatus(tx(1, { nonce: 7 }), { type: 'waiting', nonce: 7 }, evm)).toBeUndefined();
    expect(nextStatus(tx(1), { type: 'waiting', expiresAt: 5 }, tron)).toEqual({ expiresAt: 5 });
  });

  test('EVM: a sibling of this list mined with the nonce: replaced, following it', () => {
    const seen = { type: 'unknown' as const, nonceUsed: true };
    expect(nextStatus(tx(1, { nonce: 3 }), seen, { ...evm, minedSibling: hash(2) })).toEqual({
      status: 'replaced',
      replacedBy: hash(2),
    });
    // the node may still list it for a moment
    expect(
      nextStatus(tx(1), { type: 'waiting', nonce: 3 }, { ...evm, minedSibling: hash(2) }),
    ).toEqual({ nonce: 3, status: 'replaced', replacedBy: hash(2) });
  });

  test('EVM: the nonce used by another transaction: dropped', () => {
    expect(nextStatus(tx(1, { nonce: 3 }), { type: 'unknown', nonceUsed: true }, evm)).toEqual({
      status: 'dropped',
    });
  });

  test('EVM: the nonce used while a sibling of this list is not yet seen mined: no decision yet', () => {
    const seen = { type: 'unknown' as const, nonceUsed: true };
    expect(nextStatus(tx(1, { nonce: 3 }), seen, { ...evm, pendingSibling: true })).toBeUndefined();
  });

  test('EVM: unknown with an unused nonce is dropped only after a long time', () => {
    const t = tx(1);
    const seen = { type: 'unknown' as const, nonceUsed: false };
    expect(nextStatus(t, seen, { ...evm, now: t.time + EVM_DROPPED_AFTER_MS })).toBeUndefined();
    expect(nextStatus(t, seen, { ...evm, now: t.time + EVM_DROPPED_AFTER_MS + 1 })).toEqual({
      status: 'dropped',
    });
  });

  test('TRON: unknown past its expiration and the margin: expired (nothing was sent)', () => {
    const t = tx(1);
    const edge = t.time + TRON_EXPIRATION_MS + TRON_EXPIRY_MARGIN_MS;
    expect(nextStatus(t, { type: 'unknown' }, { ...tron, now: edge })).toBeUndefined();
    expect(nextStatus(t, { type: 'unknown' }, { ...tron, now: edge + 1 })).toEqual({
      status: 'expired',
    });
    // the expiration read from the node wins over the default
    const later = tx(1, { expiresAt: edge + 60_000 });
    expect(nextStatus(later, { type: 'unknown' }, { ...tron, now: edge + 1 })).toBeUndefined();
  });
});

describe('stuck', () => {
  test('offered per network once pending longer than its time, with a known nonce', () => {
    const t = tx(1, { nonce: 0 });
    expect(isStuck(t, 'BSC', t.time + STUCK_AFTER_MS.BSC)).toBe(false);
    expect(isStuck(t, 'BSC', t.time + STUCK_AFTER_MS.BSC + 1)).toBe(true);
    expect(isStuck(t, 'ETH', t.time + STUCK_AFTER_MS.BSC + 1)).toBe(false);
    expect(isStuck(tx(1), 'BSC', 1e12)).toBe(false);
    expect(isStuck({ ...t, status: 'confirmed' }, 'BSC', 1e12)).toBe(false);
    expect(isStuck(t, 'TRON', 1e15)).toBe(false);
  });
});

describe('replacement gas price', () => {
  test('at least +10% of the original (legacy), rounded up', () => {
    expect(replacementGasPrice({ gasPrice: 100n }, 1n)).toBe(111n);
    expect(replacementGasPrice({ gasPrice: 101n }, 1n)).toBe(113n);
  });

  test('EIP-1559 originals: +10% of the highest fee cap', () => {
    expect(replacementGasPrice({ maxFeePerGas: 200n, maxPriorityFeePerGas: 10n }, 1n)).toBe(221n);
  });

  test('never below the current gas price', () => {
    expect(replacementGasPrice({ gasPrice: 100n }, 500n)).toBe(500n);
    expect(replacementGasPrice({}, 7n)).toBe(7n);
  });

  test('property: always >= original * 1.1 and >= current', () => {
    for (let i = 1n; i < 2000n; i += 37n) {
      for (const current of [0n, i, i * 2n]) {
        const p = replacementGasPrice({ gasPrice: i }, current);
        expect(p * 10n).toBeGreaterThanOrEqual(i * 11n);
        expect(p).toBeGreaterThan(i);
        expect(p).toBeGreaterThanOrEqual(current);
      }
    }
  });
});
