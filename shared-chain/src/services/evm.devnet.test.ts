/**
 * The EVM adapter and the services against real local chains (anvil, the DEX deployed and
 * seeded by the devnet): swaps whose real balance change equals the estimate to the base unit,
 * taxed tokens, approvals, liquidity, pair creation, wrong chain, rejected signatures.
 * One devnet for the file, on ports away from `npm start`'s.
 */
import { resetWalletServiceForTests } from '../testing';
import { Contract, ContractFactory, JsonRpcProvider, toBeHex } from 'ethers';
import { deployed, loadArtifact, mined, startDevnet, type Devnet } from '@jmswap/devnet';
import { savedChains } from '../test/chains';
import { setNetworks } from '../config/registry';
import type { NetworkConfig, NetworkId, NetworksFile } from '../config/types';
import { FACTORY_ABI, PAIR_ABI, TOKEN_ABI } from '../adapters/abis.generated';
import { destroyProviders } from '../adapters/evm/provider';
import { ChainError, minedFailureOf } from '../core/errors';
import { MAX_APPROVAL } from '../core/constants';
import {
  createTestProvider,
  installWindow,
  removeWindow,
  type TestProvider,
} from './testing/eip1193';
import {
  connectWallet,
  disconnectWallet,
  getPairReserves,
  getReader,
  getUserPositions,
  resetReaders,
  setApprovalMode,
  switchNetwork,
} from './index';
import {
  ensureApproval,
  executeSwap,
  getAmountNeeded,
  getSwapEstimate,
  QUOTE_EXPIRED,
} from '../swap';
import {
  addLiquidity,
  createPair,
  getLiquidityPair,
  liquidityGasReserve,
  liquiditySpender,
  maxSpendable,
  removeLiquidity,
} from '../liquidity';

jest.setTimeout(240_000);

const ALL: Array<Exclude<NetworkId, 'TRON'>> = ['BSC', 'POLY', 'BTTC', 'ETH'];
const WANTED = (process.env.EVM_TEST_NETWORKS?.split(',') as typeof ALL | undefined) ?? ALL;
const PORTS = { BSC: 18646, POLY: 18647, BTTC: 18648, ETH: 18649 };
/** Anvil dev accounts #3 (every test but the dev wallet's) . */
const ACCOUNT = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
const APPROVE_SELECTOR = '0x095ea7b3';
/** Anvil dev account #0, which deployed the devnet. */
const DEPLOYER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

let devnet: Devnet;
let file: NetworksFile;

beforeAll(async () => {
  devnet = await startDevnet({
    networks: WANTED,
    ports: PORTS,
    history: false,
    configPath: false,
    ...savedChains(),
  });
  file = { ...devnet.config, profile: 'local' };
  setNetworks(file);
});

afterAll(async () => {
  await resetWalletServiceForTests();
  await new Promise((r) => setTimeout(r, 200)); // balance refreshes in flight
  destroyProviders();
  removeWindow();
  await devnet?.stop();
});

const unit = (n: NetworkConfig, symbol: string) => 10n ** BigInt(n.tokens[symbol]!.decimals);

/** A trade size of 1/`div` of the `symbol` reserve of its pool with the base coin (or the default token). */
async function slice(n: NetworkConfig, symbol: string, div: bigint): Promise<bigint> {
  const other =
    symbol === n.baseToken ? n.defaultTokens.find((s) => s !== n.baseToken)! : n.baseToken;
  const pool = (await getPairReserves(n.id))!.find(
    (p) => [p.symbolA, p.symbolB].sort().join() === [symbol, other].sort().join(),
  )!;
  return (pool.symbolA === symbol ? pool.reserveA : pool.reserveB) / div;
}

/** Balances read straight from the node (not through the reader's cache). */
async function chainBalance(n: NetworkConfig, symbol: string, owner = ACCOUNT): Promise<bigint> {
  const p = new JsonRpcProvider(n.nodeUrl, n.chainId, { staticNetwork: true });
  try {
    if (symbol === n.baseToken) return await p.getBalance(owner);
    const c = new Contract(n.tokens[symbol]!.address, TOKEN_ABI, p);
    return (await c.getFunction('balanceOf')(owner)) as bigint;
  } finally {
    p.destroy();
  }
}

async function gasOf(n: NetworkConfig, txid: string): Promise<bigint> {
  const p = new JsonRpcProvider(n.nodeUrl, n.chainId, { staticNetwork: true });
  try {
    const r = (await p.send('eth_getTransactionReceipt', [txid])) as {
      gasUsed: string;
      effectiveGasPrice: string;
    };
    return BigInt(r.gasUsed) * BigInt(r.effectiveGasPrice);
  } finally {
    p.destroy();
  }
}

