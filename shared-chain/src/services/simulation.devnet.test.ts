/**
 * Simulation before a send and the read-back after it (checklist items 22 and 23),
 * on a real anvil with the DEX deployed: a swap whose reserves another account moved between
 * quote and send, or whose deadline passed, reaches no wallet and says why; a wallet that
 * changes the transaction is caught by reading it back by hash.
 */
import { Contract, JsonRpcProvider, Wallet } from 'ethers';
import { mined, startDevnet, type Devnet } from '@jmswap/devnet';
import { savedChains } from '../test/chains';
import { resetWalletServiceForTests } from '../testing';
import { resetRecentForTests } from '../recent/store';
import { setNetworks } from '../config/registry';
import type { NetworkConfig, NetworksFile } from '../config/types';
import { ROUTER_ABI } from '../adapters/abis.generated';
import { destroyProviders } from '../adapters/evm/provider';
import { appEvents$, type AppEvent } from '../bus/events';
import { SimulationError, WALLET_CHANGED_TX } from '../core/simulation';
import { createTestProvider, installWindow, removeWindow } from './testing/eip1193';
import { connectWallet, disconnectWallet, resetReaders, switchNetwork } from './index';
import { executeSwap, getSwapEstimate, previewSwap } from '../swap';
import { addLiquidity, getLiquidityPair, previewAdd } from '../liquidity';

jest.setTimeout(240_000);

const PORTS = { BSC: 18656, POLY: 18657, BTTC: 18658, ETH: 18659 };
/** Anvil dev account #4: the user. */
const ACCOUNT = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65';
/** Anvil dev account #5: another trader who moves the price. */
const OTHER_KEY = '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba';

let devnet: Devnet;
let n: NetworkConfig;

beforeAll(async () => {
  devnet = await startDevnet({
    networks: ['BSC'],
    ports: PORTS,
    history: false,
    configPath: false,
    ...savedChains(),
  });
  const file: NetworksFile = { ...devnet.config, profile: 'local' };
  setNetworks(file);
  n = file.networks.BSC;
});

afterAll(async () => {
  // The replaced swaps' originals stay pending in Recent transactions, whose poller would ask the
  // stopped chain every 3 s for ever and keep jest from exiting.
  resetRecentForTests();
  await resetWalletServiceForTests();
  await new Promise((r) => setTimeout(r, 200));
  destroyProviders();
  removeWindow();
  await devnet?.stop();
});

afterEach(async () => {
  await disconnectWallet();
});

async function connect(tamper?: (tx: Record<string, string>) => void) {
  await switchNetwork('BSC');
  const provider = createTestProvider(n.nodeUrl, { account: ACCOUNT });
  const request = provider.request.bind(provider);
  provider.request = async ({ method, params }) => {
    if (method === 'eth_sendTransaction' && tamper) tamper((params as [Record<string, string>])[0]);
    return request({ method, params });
  };
  installWindow({ ethereum: provider });
  await connectWallet('injected');
  return provider;
}

const token = () => n.defaultTokens.find((s) => s !== n.baseToken)!;
/** A quote for 0.001 of the base coin into the test's token. */
const buyEstimate = async () =>
  (await getSwapEstimate({ from: n.baseToken, to: token(), amountIn: 10n ** 15n }))!;
const sends = (p: ReturnType<typeof createTestProvider>) =>
  p.calls.filter((c) => c.method === 'eth_sendTransaction');

/** Another account buys `token` with `amount` of the base coin straight through the router. */
async function moveThePrice(amount: bigint): Promise<void> {
  const rpc = new JsonRpcProvider(n.nodeUrl, n.chainId, { staticNetwork: true });
  try {
    const other = new Wallet(OTHER_KEY, rpc);
    const router = new Contract(n.exchange.ROUTER_ADDRESS, ROUTER_ABI, other);
    const path = [n.tokens[n.baseToken]!.address, n.tokens[token()]!.address];
    const taxes = ['0x' + '0'.repeat(64), '0x' + '0'.repeat(64)];
    const deadline = BigInt(Math.floor(Date.now() / 1000) + 600);
    const tx = await router.getFunction('swapExactBaseForTokens')(
      0n,
      path,
      taxes,
      other.address,
      deadline,
      { value: amount },
    );
    await mined(tx);
  } finally {
    rpc.destroy();
  }
}

