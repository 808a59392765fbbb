import { MAX_APPROVAL } from '../core/constants';
import { fakeEvmNetwork } from './testing/networks';
import type { AllowanceChain } from './allowancesChain';
import { toBase58 } from '../adapters/tron/address';
import { approveNeedsReset, listAllowances, mapWithLimit } from './allowances';

const OWNER = '0x00000000000000000000000000000000000000f1';
const network = fakeEvmNetwork();
const { ROUTER_ADDRESS, LIQUIDITY_ROUTER } = network.exchange;
const USDT = network.tokens.USDT!.address;
const LISTED = '0x2222222222222222222222222222222222222222';

/** A chain whose allowances are `book` (token:spender -> amount); unknown ones are 0. */
function fakeChain(book: Record<string, bigint>, down = false): AllowanceChain & { reads: number } {
  const chain = {
    reads: 0,
    async allowance(token: string, _owner: string, spender: string) {
      chain.reads += 1;
      if (down) throw new Error('node unreachable');
      return book[`${token}:${spender}`] ?? 0n;
    },
    async tokenInfo(token: string) {
      if (token === LISTED) return { symbol: 'LST', decimals: 6 };
      throw new Error('not a token');
    },
    async totalSupply(token: string) {
      if (token === LISTED) throw new Error('node unreachable');
      return 10n ** 30n;
    },
    approveAccepted: async () => true,
    revokeFee: async () => 21_000n,
  };
  return chain;
}

it('lists the non-zero allowances of configured tokens to both routers, named, in token units', async () => {
  const chain = fakeChain({
    [`${USDT}:${ROUTER_ADDRESS}`]: MAX_APPROVAL,
    [`${USDT}:${LIQUIDITY_ROUTER}`]: 25n * 10n ** 17n,
  });
  const { rows, unread } = await listAllowances(network, OWNER, { chain, hints: async () => [] });
  expect(unread).toBe(0);
  expect(chain.reads).toBe(2); // USDT to each router; the base coin needs no approval
  expect(rows.map((r) => [r.symbol, r.spender.name, r.text])).toEqual([
    ['USDT', 'Swap router', 'Unlimited'],
    ['USDT', 'Liquidity router', '2.5'],
  ]);
});

it('an allowance above the whole supply is "Unlimited"; one the supply of cannot be read shows its amount', async () => {
  const PERMIT2_MAX = 2n ** 160n - 1n; // above the fake supply of 10^30
  const chain = fakeChain({
    [`${USDT}:${ROUTER_ADDRESS}`]: PERMIT2_MAX,
    [`${USDT}:${LIQUIDITY_ROUTER}`]: 10n ** 30n,
    [`${LISTED}:${ROUTER_ADDRESS}`]: PERMIT2_MAX,
  });
  const hints = async () => [{ token: LISTED, spender: ROUTER_ADDRESS, blockNumber: 7 }];
  const { rows } = await listAllowances(network, OWNER, { chain, hints });
  expect(rows.map((r) => [r.symbol, r.spender.name, r.text])).toEqual([
    ['USDT', 'Swap router', 'Unlimited'],
    ['USDT', 'Liquidity router', `1${'0'.repeat(30 - network.tokens.USDT!.decimals)}`],
    ['LST', 'Swap router', '1461501637330902918203684832716283019655932.542975'],
  ]);
});

it("lists the LP tokens of the configured pools by the pair's name (Remove liquidity approves them)", async () => {
  const PAIR = '0x4444444444444444444444444444444444444444';
  const withPool = fakeEvmNetwork({
    pools: [
      { symbolA: 'BNB', symbolB: 'USDT', address: PAIR },
      { symbolA: 'BNB', symbolB: 'JM', address: '' },
    ],
  });
  const chain = fakeChain({ [`${PAIR}:${LIQUIDITY_ROUTER}`]: 15n * 10n ** 17n });
  // the API's hint for the same pair is not read twice, nor named by the pair contract
  const hints = async () => [{ token: PAIR, spender: LIQUIDITY_ROUTER, blockNumber: 3 }];
  const { rows } = await listAllowances(withPool, OWNER, { chain, hints });
  expect(chain.reads).toBe(4); // USDT and the pair's LP token, to each router
  expect(rows.map((r) => [r.symbol, r.spender.name, r.text, r.token])).toEqual([
    ['BNB/USDT LP', 'Liquidity router', '1.5', PAIR],
  ]);
});