async function connectInjected(
  id: NetworkId,
  options: Partial<Parameters<typeof createTestProvider>[1]> = {},
) {
  await switchNetwork(id);
  const n = file.networks[id];
  const provider = createTestProvider(n.nodeUrl, { account: ACCOUNT, ...options });
  installWindow({ ethereum: provider });
  const session = await connectWallet('injected');
  return { n, provider, session };
}

const sends = (p: TestProvider) => p.calls.filter((c) => c.method === 'eth_sendTransaction');

describe.each(WANTED)('%s', (id) => {
  const tokenOf = (n: NetworkConfig) => n.defaultTokens.find((s) => s !== n.baseToken)!;

  afterEach(async () => {
    await disconnectWallet();
  });

  test('connects an injected wallet; the session carries the address, name and base balance', async () => {
    const { n, session } = await connectInjected(id);
    expect(session).toMatchObject({ connected: true, address: ACCOUNT, name: 'MetaMask' });
    expect(session?.balance).toBe(await chainBalance(n, n.baseToken));
  });

  test('exact-in base -> token: the real balance change equals the estimate; equals routerQuote', async () => {
    const { n, provider } = await connectInjected(id);
    const base = n.baseToken;
    const token = tokenOf(n);
    const amountIn = await slice(n, base, 1000n);
    const estimate = (await getSwapEstimate({ from: base, to: token, amountIn }))!;
    const quote = await (await getReader(id)).routerQuote('exactIn', amountIn, estimate.path);
    expect(quote).toEqual(estimate.amounts);
    const [b0, t0] = [await chainBalance(n, base), await chainBalance(n, token)];
    const result = await executeSwap({ estimate });
    const { txid } = result;
    const gas = await gasOf(n, txid);
    expect(await chainBalance(n, token)).toBe(t0 + estimate.amountOut);
    expect(await chainBalance(n, base)).toBe(b0 - amountIn - gas);
    // what the popup says moved, read from the receipt, is what the chain moved
    expect(result).toMatchObject({ spent: amountIn, received: estimate.amountOut, fee: gas });
    expect(sends(provider).some((c) => JSON.stringify(c.params).includes(APPROVE_SELECTOR))).toBe(
      false,
    );
    if (n.gasPrice) {
      const tx = sends(provider).at(-1)!.params as [{ gasPrice: string }];
      expect(BigInt(tx[0].gasPrice)).toBe(BigInt(n.gasPrice));
    } else {
      const tx = sends(provider).at(-1)!.params as [{ gasPrice?: string }];
      expect(tx[0].gasPrice).toBeUndefined();
    }
  });

  test('exact-out token -> base: approval once and not again; balance change equals the estimate', async () => {
    const { n, provider } = await connectInjected(id);
    const base = n.baseToken;
    const token = tokenOf(n);
    const router = n.exchange.ROUTER_ADDRESS;
    const first = await ensureApproval({ token, spender: router, amount: 1n });
    expect(first?.txid).toMatch(/^0x/);
    expect(await (await getReader(id)).allowance(token, ACCOUNT, router)).toBe(MAX_APPROVAL);
    expect(await ensureApproval({ token, spender: router, amount: 1n })).toBeNull();
    const approvals = () =>
      sends(provider).filter((c) => JSON.stringify(c.params).includes(APPROVE_SELECTOR)).length;
    expect(approvals()).toBe(1);

    const amountOut = await slice(n, base, 2000n);
    const estimate = (await getAmountNeeded({ from: token, to: base, amountOut }))!;
    const quote = await (await getReader(id)).routerQuote('exactOut', amountOut, estimate.path);
    expect(quote).toEqual(estimate.amounts);
    const [b0, t0] = [await chainBalance(n, base), await chainBalance(n, token)];
    const result = await executeSwap({ estimate });
    const { txid } = result;
    const gas = await gasOf(n, txid);
    expect(await chainBalance(n, token)).toBe(t0 - estimate.amountIn);
    expect(await chainBalance(n, base)).toBe(b0 + amountOut - gas);
    expect(result).toMatchObject({ spent: estimate.amountIn, received: amountOut, fee: gas });
    expect(approvals()).toBe(1);

    // exact-out paid in the base coin: pays amounts[0], the rest of the bound is refunded
    const wanted = await slice(n, token, 3000n);
    const est2 = (await getAmountNeeded({ from: base, to: token, amountOut: wanted }))!;
    const [b1, t1] = [await chainBalance(n, base), await chainBalance(n, token)];
    const swap2 = await executeSwap({ estimate: est2 });
    expect(await chainBalance(n, token)).toBe(t1 + wanted);
    expect(await chainBalance(n, base)).toBe(b1 - est2.amountIn - (await gasOf(n, swap2.txid)));
    // the base coin paid is what the router wrapped, not the bound it was sent
    expect(swap2).toMatchObject({ spent: est2.amountIn, received: wanted });
  });

  test("the user's exact approval mode: approves the amount; a larger one is one transaction (USDT-style: 0 first)", async () => {
    const { n, provider } = await connectInjected(id);
    const token = tokenOf(n);
    const spender = '0x000000000000000000000000000000000000dEaD';
    const approvals = () =>
      sends(provider).filter((c) => JSON.stringify(c.params).includes(APPROVE_SELECTOR)).length;
    const allowance = async () => (await getReader(id)).allowance(token, ACCOUNT, spender);
    setApprovalMode('exact');
    try {
      await ensureApproval({ token, spender, amount: 5n });
      expect(await allowance()).toBe(5n);
      expect(approvals()).toBe(1);
      expect(await ensureApproval({ token, spender, amount: 5n })).toBeNull();
      await ensureApproval({ token, spender, amount: 7n });
      expect(await allowance()).toBe(7n);
      expect(approvals()).toBe(n.tokens[token]!.approveResetRequired ? 3 : 2);
    } finally {
      setApprovalMode('max');
    }
  });

  test('adds and removes liquidity', async () => {
    const { n } = await connectInjected(id);
    const base = n.baseToken;
    const token = tokenOf(n);
    const pools = (await getPairReserves(id))!;
    const pool = pools.find(
      (p) => [p.symbolA, p.symbolB].sort().join() === [base, token].sort().join(),
    )!;
    const [rBase, rToken] =
      pool.symbolA === base ? [pool.reserveA, pool.reserveB] : [pool.reserveB, pool.reserveA];
    const amountBase = rBase / 1000n;
    const amountToken = (amountBase * rToken) / rBase;
    const lpBefore =
      (await getUserPositions(ACCOUNT, id))!.find((p) => p.pair === pool.pair)?.userLiquidity ?? 0n;
    const added = await addLiquidity({
      symbolA: base,
      symbolB: token,
      amountA: amountBase,
      amountB: amountToken,
    });
    const position = (await getUserPositions(ACCOUNT, id))!.find((p) => p.pair === pool.pair)!;
    expect(position.userLiquidity).toBeGreaterThan(0n);
    // what the receipt says: the base coin the router used (at the pool's ratio, so maybe a
    // little less than offered; the rest refunded), the token sent, the LP minted
    expect(added.amountA! <= amountBase).toBe(true);
    expect(added.amountA! >= (amountBase * 999n) / 1000n).toBe(true);
    expect(added.amountB).toBeGreaterThan(0n);
    expect(added.amountB! <= amountToken).toBe(true);
    expect(added.lpTokens).toBe(position.userLiquidity - lpBefore);
    const t0 = await chainBalance(n, token);
    const removed = await removeLiquidity({
      symbolA: token,
      symbolB: base,
      lpTokens: position.userLiquidity / 2n,
    });
    const after = (await getUserPositions(ACCOUNT, id))!.find((p) => p.pair === pool.pair)!;
    expect(after.userLiquidity).toBe(position.userLiquidity - position.userLiquidity / 2n);
    expect(await chainBalance(n, token)).toBe(t0 + removed.amountA!);
    expect(removed.amountB).toBeGreaterThan(0n);
  });

  test('an account picked in the wallet during the approval stops the add: ACCOUNT_CHANGED, nothing of the other account moves', async () => {
    const other = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65'; // anvil dev account #4
    const { n, provider } = await connectInjected(id, { accountOnSend: other });
    const base = n.baseToken;
    const token = tokenOf(n);
    const amountBase = (await slice(n, base, 10_000n)) || 1n;
    const amountToken = (await slice(n, token, 10_000n)) || 1n;
    const before = {
      base: await chainBalance(n, base, other),
      token: await chainBalance(n, token, other),
    };
    const lpBefore = (await getUserPositions(ACCOUNT, id)) ?? [];
    // No allowance for the add's router: it asks for an approval first (put back after).
    const spender = liquiditySpender(n, base, token);
    const node = new JsonRpcProvider(n.nodeUrl, n.chainId, { staticNetwork: true });
    const approve = async (amount: bigint) =>
      mined(
        new Contract(
          n.tokens[token]!.address,
          TOKEN_ABI,
          await node.getSigner(ACCOUNT),
        ).getFunction('approve')(spender, amount),
      );
    const allowed = await (await getReader(id)).allowance(token, ACCOUNT, spender);
    await approve(0n);
    resetReaders();
    try {
      await expect(
        addLiquidity({ symbolA: base, symbolB: token, amountA: amountBase, amountB: amountToken }),
      ).rejects.toMatchObject({
        code: 'ACCOUNT_CHANGED',
        message:
          'Your wallet switched to another account, so nothing more was sent. Check the amounts and try again.',
      });
    } finally {
      await approve(0n); // USDT-style tokens take a new allowance only from 0
      if (allowed) await approve(allowed);
      node.destroy();
    }
    // The approval the first account was asked for, and nothing after it.
    expect(sends(provider)).toHaveLength(1);
    expect(JSON.stringify(sends(provider)[0]!.params)).toContain(APPROVE_SELECTOR);
    expect((sends(provider)[0]!.params as [{ from: string }])[0].from.toLowerCase()).toBe(
      ACCOUNT.toLowerCase(),
    );
    expect(await chainBalance(n, base, other)).toBe(before.base);
    expect(await chainBalance(n, token, other)).toBe(before.token);
    expect((await getUserPositions(ACCOUNT, id)) ?? []).toEqual(lpBefore);
  });

  test('hash first: onSubmitted hears the id before any receipt; mined past its deadline, the swap fails with the reason and the fee', async () => {
    const { n } = await connectInjected(id);
    const rpc = new JsonRpcProvider(n.nodeUrl, n.chainId, { staticNetwork: true });
    const base = n.baseToken;
    const token = tokenOf(n);
    const amountIn = await slice(n, base, 5000n);
    const estimate = (await getSwapEstimate({ from: base, to: token, amountIn }))!;
    const [b0, t0] = [await chainBalance(n, base), await chainBalance(n, token)];
    const head = await rpc.send('eth_getBlockByNumber', ['latest', false]);
    // Undone at the end: the hour this test moves the chain's clock would put the next tests'
    // deadlines (set from the wall clock) in the past.
    const before = await rpc.send('evm_snapshot', []);
    await rpc.send('evm_setAutomine', [false]);
    try {
      let heard: string | undefined;
      const sending = executeSwap({
        estimate,
        deadline: BigInt(head.timestamp) + 120n,
        onSubmitted: (txid) => (heard = txid),
      }).catch((e: unknown) => e);
      for (let i = 0; heard === undefined && i < 200; i += 1)
        await new Promise((r) => setTimeout(r, 50));
      expect(heard).toMatch(/^0x[0-9a-f]{64}$/);
      expect(await rpc.send('eth_getTransactionReceipt', [heard])).toBeNull();
      // the block that mines it comes an hour later: past the deadline the router reverts
      await rpc.send('evm_increaseTime', [3600]);
      await rpc.send('evm_mine', []);
      const error = await sending;
      const fee = await gasOf(n, heard!);
      expect(fee).toBeGreaterThan(0n);
      expect(minedFailureOf(error)).toEqual({
        txid: heard,
        fee,
        reason: 'JMSwap: EXPIRED',
        text: 'This swap failed on chain: its deadline has passed. Try again.',
      });
      expect(await chainBalance(n, token)).toBe(t0);
      expect(await chainBalance(n, base)).toBe(b0 - fee);
    } finally {
      await rpc.send('evm_setAutomine', [true]);
      await rpc.send('evm_revert', [before]);
      rpc.destroy();
    }
  });

  test('refuses to send while the wallet is on another chain and will not switch: nothing is sent', async () => {
    const { n, provider } = await connectInjected(id, { chainId: 1234, onSwitch: 'reject' });
    const estimate = (await getSwapEstimate({
      from: n.baseToken,
      to: tokenOf(n),
      amountIn: await slice(n, n.baseToken, 1000n),
    }))!;
    const b0 = await chainBalance(n, n.baseToken);
    const error = await executeSwap({ estimate }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChainError);
    expect((error as ChainError).code).toBe('WRONG_NETWORK');
    expect((error as ChainError).message).toBe(
      `Your wallet is on another network. Switch it to ${n.name} to continue.`,
    );
    expect(sends(provider)).toHaveLength(0);
    expect(await chainBalance(n, n.baseToken)).toBe(b0);
  });

  test('a wallet on another chain that switches (after adding the chain on 4902) sends on the right chain', async () => {
    const { n, provider } = await connectInjected(id, { chainId: 1234, onSwitch: 'unknown' });
    provider.options.onSwitch = 'unknown';
    provider.options.chainId = 1234;
    const estimate = (await getSwapEstimate({
      from: n.baseToken,
      to: tokenOf(n),
      amountIn: await slice(n, n.baseToken, 5000n),
    }))!;
    await executeSwap({ estimate });
    const add = provider.calls.find((c) => c.method === 'wallet_addEthereumChain')!;
    expect(add.params).toEqual([
      expect.objectContaining({
        chainId: `0x${n.chainId.toString(16)}`,
        chainName: n.name,
        rpcUrls: [n.nodeUrl],
      }),
    ]);
    expect(sends(provider)).toHaveLength(1);
  });

  test('a rejected signature (4001) moves nothing', async () => {
    const { n, provider } = await connectInjected(id, { rejectSend: true });
    const estimate = (await getSwapEstimate({
      from: n.baseToken,
      to: tokenOf(n),
      amountIn: await slice(n, n.baseToken, 1000n),
    }))!;
    const [b0, t0] = [await chainBalance(n, n.baseToken), await chainBalance(n, tokenOf(n))];
    const error = await executeSwap({ estimate }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChainError);
    expect((error as ChainError).code).toBe('4001');
    expect(sends(provider)).toHaveLength(1);
    expect(await chainBalance(n, n.baseToken)).toBe(b0);
    expect(await chainBalance(n, tokenOf(n))).toBe(t0);
  });
});

