/**
 * @jest-environment jest-fixed-jsdom
 */
import type { NetworkConfig } from '../config/types';
import type { ChainWriter, TxResult } from '../adapters/types';
import {
  pendingTransactionOf,
  transactionSubmitted,
  walletAsked,
  withPendingTransaction,
} from '../bus/pending';
import { fakeEvmNetwork } from '../services/testing/networks';
import { MAX_APPROVAL } from '../core/constants';
import { withMinedFailure } from '../core/errors';
import { TRANSFER_TOPIC } from '../core/receipt';
import { landedAt } from '../api/landed';
import { serialize, storageKey, type RecentTransaction } from './model';
import { listOf, pollNow, recordingWriter, resetRecentForTests, resumeAccount } from './store';

const network: NetworkConfig = fakeEvmNetwork({
  id: 'BSC',
  name: 'BNB Smart Chain',
  chainId: 56,
  nodeUrl: 'http://node.test',
  scan: 'https://scan.test/tx/',
});
const ACCOUNT = '0x00000000000000000000000000000000000000A1';
const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;

/** The node: receipts by hash (absent: pending), known transactions, the account's nonce. */
const chain = {
  receipts: new Map<string, string>(),
  known: new Map<string, number>(),
  nonce: 0,
};

beforeEach(() => {
  resetRecentForTests();
  localStorage.clear();
  chain.receipts.clear();
  chain.known.clear();
  chain.nonce = 0;
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  globalThis.fetch = jest.fn(async (_url: unknown, init?: { body?: unknown }) => {
    const body = JSON.parse(String(init?.body)) as
      | { id: number; method: string; params: string[] }
      | { id: number; method: string; params: string[] }[];
    const one = (r: { id: number; method: string; params: string[] }) => {
      const [p] = r.params;
      let result: unknown = null;
      if (r.method === 'eth_getTransactionReceipt')
        result = chain.receipts.has(p as string)
          ? { status: chain.receipts.get(p as string) }
          : null;
      if (r.method === 'eth_getTransactionByHash')
        result = chain.known.has(p as string)
          ? {
              nonce: `0x${(chain.known.get(p as string) as number).toString(16)}`,
              blockNumber: null,
            }
          : null;
      if (r.method === 'eth_getTransactionCount') result = `0x${chain.nonce.toString(16)}`;
      // The node pool's checks: the network's chain, a head.
      if (r.method === 'eth_chainId') result = '0x38';
      if (r.method === 'eth_getBlockByNumber') result = { number: '0x10', timestamp: '0x1' };
      return { jsonrpc: '2.0', id: r.id, result };
    };
    const answer = Array.isArray(body) ? body.map(one) : one(body);
    return new Response(JSON.stringify(answer), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  }) as unknown as typeof fetch;
});

afterEach(() => resetRecentForTests());

/** A writer that reports to the pending bus as the real ones do. */
function fakeWriter(hashes: string[]): ChainWriter {
  const send = async (): Promise<TxResult> => {
    walletAsked(ACCOUNT);
    const txid = hashes.shift() as string;
    transactionSubmitted(txid);
    return { txid };
  };
  return {
    approve: send,
    swap: send,
    addLiquidity: send,
    removeLiquidity: send,
    createPair: send,
  };
}

const wallet = { network, connection: { address: ACCOUNT } };

test('every send of an action is recorded as pending with its kind and amounts, then followed on chain', async () => {
  const w = recordingWriter(fakeWriter([hash(1), hash(2)]), wallet);
  await withPendingTransaction(ACCOUNT, async () => {
    await w.approve('USDT', '0xrouter', MAX_APPROVAL);
    await w.swap({
      kind: 'exactIn',
      path: ['BNB', 'USDT'],
      amount: 10n ** 18n,
      bound: 25n * 10n ** 17n,
      recipient: ACCOUNT,
    });
  });
  const items = listOf(network, ACCOUNT);
  expect(items.map((t) => [t.kind, t.status])).toEqual([
    ['Swap', 'pending'],
    ['Approve', 'pending'],
  ]);
  expect(items.find((t) => t.kind === 'Swap')?.summary).toMatch(/^1 BNB → min 2\.5 USDT$/);
  expect(items.find((t) => t.kind === 'Approve')?.summary).toMatch(/^Unlimited USDT$/);
  // kept in storage
  expect(localStorage.getItem(storageKey('BSC', ACCOUNT))).toContain(hash(2));

  chain.receipts.set(hash(1), '0x1');
  chain.receipts.set(hash(2), '0x0');
  await pollNow();
  expect(listOf(network, ACCOUNT).map((t) => t.status)).toEqual(['failed', 'confirmed']);
  // An approval and a failed swap change no pool: the api's answers kept meanwhile still hold.
  expect(landedAt('BSC')).toBeUndefined();
});

test('a revoke (approve 0) is recorded as Revoke', async () => {
  const w = recordingWriter(fakeWriter([hash(3)]), wallet);
  await withPendingTransaction(ACCOUNT, () => w.approve('USDT', '0xrouter', 0n));
  expect(listOf(network, ACCOUNT)[0]).toMatchObject({
    kind: 'Revoke',
    summary: 'USDT: allowance 0',
  });
});

test('corrupt storage is discarded without a crash', () => {
  localStorage.setItem(storageKey('BSC', ACCOUNT), '{"version":1,"items":[{"hash":1}]}');
  expect(listOf(network, ACCOUNT)).toEqual([]);
  expect(localStorage.getItem(storageKey('BSC', ACCOUNT))).toBeNull();
});

test('after a reload a pending transaction holds the account’s one pending send until the chain settles it', async () => {
  const pending: RecentTransaction = {
    hash: hash(7),
    kind: 'Swap',
    summary: '1 BNB → min 2 JM',
    time: Date.now(),
    status: 'pending',
  };
  localStorage.setItem(storageKey('BSC', ACCOUNT), serialize([pending]));
  chain.known.set(hash(7), 0);
  resumeAccount(network, ACCOUNT);
  expect(pendingTransactionOf(ACCOUNT)).toEqual({ status: 'chain', txid: hash(7) });
  await expect(withPendingTransaction(ACCOUNT, async () => 'twice')).rejects.toThrow();
  await pollNow();
  expect(listOf(network, ACCOUNT)[0]).toMatchObject({ status: 'pending', nonce: 0 });
  expect(pendingTransactionOf(ACCOUNT)).toBeDefined();

  chain.receipts.set(hash(7), '0x1');
  await pollNow();
  await new Promise((r) => setTimeout(r, 0));
  expect(listOf(network, ACCOUNT)[0]?.status).toBe('confirmed');
  expect(pendingTransactionOf(ACCOUNT)).toBeUndefined();
  // Settled after the reload: the charts and pools read past what they kept from before it.
  expect(landedAt('BSC')).toBeGreaterThanOrEqual(pending.time);
});

test('a replacement mined with the nonce: the original shows as replaced by it', async () => {
  const original: RecentTransaction = {
    hash: hash(8),
    kind: 'Swap',
    summary: 's',
    time: Date.now() - 1000,
    status: 'pending',
    nonce: 4,
  };
  const replacement: RecentTransaction = {
    ...original,
    hash: hash(9),
    time: Date.now(),
    replaces: hash(8),
  };
  localStorage.setItem(storageKey('BSC', ACCOUNT), serialize([original, replacement]));
  chain.receipts.set(hash(9), '0x1');
  chain.nonce = 5;
  resumeAccount(network, ACCOUNT);
  await pollNow();
  await new Promise((r) => setTimeout(r, 0));
  const [first, second] = listOf(network, ACCOUNT);
  expect(first).toMatchObject({ hash: hash(9), status: 'confirmed' });
  expect(second).toMatchObject({ hash: hash(8), status: 'replaced', replacedBy: hash(9) });
  expect(pendingTransactionOf(ACCOUNT)).toBeUndefined();
});

test('a cancel mined between the lookups of one poll: the original is replaced by it, never dropped', async () => {
  // The order that showed "dropped" in the e2e: the cancel is looked up while still pending, the
  // block that mines it comes, then the original (already gone from the node) is found with its
  // nonce used.
  const original: RecentTransaction = {
    hash: hash(10),
    kind: 'Swap',
    summary: 's',
    time: Date.now() - 1000,
    status: 'pending',
    nonce: 4,
  };
  const cancel: RecentTransaction = {
    hash: hash(11),
    kind: 'Cancel',
    summary: 'Swap: s',
    time: Date.now(),
    status: 'pending',
    nonce: 4,
    replaces: hash(10),
  };
  localStorage.setItem(storageKey('BSC', ACCOUNT), serialize([original, cancel]));
  chain.known.set(hash(11), 4);
  chain.nonce = 5;
  resumeAccount(network, ACCOUNT);
  await pollNow();
  expect(listOf(network, ACCOUNT).map((t) => t.status)).toEqual(['pending', 'pending']);

  chain.known.delete(hash(11));
  chain.receipts.set(hash(11), '0x1');
  await pollNow();
  await new Promise((r) => setTimeout(r, 0));
  const [first, second] = listOf(network, ACCOUNT);
  expect(first).toMatchObject({ hash: hash(11), status: 'confirmed' });
  expect(second).toMatchObject({ hash: hash(10), status: 'replaced', replacedBy: hash(11) });
});

test('an original said dropped before its replacement was seen mined follows the replacement', async () => {
  const dropped: RecentTransaction = {
    hash: hash(12),
    kind: 'Swap',
    summary: 's',
    time: Date.now() - 1000,
    status: 'dropped',
    nonce: 6,
  };
  const faster: RecentTransaction = {
    ...dropped,
    hash: hash(13),
    time: Date.now(),
    status: 'pending',
    replaces: hash(12),
  };
  localStorage.setItem(storageKey('BSC', ACCOUNT), serialize([dropped, faster]));
  chain.receipts.set(hash(13), '0x1');
  chain.nonce = 7;
  resumeAccount(network, ACCOUNT);
  await pollNow();
  await new Promise((r) => setTimeout(r, 0));
  expect(listOf(network, ACCOUNT).find((t) => t.hash === hash(12))).toMatchObject({
    status: 'replaced',
    replacedBy: hash(13),
  });
});

test('a send settled here says at once what it came to: what arrived, or why it failed and its fee', async () => {
  const usdt = network.tokens.USDT!.address;
  const word = (n: bigint) => `0x${n.toString(16).padStart(64, '0')}`;
  const topic = (a: string) => `0x${a.slice(2).toLowerCase().padStart(64, '0')}`;
  const writer: ChainWriter = {
    ...fakeWriter([]),
    swap: async (_order, hooks) => {
      walletAsked(ACCOUNT);
      transactionSubmitted(hash(7));
      hooks?.onSent?.(hash(7));
      return {
        txid: hash(7),
        fee: 10n ** 15n,
        logs: [
          {
            address: usdt,
            topics: [`0x${TRANSFER_TOPIC}`, topic('0x' + 'bb'.repeat(20)), topic(ACCOUNT)],
            data: word(2_512_345n * 10n ** BigInt(network.tokens.USDT!.decimals - 6)),
          },
        ],
      };
    },
    addLiquidity: async (_order, hooks) => {
      walletAsked(ACCOUNT);
      transactionSubmitted(hash(8));
      hooks?.onSent?.(hash(8));
      throw withMinedFailure(new Error('Transaction failed'), {
        txid: hash(8),
        fee: 21n * 10n ** 14n,
        text: 'Adding this liquidity failed on chain: its deadline has passed. Try again.',
      });
    },
  };
  const w = recordingWriter(writer, wallet);
  const heard: string[] = [];
  await withPendingTransaction(ACCOUNT, () =>
    w.swap(
      { kind: 'exactIn', path: ['BNB', 'USDT'], amount: 10n ** 18n, bound: 1n, recipient: ACCOUNT },
      { onSent: (txid) => heard.push(txid) },
    ),
  );
  expect(heard).toEqual([hash(7)]); // the caller still hears the id
  expect(listOf(network, ACCOUNT)[0]).toMatchObject({
    hash: hash(7),
    status: 'confirmed',
    outcome: 'Received 2.512345 USDT',
  });

  await withPendingTransaction(ACCOUNT, () =>
    w.addLiquidity({
      symbolA: 'BNB',
      symbolB: 'USDT',
      amountA: 1n,
      amountB: 1n,
      minA: 0n,
      minB: 0n,
      recipient: ACCOUNT,
    }),
  ).catch(() => undefined);
  expect(listOf(network, ACCOUNT)[0]).toMatchObject({
    hash: hash(8),
    status: 'failed',
    outcome:
      'Adding this liquidity failed on chain: its deadline has passed. Try again. Network fee: 0.0021 BNB',
  });
});

describe('two tabs of one browser', () => {
  const otherTab = (items: RecentTransaction[]) => {
    const key = storageKey('BSC', ACCOUNT);
    const value = serialize(items);
    localStorage.setItem(key, value);
    window.dispatchEvent(new StorageEvent('storage', { key, newValue: value }));
  };
  const swapOf = (n: number, extra: Partial<RecentTransaction> = {}): RecentTransaction => ({
    hash: hash(n),
    kind: 'Swap',
    summary: `${n} BNB → min 2 JM`,
    time: Date.now() - 1000 + n,
    status: 'pending',
    ...extra,
  });

  test('a send recorded here keeps the one another tab recorded since this page read the list', async () => {
    expect(listOf(network, ACCOUNT)).toEqual([]);
    // the other tab's record, written without this page hearing of it (no event yet)
    localStorage.setItem(storageKey('BSC', ACCOUNT), serialize([swapOf(20)]));
    const w = recordingWriter(fakeWriter([hash(21)]), wallet);
    await withPendingTransaction(ACCOUNT, () => w.approve('USDT', '0xrouter', MAX_APPROVAL));
    const stored = localStorage.getItem(storageKey('BSC', ACCOUNT)) as string;
    expect(stored).toContain(hash(20));
    expect(stored).toContain(hash(21));
    expect(listOf(network, ACCOUNT).map((t) => t.hash)).toEqual([hash(21), hash(20)]);
  });

  test('another tab’s send shows here at once and is followed here too; its settling shows here', async () => {
    expect(listOf(network, ACCOUNT)).toEqual([]);
    otherTab([swapOf(22)]);
    expect(listOf(network, ACCOUNT).map((t) => [t.hash, t.status])).toEqual([
      [hash(22), 'pending'],
    ]);
    chain.receipts.set(hash(22), '0x1');
    await pollNow();
    expect(listOf(network, ACCOUNT)[0]?.status).toBe('confirmed');

    otherTab([swapOf(23), swapOf(22)]); // the other tab has not looked yet: still pending there
    expect(listOf(network, ACCOUNT).map((t) => [t.hash, t.status])).toEqual([
      [hash(23), 'pending'],
      [hash(22), 'confirmed'],
    ]);
    otherTab([swapOf(23, { status: 'failed', outcome: 'Failed on chain' }), swapOf(22)]);
    expect(listOf(network, ACCOUNT)[0]).toMatchObject({
      status: 'failed',
      outcome: 'Failed on chain',
    });
  });

  test('a list another tab removed or spoiled leaves this page’s list as it was', () => {
    otherTab([swapOf(24)]);
    const key = storageKey('BSC', ACCOUNT);
    window.dispatchEvent(new StorageEvent('storage', { key, newValue: null }));
    window.dispatchEvent(new StorageEvent('storage', { key, newValue: '{oops' }));
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(listOf(network, ACCOUNT).map((t) => t.hash)).toEqual([hash(24)]);
  });
});