test('reserves moved by another account between quote and send: nothing reaches the wallet, the slippage sentence', async () => {
  const provider = await connect();
  const estimate = (await getSwapEstimate({
    from: n.baseToken,
    to: token(),
    amountIn: 10n ** 16n,
    slippageBps: 50,
  }))!;
  await moveThePrice(10n ** 21n);
  resetReaders();
  const error = await executeSwap({ estimate }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(SimulationError);
  expect((error as SimulationError).code).toBe('SIMULATION_FAILED');
  expect((error as SimulationError).reason).toBe('JMSwap: INSUFFICIENT_OUTPUT_AMOUNT');
  expect((error as Error).message).toBe(
    'This swap would fail: the price moved beyond your slippage. Try again or raise slippage.',
  );
  expect(sends(provider)).toHaveLength(0);
});

test('a deadline in the past: nothing reaches the wallet, the deadline sentence', async () => {
  const provider = await connect();
  const estimate = await buyEstimate();
  const error = await executeSwap({ estimate, deadline: 1n }).catch((e: unknown) => e);
  expect((error as Error).message).toBe(
    'This swap would fail: its deadline has passed. Try again.',
  );
  expect(sends(provider)).toHaveLength(0);
});

test('a wallet that sends another value than built: the swap goes, with the warning that the wallet changed it', async () => {
  const toasts: AppEvent[] = [];
  const sub = appEvents$.subscribe((e) => e.type === 'toast' && toasts.push(e));
  try {
    await connect((tx) => {
      tx.value = `0x${(BigInt(tx.value ?? '0x0') + 1n).toString(16)}`;
    });
    const estimate = await buyEstimate();
    await executeSwap({ estimate });
    expect(toasts).toContainEqual(
      expect.objectContaining({ kind: 'error', text: WALLET_CHANGED_TX }),
    );
  } finally {
    sub.unsubscribe();
  }
});

test('an untouched send shows no such warning', async () => {
  const toasts: AppEvent[] = [];
  const sub = appEvents$.subscribe((e) => e.type === 'toast' && toasts.push(e));
  try {
    const provider = await connect();
    const estimate = await buyEstimate();
    await executeSwap({ estimate });
    expect(sends(provider)).toHaveLength(1);
    expect(toasts.filter((t) => t.type === 'toast' && t.text === WALLET_CHANGED_TX)).toEqual([]);
  } finally {
    sub.unsubscribe();
  }
});

// ------------------------------------------------------------ the confirm step's simulated result

const balanceOf = async (address: string, holder: string): Promise<bigint> => {
  const rpc = new JsonRpcProvider(n.nodeUrl, n.chainId, { staticNetwork: true });
  try {
    const erc20 = new Contract(
      address,
      ['function balanceOf(address) view returns (uint256)'],
      rpc,
    );
    return (await erc20.getFunction('balanceOf')(holder)) as bigint;
  } finally {
    rpc.destroy();
  }
};

test('preview: the simulated amount out is what the swap then gives, with the fee in BNB', async () => {
  await connect();
  const estimate = (await getSwapEstimate({
    from: n.baseToken,
    to: token(),
    amountIn: 10n ** 15n,
    slippageBps: 50,
  }))!;
  const preview = (await previewSwap(estimate, 50))!;
  expect(preview.warning).toBeUndefined();
  expect(preview.result).toMatch(
    /^Simulated: 0\.001 \w+ leaves your wallet, .* arrives \(at least/,
  );
  expect(preview.fee).toMatch(/^Estimated network fee: \d+\.\d+ \w+$/);
  const simulated = preview.simulated as { amountIn: bigint; amountOut: bigint };
  expect(simulated.amountIn).toBe(10n ** 15n);
  const before = await balanceOf(n.tokens[token()]!.address, ACCOUNT);
  await executeSwap({ estimate });
  const after = await balanceOf(n.tokens[token()]!.address, ACCOUNT);
  expect(after - before).toBe(simulated.amountOut);
});

test('preview: reserves moved beyond the slippage after the quote: the shortfall and what to do, no result', async () => {
  await connect();
  const estimate = (await getSwapEstimate({
    from: n.baseToken,
    to: token(),
    amountIn: 10n ** 16n,
    slippageBps: 50,
  }))!;
  await moveThePrice(10n ** 21n);
  resetReaders();
  const preview = (await previewSwap(estimate, 50))!;
  expect(preview.result).toBeUndefined();
  expect(preview.warning).toMatch(
    /^The pool now gives .*, \d+\.\d% less than quoted: more than your 0\.5% slippage, so this swap would fail\. Wait for a new quote, swap less or raise slippage\.$/,
  );
  const simulated = preview.simulated as { amountOut: bigint };
  expect(simulated.amountOut).toBeLessThan(estimate.minimumReceived);
});

test('preview of an add: the LP tokens simulated are the LP tokens minted', async () => {
  await connect();
  const other = token();
  const amountA = 10n ** 15n;
  // The first add approves the token (max); the preview needs it in place.
  const matching = async () => {
    const pair = (await getLiquidityPair(n.baseToken, other))!;
    return (amountA * pair.reserveB) / pair.reserveA + 1n;
  };
  await addLiquidity({ symbolA: n.baseToken, symbolB: other, amountA, amountB: await matching() });
  resetReaders();
  const again = { amountB: await matching() };
  const preview = (await previewAdd({
    networkId: 'BSC',
    symbolA: n.baseToken,
    symbolB: other,
    amountA,
    amountB: again.amountB,
  }))!;
  expect(preview.result).toMatch(
    /^Simulated: 0\.001 \w+ and .* leave your wallet, .* LP tokens arrive\.$/,
  );
  expect(preview.fee).toMatch(/^Estimated network fee: /);
  const simulated = preview.simulated as { lpTokens: bigint };
  const lp = (await getLiquidityPair(n.baseToken, other))!.pair!;
  const before = await balanceOf(lp, ACCOUNT);
  await addLiquidity({ symbolA: n.baseToken, symbolB: other, amountA, amountB: again.amountB });
  expect((await balanceOf(lp, ACCOUNT)) - before).toBe(simulated.lpTokens);
});

// ------------------------------------------------ a swap waiting on a hash that was replaced

async function rpc<T>(method: string, params: unknown[] = []): Promise<T> {
  const res = await fetch(n.nodeUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(body.error.message);
  return body.result as T;
}

interface PoolTx {
  hash: string;
  to: string;
  input: string;
  value: string;
  nonce: string;
  gas: string;
  gasPrice: string;
  maxFeePerGas?: string;
}

const max = (a: string, b: string | undefined) =>
  b !== undefined && BigInt(b) > BigInt(a) ? BigInt(b) : BigInt(a);

/** The account's transaction waiting in anvil's pool (automining off). */
async function waitingSwap(): Promise<PoolTx> {
  // Anvil's pending block may still list a transaction replaced earlier: only an unused nonce.
  const next = BigInt(await rpc<string>('eth_getTransactionCount', [ACCOUNT, 'latest']));
  for (let i = 0; i < 200; i += 1) {
    const block = await rpc<{ transactions: PoolTx[] }>('eth_getBlockByNumber', ['pending', true]);
    const found = block.transactions.find(
      (t) =>
        (t as { from?: string }).from?.toLowerCase() === ACCOUNT.toLowerCase() &&
        BigInt(t.nonce) >= next,
    );
    if (found) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('no swap in the pool');
}

/** Sends `tx` from the account with the original's nonce at twice its price, then mines a block. */
async function replaceAndMine(original: PoolTx, tx: { to: string; data: string; value: string }) {
  const hash = await rpc<string>('eth_sendTransaction', [
    {
      from: ACCOUNT,
      ...tx,
      nonce: original.nonce,
      gas: original.gas,
      gasPrice: `0x${(max(original.gasPrice, original.maxFeePerGas) * 2n).toString(16)}`,
    },
  ]);
  await rpc('evm_mine');
  return hash;
}

describe('a swap waiting on its hash follows a replacement (automining off)', () => {
  beforeEach(async () => {
    await rpc('evm_setAutomine', [false]);
  });
  afterEach(async () => {
    await rpc('evm_setAutomine', [true]);
  });

  test('sped up: the swap succeeds with the new hash, the tokens arrive', async () => {
    await connect();
    const estimate = await buyEstimate();
    const before = await balanceOf(n.tokens[token()]!.address, ACCOUNT);
    const swap = executeSwap({ estimate });
    const original = await waitingSwap();
    const faster = await replaceAndMine(original, {
      to: original.to,
      data: original.input,
      value: original.value,
    });
    // The replacement's receipt: its hash, what it cost, its logs (what arrived is read from them).
    const result = await swap;
    expect(result.txid).toBe(faster);
    expect(result.fee).toBeGreaterThan(0n);
    expect(result.logs?.length).toBeGreaterThan(0);
    expect(await balanceOf(n.tokens[token()]!.address, ACCOUNT)).toBeGreaterThan(before);
  });

  test('cancelled: the swap ends as cancelled (no tokens moved), not as a failure', async () => {
    await connect();
    const estimate = await buyEstimate();
    const before = await balanceOf(n.tokens[token()]!.address, ACCOUNT);
    const swap = executeSwap({ estimate });
    const original = await waitingSwap();
    await replaceAndMine(original, { to: ACCOUNT, data: '0x', value: '0x0' });
    const error = await swap.catch((e: unknown) => e);
    expect((error as { code?: string }).code).toBe('TRANSACTION_CANCELLED');
    expect((error as Error).message).toBe(
      "This swap was cancelled: no tokens moved, only the cancel's network fee was paid.",
    );
    expect(await balanceOf(n.tokens[token()]!.address, ACCOUNT)).toBe(before);
  });

  test('cancelled before the page read it back (the node has only the cancel): still cancelled, not "No receipt"', async () => {
    const provider = await connect();
    const request = provider.request.bind(provider);
    // The user cancels in the wallet at once: mined before the wallet's answer reaches the page.
    provider.request = async ({ method, params }) => {
      const answer = await request({ method, params });
      if (method !== 'eth_sendTransaction') return answer;
      const original = await rpc<PoolTx>('eth_getTransactionByHash', [answer]);
      await replaceAndMine(original, { to: ACCOUNT, data: '0x', value: '0x0' });
      expect(await rpc('eth_getTransactionByHash', [answer])).toBeNull();
      return answer;
    };
    const estimate = await buyEstimate();
    const before = await balanceOf(n.tokens[token()]!.address, ACCOUNT);
    const error = await executeSwap({ estimate }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'TRANSACTION_CANCELLED',
      message: "This swap was cancelled: no tokens moved, only the cancel's network fee was paid.",
    });
    expect(await balanceOf(n.tokens[token()]!.address, ACCOUNT)).toBe(before);
  }, 60_000);
});