const has = (id: NetworkId) => (WANTED as NetworkId[]).includes(id);

(has('BSC') ? describe : describe.skip)('BSC taxed tokens, pair creation, dev wallet', () => {
  afterEach(async () => {
    await disconnectWallet();
  });

  test('O1T (7%) buy and sell: balance changes equal the estimates and routerQuote', async () => {
    const { n } = await connectInjected('BSC');
    const buy = (await getSwapEstimate({ from: 'BNB', to: 'O1T', amountIn: 10n ** 17n }))!;
    expect(await (await getReader('BSC')).routerQuote('exactIn', buy.amountIn, buy.path)).toEqual(
      buy.amounts,
    );
    const o0 = await chainBalance(n, 'O1T');
    await executeSwap({ estimate: buy });
    expect(await chainBalance(n, 'O1T')).toBe(o0 + buy.amountOut);

    const sell = (await getSwapEstimate({
      from: 'O1T',
      to: 'USDT',
      amountIn: buy.amountOut / 2n,
    }))!;
    expect(sell.path).toEqual(['O1T', 'BNB', 'USDT']);
    expect(await (await getReader('BSC')).routerQuote('exactIn', sell.amountIn, sell.path)).toEqual(
      sell.amounts,
    );
    const [o1, u1] = [await chainBalance(n, 'O1T'), await chainBalance(n, 'USDT')];
    await executeSwap({ estimate: sell });
    expect(await chainBalance(n, 'O1T')).toBe(o1 - sell.amountIn);
    expect(await chainBalance(n, 'USDT')).toBe(u1 + sell.amountOut);

    const exactOut = (await getAmountNeeded({ from: 'O1T', to: 'BNB', amountOut: 10n ** 15n }))!;
    expect(
      await (await getReader('BSC')).routerQuote('exactOut', exactOut.amountOut, exactOut.path),
    ).toEqual(exactOut.amounts);
    const o2 = await chainBalance(n, 'O1T');
    await executeSwap({ estimate: exactOut });
    expect(await chainBalance(n, 'O1T')).toBe(o2 - exactOut.amountIn);
  });

  test('PSRS liquidity goes through the normal router (fee-on-transfer removal)', async () => {
    const { n, provider } = await connectInjected('BSC');
    const pool = (await getPairReserves('BSC'))!.find((p) =>
      [p.symbolA, p.symbolB].includes('PSRS'),
    )!;
    const [rPsrs, rBnb] =
      pool.symbolA === 'PSRS' ? [pool.reserveA, pool.reserveB] : [pool.reserveB, pool.reserveA];
    const amountBnb = 10n ** 16n;
    await addLiquidity({
      symbolA: 'PSRS',
      symbolB: 'BNB',
      amountA: (amountBnb * rPsrs) / rBnb,
      amountB: amountBnb,
    });
    const firstSend = sends(provider)[0]!.params as [{ data: string; to: string }];
    expect(firstSend[0].data.startsWith(APPROVE_SELECTOR)).toBe(true);
    expect(firstSend[0].data.toLowerCase()).toContain(
      n.exchange.ROUTER_ADDRESS.slice(2).toLowerCase(),
    );
    const pos = (await getUserPositions(ACCOUNT, 'BSC'))!.find((p) =>
      [p.symbolA, p.symbolB].includes('PSRS'),
    )!;
    await removeLiquidity({
      symbolA: 'PSRS',
      symbolB: 'BNB',
      lpTokens: pos.userLiquidity,
      slippageBps: 5000,
    });
    const last = sends(provider).at(-1)!.params as [{ data: string; to: string }];
    expect(last[0].to.toLowerCase()).toBe(n.exchange.ROUTER_ADDRESS.toLowerCase());
  });

  test('creates a pair and is its first provider', async () => {
    const { n } = await connectInjected('BSC');
    const before = (await getPairReserves('BSC'))!;
    expect(before.some((p) => [p.symbolA, p.symbolB].sort().join() === 'BUSD,USDT')).toBe(false);
    await createPair('USDT', 'BUSD');
    const created = (await getPairReserves('BSC'))!.find(
      (p) => [p.symbolA, p.symbolB].sort().join() === 'BUSD,USDT',
    )!;
    expect(created.reserveA).toBe(0n);
    await addLiquidity({
      symbolA: 'USDT',
      symbolB: 'BUSD',
      amountA: 100n * unit(n, 'USDT'),
      amountB: 100n * unit(n, 'BUSD'),
    });
    const pools = (await getPairReserves('BSC'))!;
    const pool = pools.find((p) => [p.symbolA, p.symbolB].sort().join() === 'BUSD,USDT')!;
    expect(pool.reserveA).toBe(100n * 10n ** 18n);
    const pos = (await getUserPositions(ACCOUNT, 'BSC'))!.find((p) => p.pair === pool.pair)!;
    expect(pos.userShareBps).toBe(9999n); // MINIMUM_LIQUIDITY is locked
  });

  test('the local dev wallet (local profile) swaps with anvil key #0', async () => {
    await switchNetwork('BSC');
    const n = file.networks.BSC;
    const session = await connectWallet('dev');
    expect(session?.name).toBe('Local dev wallet');
    const dev = session!.address!;
    const estimate = (await getSwapEstimate({ from: 'BNB', to: 'USDT', amountIn: 10n ** 16n }))!;
    const u0 = await chainBalance(n, 'USDT', dev);
    await executeSwap({ estimate });
    expect(await chainBalance(n, 'USDT', dev)).toBe(u0 + estimate.amountOut);
  });
});