it("adds the API's hints for tokens the config does not list, named by the chain", async () => {
  const chain = fakeChain({ [`${LISTED}:${ROUTER_ADDRESS}`]: 1_000_000n });
  const hints = async () => [
    { token: LISTED, spender: ROUTER_ADDRESS, blockNumber: 7 },
    {
      token: '0x3333333333333333333333333333333333333333',
      spender: ROUTER_ADDRESS,
      blockNumber: 8,
    },
  ];
  const { rows } = await listAllowances(network, OWNER, { chain, hints });
  expect(rows.map((r) => [r.symbol, r.text])).toEqual([['LST', '1']]);
});

it('says what to do when no allowance could be read (the node is down)', async () => {
  await expect(
    listAllowances(network, OWNER, { chain: fakeChain({}, true), hints: async () => [] }),
  ).rejects.toThrow(/no BNB Smart Chain node answers\. Check your connection, then try again\./);
});

it('an empty list when nothing is approved', async () => {
  const { rows } = await listAllowances(network, OWNER, {
    chain: fakeChain({}),
    hints: async () => [],
  });
  expect(rows).toEqual([]);
});

it('reads at most `limit` at once, results in order', async () => {
  let running = 0;
  let most = 0;
  const out = await mapWithLimit([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
    running += 1;
    most = Math.max(most, running);
    await new Promise((r) => setTimeout(r, 5));
    running -= 1;
    return n * 2;
  });
  expect(out).toEqual([2, 4, 6, 8, 10, 12, 14]);
  expect(most).toBe(3);
});

it('finds a USDT-style token by simulating its approvals from the owner', async () => {
  const usdtStyle: AllowanceChain = {
    ...fakeChain({}),
    approveAccepted: async (_t, _o, _s, amount) => amount === 0n,
  };
  const plain = fakeChain({});
  expect(await approveNeedsReset(network, 'USDT', OWNER, ROUTER_ADDRESS, 5n, 7n, usdtStyle)).toBe(
    true,
  );
  expect(await approveNeedsReset(network, 'USDT', OWNER, ROUTER_ADDRESS, 5n, 7n, plain)).toBe(
    false,
  );
  // from a zero allowance nothing is asked
  expect(await approveNeedsReset(network, 'USDT', OWNER, ROUTER_ADDRESS, 0n, 7n, usdtStyle)).toBe(
    false,
  );
});

it('TRON: hints in 41-hex are read as the base58 the config writes', async () => {
  const router = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
  const routerHex = '41a614f803b6fd780986a42c78ec9c7f77e6ded13c';
  const tokenHex = `41${'11'.repeat(20)}`;
  const tron = fakeEvmNetwork({
    platform: 'tron',
    tokens: {},
    exchange: { ...network.exchange, ROUTER_ADDRESS: router, LIQUIDITY_ROUTER: router },
  });
  const read: string[] = [];
  const chain: AllowanceChain = {
    ...fakeChain({}),
    allowance: async (token, _owner, spender) => {
      read.push(`${token}:${spender}`);
      return 7n;
    },
    tokenInfo: async () => ({ symbol: 'TKN', decimals: 0 }),
  };
  const hints = async () => [{ token: tokenHex, spender: routerHex, blockNumber: 1 }];
  const { rows } = await listAllowances(tron, 'TOwner', { chain, hints });
  expect(read).toEqual([`${toBase58(tokenHex)}:${router}`]);
  expect(rows.map((r) => [r.symbol, r.text])).toEqual([['TKN', '7']]);
});
