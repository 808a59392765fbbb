import { encodeArgs, selector } from '../../abi';
import { BALANCE_CACHE_MS } from '../../core/constants';
import { fakeEvmNetwork } from '../../services/testing/networks';
import { forgetNodePools } from '../nodes';
import { EvmReader } from './reader';

const LISTING = selector('getAllPairsBalances(uint256,uint256)');
const PAGE = [
  'address[]',
  'address[]',
  'address[]',
  'string[]',
  'string[]',
  'uint256[]',
  'uint256[]',
];

afterEach(() => {
  jest.restoreAllMocks();
  forgetNodePools();
});

/**
 * The swap-info listing of a network with no pairs, answered when the test lets it (`answer()`),
 * or with a node error (`failing`): the reader's own request path over a stubbed JSON-RPC client.
 */
function stubbedNode(reader: EvmReader) {
  const gates: Array<() => void> = [];
  const state = { failing: false, listings: 0 };
  jest.spyOn(reader.rpc, 'send').mockImplementation(async (method, params) => {
    const data = (params?.[0] as { data?: string } | undefined)?.data ?? '';
    if (method !== 'eth_call' || !data.startsWith(LISTING)) throw new Error(`unexpected ${method}`);
    state.listings += 1;
    await new Promise<void>((resolve) => gates.push(resolve));
    if (state.failing) throw new Error('node down');
    return encodeArgs(PAGE, [[], [], [], [], [], [], []]) as never;
  });
  /** Answers the listing reads once they are asked, and lets what they feed finish. */
  const answer = async () => {
    await turns(() => gates.length > 0);
    expect(gates.length).toBeGreaterThan(0);
    while (gates.length > 0) gates.shift()!();
    await turns();
  };
  return { state, answer, asked: () => gates.length };
}

/**
 * Lets the pending promise callbacks run, turn after turn of the event loop, until `done` holds
 * (at most `max` turns). The stubbed node answers without timers, so this waits for what it
 * started, not for time to pass.
 */
async function turns(done: () => boolean = () => false, max = 50): Promise<void> {
  for (let i = 0; i < max && !done(); i++) await new Promise((r) => setImmediate(r));
}

test('pools older than 5 s are served while one read runs; a fresh request and a failed read as on TRON', async () => {
  let now = 1_000_000;
  const reader = new EvmReader(fakeEvmNetwork(), () => now);
  const { state, answer, asked } = stubbedNode(reader);
  const first = reader.pairReserves();
  await answer();
  const v1 = await first;
  expect(v1).toEqual([]);
  const pages = state.listings;
  expect(await reader.pairReserves()).toBe(v1);
  expect(state.listings).toBe(pages);

  now += BALANCE_CACHE_MS;
  expect(await reader.pairReserves()).toBe(v1);
  expect(await reader.pairReserves()).toBe(v1);
  const fresh = reader.pairReserves({ fresh: true });
  let answered = false;
  void fresh.then(() => (answered = true));
  // The fresh request waits for the new read, which the node has not answered.
  await turns(() => asked() > 0);
  expect(answered).toBe(false);
  await answer();
  const v2 = await fresh;
  expect(answered).toBe(true);
  // Nothing traded: the kept pools stay (and what routing made from them).
  expect(v2).toBe(v1);
  expect(state.listings).toBe(2 * pages);

  now += BALANCE_CACHE_MS;
  state.failing = true;
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const waited = reader.pairReserves({ fresh: true });
  expect(await reader.pairReserves()).toBe(v2);
  await answer();
  expect(await waited).toBeUndefined();
  expect(error).toHaveBeenCalledWith(expect.stringContaining('pair reserves failed: node down'));
  expect(await reader.pairReserves()).toBe(v2);
});

test('a listed token whose symbol is not UTF-8 hides no pool: the page still reads', async () => {
  const usdt = `0x${'6'.padStart(40, '0')}`;
  const spam = `0x${'7'.padStart(40, '0')}`;
  const pair = `0x${'a'.repeat(40)}`;
  const network = fakeEvmNetwork();
  network.tokens.SPAM = { ...network.tokens.USDT!, symbol: 'SPAM', name: 'Spam', address: spam };
  network.tokens.USDT = { ...network.tokens.USDT!, address: usdt };
  network.pools = [{ symbolA: 'USDT', symbolB: 'SPAM', address: pair }];
  const reader = new EvmReader(network);
  // The symbols' ABI encoding is the same for bytes and string: 0xff is no UTF-8 text.
  const page = [
    'address[]',
    'address[]',
    'address[]',
    'bytes[]',
    'bytes[]',
    'uint256[]',
    'uint256[]',
  ];
  jest.spyOn(reader.rpc, 'send').mockImplementation(async (method, params) => {
    const data = (params?.[0] as { data?: string } | undefined)?.data ?? '';
    if (method !== 'eth_call' || !data.startsWith(LISTING)) throw new Error(`unexpected ${method}`);
    return encodeArgs(page, [
      [pair],
      [usdt],
      [spam],
      ['0x555344'],
      ['0xff'],
      [1000n],
      [2000n],
    ]) as never;
  });
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const pools = await reader.pairReserves();
  expect(error).not.toHaveBeenCalled();
  expect(pools).toHaveLength(1);
  const [pool] = pools!;
  const reserves = { [pool!.symbolA]: pool!.reserveA, [pool!.symbolB]: pool!.reserveB };
  expect(reserves).toEqual({ USDT: 1000n, SPAM: 2000n });
});