(has('POLY') ? test : test.skip)('POLY: creates USDT/WETH and is its first provider', async () => {
  const { n } = await connectInjected('POLY');
  await createPair('USDT', 'WETH');
  await addLiquidity({
    symbolA: 'USDT',
    symbolB: 'WETH',
    amountA: 1000n * unit(n, 'USDT'),
    amountB: unit(n, 'WETH'),
  });
  const pool = (await getPairReserves('POLY'))!.find(
    (p) => [p.symbolA, p.symbolB].sort().join() === 'USDT,WETH',
  )!;
  expect(pool.reserveA + pool.reserveB).toBe(1000n * unit(n, 'USDT') + unit(n, 'WETH'));
  await disconnectWallet();
});

// BTTC and ETH list two tokens that already share a pool: a project lists a new token first.
for (const id of ['BTTC', 'ETH'] as const) {
  (has(id) ? test : test.skip)(
    `${id}: creates a pair with a new token and is its first provider`,
    async () => {
      const listed = file.networks[id];
      const provider = new JsonRpcProvider(listed.nodeUrl, listed.chainId, { staticNetwork: true });
      try {
        const { abi, bytecode } = loadArtifact('TaxedToken');
        // anvil's dev accounts are unlocked: the node assigns nonces.
        const signer = await provider.getSigner(ACCOUNT);
        const newToken = await new ContractFactory(abi as never, bytecode, signer).deploy(
          'New Listing',
          'NEWL',
          18,
          0,
          ACCOUNT,
        );
        await deployed(newToken);
        await mined(newToken.getFunction('mint')(ACCOUNT, 10n ** 24n));
        listed.tokens.NEWL = {
          symbol: 'NEWL',
          name: 'New Listing',
          address: await newToken.getAddress(),
          decimals: 18,
          logoURI: '',
          tax: 0,
        };
        setNetworks(file);
      } finally {
        provider.destroy();
      }
      const { n } = await connectInjected(id);
      await createPair(n.baseToken, 'NEWL');
      const amountBase = unit(n, n.baseToken);
      await addLiquidity({
        symbolA: n.baseToken,
        symbolB: 'NEWL',
        amountA: amountBase,
        amountB: 1000n * 10n ** 18n,
      });
      const pool = (await getPairReserves(id))!.find((p) =>
        [p.symbolA, p.symbolB].includes('NEWL'),
      )!;
      expect(pool.reserveA + pool.reserveB).toBe(amountBase + 1000n * 10n ** 18n);
      const position = (await getUserPositions(ACCOUNT, id))!.find((p) => p.pair === pool.pair)!;
      expect(position.userShareBps).toBe(9999n); // MINIMUM_LIQUIDITY stays locked in the pair
      await disconnectWallet();
    },
  );
}

(has('BTTC') ? test : test.skip)(
  'BTTC (gas price 1e15): MAX of BTT in the liquidity panel leaves the add its gas, and the add goes through',
  async () => {
    const { n } = await connectInjected('BTTC');
    const node = new JsonRpcProvider(n.nodeUrl, n.chainId, { staticNetwork: true });
    const balance = 1000n * unit(n, 'BTT');
    const pool = await getLiquidityPair('BTT', 'TRX', 'BTTC');
    // What the pool takes for `amountBtt` of BTT (a little more TRX, so all the BTT is used).
    const trxFor = (amountBtt: bigint) => (amountBtt * pool!.reserveB) / pool!.reserveA + 1n;
    try {
      await node.send('anvil_setBalance', [ACCOUNT, toBeHex(balance)]);
      // The fixed reserve of 0.01 BTT pays for about 10 gas at 1e15: the node refuses the add.
      const fixedReserveMax = balance - 10n ** 16n;
      await expect(
        addLiquidity({
          symbolA: 'BTT',
          symbolB: 'TRX',
          amountA: fixedReserveMax,
          amountB: trxFor(fixedReserveMax),
        }),
      ).rejects.toThrow();
      const gasReserve = await liquidityGasReserve({
        owner: ACCOUNT,
        symbolA: 'BTT',
        symbolB: 'TRX',
        networkId: 'BTTC',
      });
      expect(gasReserve).toBeGreaterThan(10n ** 16n);
      const amountA = maxSpendable(n, n.tokens.BTT!, balance, { gasReserve });
      const lpBefore = (await getUserPositions(ACCOUNT, 'BTTC'))!.find(
        (p) => p.pair === pool!.pair,
      )?.userLiquidity;
      await addLiquidity({ symbolA: 'BTT', symbolB: 'TRX', amountA, amountB: trxFor(amountA) });
      const lpAfter = (await getUserPositions(ACCOUNT, 'BTTC'))!.find(
        (p) => p.pair === pool!.pair,
      )!.userLiquidity;
      expect(lpAfter).toBeGreaterThan(lpBefore ?? 0n);
      const left = await chainBalance(n, 'BTT');
      expect(left).toBeGreaterThan(0n);
      expect(left).toBeLessThan(gasReserve!);
    } finally {
      node.destroy();
      await disconnectWallet();
    }
  },
);

(has('BSC') ? test : test.skip)(
  'a fake "USDT" pair and 30 spam pairs: no quote from them; a configured pool created after them still counts',
  async () => {
    const n = file.networks.BSC;
    const provider = new JsonRpcProvider(n.nodeUrl, n.chainId, { staticNetwork: true });
    try {
      const signer = await provider.getSigner(ACCOUNT);
      const { abi, bytecode } = loadArtifact('TaxedToken');
      const deploy = async (symbol: string) => {
        const c = await new ContractFactory(abi as never, bytecode, signer).deploy(
          symbol,
          symbol,
          18,
          0,
          ACCOUNT,
        );
        await deployed(c);
        await mined(c.getFunction('mint')(ACCOUNT, 10n ** 30n));
        return c as unknown as Contract;
      };
      const factory = new Contract(n.exchange.FACTORY_ADDRESS, FACTORY_ABI, signer);
      const pairOf = async (a: string, b: string) =>
        (await factory.getFunction('getPair')(a, b)) as string;
      /** A pair with reserves, made straight on the pair contract (no router, no config). */
      const fundedPair = async (a: Contract, b: Contract, amountA: bigint, amountB: bigint) => {
        const [ta, tb] = [await a.getAddress(), await b.getAddress()];
        await mined(factory.getFunction('createPair')(ta, tb));
        const pair = await pairOf(ta, tb);
        await mined(a.getFunction('transfer')(pair, amountA));
        await mined(b.getFunction('transfer')(pair, amountB));
        await mined(new Contract(pair, PAIR_ABI, signer).getFunction('mint')(ACCOUNT));
        return pair;
      };
      const real = await pairOf(n.tokens.BNB!.address, n.tokens.USDT!.address);
      const amountIn = 10n ** 16n;
      const before = (await getSwapEstimate({
        from: 'BNB',
        to: 'USDT',
        amountIn,
        networkId: 'BSC',
      }))!;

      // "USDT" by anyone, paired with the configured WBNB at a price 1000x the real one.
      const wbnb = new Contract(
        n.tokens.BNB!.address,
        ['function deposit() payable', 'function transfer(address,uint256) returns (bool)'],
        signer,
      );
      await mined(wbnb.getFunction('deposit')({ value: 10n ** 18n }));
      const fakeUsdt = await deploy('USDT');
      const fake = await fundedPair(wbnb, fakeUsdt, 10n ** 18n, 10n ** 27n);
      // 30 spam pairs fill the pages the swap-info contract is read in.
      for (const i of [1, 2, 3, 4, 5]) {
        const s = await deploy(`SPAM${i}`);
        for (const t of ['BNB', 'USDT', 'BUSD', 'BTCB', 'TRX', 'KLV']) {
          await mined(
            factory.getFunction('createPair')(await s.getAddress(), n.tokens[t]!.address),
          );
        }
      }
      // A pool the network lists from now on, created after all the spam.
      // The deployer owns the configured tokens: it mints both sides straight into the pair.
      const deployer = await provider.getSigner(DEPLOYER);
      const [btcb, klv] = [n.tokens.BTCB!.address, n.tokens.KLV!.address];
      await mined(factory.getFunction('createPair')(btcb, klv));
      const listed = await pairOf(btcb, klv);
      for (const t of [btcb, klv]) {
        const token = new Contract(t, ['function mint(address,uint256)'], deployer);
        await mined(token.getFunction('mint')(listed, 10n ** 15n));
      }
      await mined(new Contract(listed, PAIR_ABI, signer).getFunction('mint')(ACCOUNT));
      n.pools.push({ symbolA: 'BTCB', symbolB: 'KLV', address: listed });
      setNetworks(file);
      resetReaders(); // what a transaction does: the next read is fresh

      const pools = (await getPairReserves('BSC'))!;
      expect(pools.filter((p) => [p.symbolA, p.symbolB].sort().join() === 'BNB,USDT')).toEqual([
        expect.objectContaining({ pair: real }),
      ]);
      expect(pools.some((p) => p.pair === fake)).toBe(false);
      expect(pools.some((p) => /SPAM/.test(p.symbolA + p.symbolB))).toBe(false);
      expect(pools).toContainEqual(
        expect.objectContaining({ pair: listed, reserveA: 10n ** 15n, reserveB: 10n ** 15n }),
      );
      const after = (await getSwapEstimate({
        from: 'BNB',
        to: 'USDT',
        amountIn,
        networkId: 'BSC',
      }))!;
      expect(after.amountOut).toBe(before.amountOut);
      expect(after.path).toEqual(before.path);
    } finally {
      provider.destroy();
    }
  },
);

(has('BSC') ? test : test.skip)(
  'a double press with a slow wallet sends one swap; the second is refused while the first is open',
  async () => {
    const { n, provider } = await connectInjected('BSC', { sendDelayMs: 400 });
    const estimate = (await getSwapEstimate({ from: 'BNB', to: 'USDT', amountIn: 10n ** 15n }))!;
    const first = executeSwap({ estimate });
    const second = executeSwap({ estimate });
    await expect(second).rejects.toMatchObject({ code: 'TRANSACTION_PENDING' });
    await first;
    expect(sends(provider)).toHaveLength(1);
    expect(n.id).toBe('BSC');
    await disconnectWallet();
  },
);

(has('BSC') ? test : test.skip)(
  "a quote made before the user's own swap landed is not sent; the quote made after it arrives to the base unit",
  async () => {
    const { n } = await connectInjected('BSC');
    const amountIn = 10n ** 17n;
    const stale = (await getSwapEstimate({ from: 'BNB', to: 'USDT', amountIn }))!;
    await executeSwap({
      estimate: (await getSwapEstimate({ from: 'BNB', to: 'USDT', amountIn }))!,
    });
    // The first swap moved the pool: the quote read before it would promise more USDT.
    await expect(executeSwap({ estimate: stale })).rejects.toThrow(QUOTE_EXPIRED);
    const current = (await getSwapEstimate({ from: 'BNB', to: 'USDT', amountIn }))!;
    expect(current.amountOut).toBeLessThan(stale.amountOut);
    const before = await chainBalance(n, 'USDT');
    await executeSwap({ estimate: current });
    expect((await chainBalance(n, 'USDT')) - before).toBe(current.amountOut);
    await disconnectWallet();
  },
);

(has('BSC') ? test : test.skip)(
  'eth_sendTransaction names the checked chain: a wallet moved to another chain meanwhile refuses',
  async () => {
    const { n, provider } = await connectInjected('BSC');
    const estimate = (await getSwapEstimate({ from: 'BNB', to: 'USDT', amountIn: 10n ** 15n }))!;
    const before = await chainBalance(n, 'USDT');
    provider.options.chainOnSend = 1; // the user switches to Ethereum while the prompt is open
    await expect(executeSwap({ estimate })).rejects.toThrow();
    const [tx] = sends(provider)[0]!.params as [{ chainId?: string }];
    expect(tx.chainId).toBe(`0x${n.chainId.toString(16)}`);
    expect(await chainBalance(n, 'USDT')).toBe(before);
    await disconnectWallet();
  },
);
