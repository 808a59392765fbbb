/**
 * The TRON adapter against the real TRON devnode (anvil + the java-tron HTTP API), seeded with the
 * DEX by startTronNetwork: dev wallet and TronLink-like connections, reserves and balances, swaps
 * whose real balance changes equal the local estimate to the base unit (TRX changes include the
 * burned fee from the transaction info), taxed JM buy and sell, approvals, liquidity, createPair,
 * resources and the energy rule, a declined signature and failed transactions.
 */
import { TronWeb } from 'tronweb';
import { productionNetwork, startTronNetwork, type TronNetwork } from '@jmswap/devnet';
import type { NetworkConfig } from '../../config/types';
import { savedChains, TRON_TEST_ACCOUNTS } from '../../test/chains';
import { MAX_APPROVAL } from '../../core/constants';
import { approvalSteps } from '../../services/approval';
import { checkTronFees } from '../../core/energy';
import { estimateAmountNeeded, estimateSwap } from '../../core/estimate';
import { otherLiquidityAmount } from '../../core/liquidity';
import type { PoolReserves } from '../../core/paths';
import { TRON_MAINNET_CHAIN_ID } from './chain';
import { TronDevConnector, TRON_DEV_PRIVATE_KEY } from './dev-wallet';
import { minedFailureOf, TRANSACTION_FAILED } from '../../core/errors';
import { swapMoved } from '../../services/moved';
import { tronAdapter } from './index';
import { PAIR_ABI, ROUTER_ABI, SWAP_INFO_ABI, TOKEN_ABI } from '../abis.generated';
import { taxesBytes32 } from './contracts';
import { TronReader, TRON_ZERO_ADDRESS, type TronPairReserves } from './reader';
import { TronLinkConnector, type TronLinkWindow, watchAsset } from './tronlink';
import type { TronWebLike } from './tronweb-like';
import { TronWriter, type TronTxResult } from './writer';

jest.setTimeout(180_000);

// Ports clear of the devnet (8090/8545-8549) and the devnet package's tests (18601-18604, 187xx/187 9x).
const ANVIL_PORT = 18741;
const NODE_PORT = 18841;
/** anvil's keys #0..#4: the TRON dev accounts. */
const KEYS = [
  TRON_DEV_PRIVATE_KEY,
  '59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  '5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  '7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
  '47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a',
];
const addressOfKey = (key: string) => TronWeb.address.fromPrivateKey(key) as string;

let net: TronNetwork;
let network: NetworkConfig;
let reader: TronReader;

beforeAll(async () => {
  net = await startTronNetwork({
    network: productionNetwork('TRON'),
    devAccounts: TRON_TEST_ACCOUNTS,
    port: NODE_PORT,
    anvilPort: ANVIL_PORT,
    history: { swaps: 0, days: 0 },
    ...savedChains(),
  });
  network = net.config;
  reader = new TronReader(network);
});

afterAll(async () => {
  await net?.stop();
});

async function pools(): Promise<TronPairReserves[]> {
  reader.reset();
  const reserves = await reader.pairReserves();
  if (!reserves) throw new Error('no reserves');
  return reserves;
}

async function balance(owner: string, symbol: string): Promise<bigint> {
  reader.reset();
  const all = await reader.balances(owner, [symbol]);
  if (!all) throw new Error('no balance');
  return all[symbol] as bigint;
}

function pool(reserves: PoolReserves[], a: string, b: string) {
  const found = reserves.find(
    (p) => (p.symbolA === a && p.symbolB === b) || (p.symbolA === b && p.symbolB === a),
  );
  if (!found) throw new Error(`no pool ${a}/${b}`);
  return found.symbolA === a
    ? { reserveA: found.reserveA, reserveB: found.reserveB }
    : { reserveA: found.reserveB, reserveB: found.reserveA };
}

async function setResources(address: string, body: Record<string, number>): Promise<unknown> {
  const response = await fetch(`${network.nodeUrl}/devnode/setresources`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ address, ...body }),
  });
  expect(response.ok).toBe(true);
  return response.json();
}

async function devWriter(key = TRON_DEV_PRIVATE_KEY) {
  const wallet = await new TronDevConnector({ privateKey: key }).connect(network);
  return { wallet, writer: new TronWriter(network, wallet, { pollIntervalMs: 100 }) };
}

describe('connect and read', () => {
  test('the dev wallet connects with dev key #0 on the devnode chain', async () => {
    const wallet = await tronAdapter.connectors()[1]!.connect(network);
    expect(wallet.kind).toBe('dev');
    expect(wallet.platform).toBe('tron');
    expect(wallet.address).toBe(addressOfKey(KEYS[0]!));
    expect(await wallet.chainId()).toBe(TRON_MAINNET_CHAIN_ID);
    await expect(wallet.switchChain(network)).resolves.toBeUndefined();
    await expect(
      wallet.switchChain({ ...network, name: 'Nile', chainId: 3448148188 }),
    ).rejects.toMatchObject({
      code: 'WRONG_NETWORK',
      message: expect.stringMatching(/connected to TRON Mainnet.*Switch/),
    });
  });

  test('pair reserves: every pool through swap-info, WTRX mapped to TRX, cached 5 s', async () => {
    const reserves = await pools();
    expect(reserves).toHaveLength(21);
    for (const p of reserves) {
      expect(network.pools.some((c) => c.address === p.pair)).toBe(true);
      expect(network.tokens[p.symbolA]).toBeDefined();
      expect(network.tokens[p.symbolB]).toBeDefined();
      expect(p.reserveA).toBeGreaterThan(0n);
      expect(p.reserveB).toBeGreaterThan(0n);
    }
    expect(reserves.some((p) => p.symbolA === 'WTRX' || p.symbolB === 'WTRX')).toBe(false);
    pool(reserves, 'TRX', 'JM');
    pool(reserves, 'JM', 'USDT');
    // cached: the same answer within 5 s, a fresh one after reset()
    expect(await reader.pairReserves()).toBe(reserves);
    reader.reset();
    expect(await reader.pairReserves()).not.toBe(reserves);
    expect(reader.status$.value).toBe('ok');
  });

  test('balances (TRX in sun, tokens via balanceOf), allowance, router quote', async () => {
    const me = addressOfKey(KEYS[1]!);
    const tw = new TronWeb({ fullHost: network.nodeUrl });
    reader.reset();
    const all = await reader.balances(me, ['TRX', 'JM', 'USDT']);
    expect(all?.TRX).toBe(BigInt(await tw.trx.getBalance(me)));
    expect(all?.JM).toBeGreaterThan(0n);
    expect(all?.USDT).toBeGreaterThan(0n);
    expect(await reader.allowance('TRX', me, network.exchange.ROUTER_ADDRESS)).toBe(MAX_APPROVAL);
    expect(await reader.allowance('JM', me, network.exchange.ROUTER_ADDRESS)).toBe(0n);
    const reserves = await pools();
    const local = estimateSwap({
      tokens: network.tokens,
      pools: reserves,
      from: 'TRX',
      to: 'JM',
      amountIn: 5_000_000n,
    });
    expect(await reader.routerQuote('exactIn', 5_000_000n, local!.path)).toEqual(local!.amounts);
    const needed = estimateAmountNeeded({
      tokens: network.tokens,
      pools: reserves,
      from: 'JM',
      to: 'USDT',
      amountOut: 1_000_000n,
    });
    expect(await reader.routerQuote('exactOut', 1_000_000n, needed!.path)).toEqual(needed!.amounts);
  });

  test('an unreachable node: reads yield undefined and status$ says unreachable', async () => {
    const nowhere = 'http://127.0.0.1:1';
    const dead = new TronReader({ ...network, nodeUrl: nowhere, nodeUrls: [nowhere] });
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(await dead.pairReserves()).toBeUndefined();
      expect(await dead.balances(addressOfKey(KEYS[1]!), ['TRX'])).toBeUndefined();
      expect(dead.status$.value).toBe('unreachable');
    } finally {
      spy.mockRestore();
    }
  });
});

describe('swaps: real balance changes equal the local estimate to the base unit', () => {
  const KEY = KEYS[1]!;
  const me = addressOfKey(KEY);

  async function swapAndMeasure(
    writer: TronWriter,
    from: string,
    to: string,
    send: () => Promise<TronTxResult>,
  ) {
    const before = { from: await balance(me, from), to: await balance(me, to) };
    const result = await send();
    const after = { from: await balance(me, from), to: await balance(me, to) };
    const burned = (symbol: string) => (symbol === 'TRX' ? result.fee : 0n);
    return {
      result,
      paid: before.from - after.from - burned(from),
      received: after.to - before.to + burned(to),
    };
  }

  test('exact in TRX -> JM (taxed buy)', async () => {
    const { writer } = await devWriter(KEY);
    const est = estimateSwap({
      tokens: network.tokens,
      pools: await pools(),
      from: 'TRX',
      to: 'JM',
      amountIn: 123_456_789n,
    })!;
    const { paid, received, result } = await swapAndMeasure(writer, 'TRX', 'JM', () =>
      writer.swap({
        kind: 'exactIn',
        path: est.path,
        amount: est.amountIn,
        bound: est.minimumReceived,
        recipient: me,
      }),
    );
    expect(result.txid).toMatch(/^[0-9a-f]{64}$/);
    expect(result.fee).toBeGreaterThan(0n); // no staked energy: TRX burned
    expect(paid).toBe(est.amountIn);
    expect(received).toBe(est.amountOut);
    // the receipt's logs say the same (what the success popup shows)
    expect(swapMoved(network, { path: est.path, recipient: me }, result.logs!)).toEqual({
      spent: est.amountIn,
      received: est.amountOut,
    });
  });

  test('approval requested once and not again; exact in JM -> TRX (taxed sell)', async () => {
    const { writer } = await devWriter(KEY);
    const router = network.exchange.ROUTER_ADDRESS;
    expect(await reader.allowance('JM', me, router)).toBe(0n);
    const approval = await writer.approve('JM', router, MAX_APPROVAL);
    expect(approval.info.receipt?.result).toBe('SUCCESS');
    reader.reset();
    expect(await reader.allowance('JM', me, router)).toBe(MAX_APPROVAL);
    const steps = async () =>
      approvalSteps({
        allowance: (await reader.allowance('JM', me, router))!,
        amount: 1n,
        mode: 'max',
        resetRequired: false,
      });
    expect(await steps()).toEqual([]); // not again

    const est = estimateSwap({
      tokens: network.tokens,
      pools: await pools(),
      from: 'JM',
      to: 'TRX',
      amountIn: 2_500_000_000n,
    })!;
    const { paid, received } = await swapAndMeasure(writer, 'JM', 'TRX', () =>
      writer.swap({
        kind: 'exactIn',
        path: est.path,
        amount: est.amountIn,
        bound: est.minimumReceived,
        recipient: me,
      }),
    );
    expect(paid).toBe(est.amountIn);
    expect(received).toBe(est.amountOut);
    // the max allowance survives the swap: still no second approval
    reader.reset();
    expect(await reader.allowance('JM', me, router)).toBe(MAX_APPROVAL);
    expect(await steps()).toEqual([]);
  });

  test('exact out TRX -> USDT (the router refunds the unused maximum)', async () => {
    const { writer } = await devWriter(KEY);
    const est = estimateAmountNeeded({
      tokens: network.tokens,
      pools: await pools(),
      from: 'TRX',
      to: 'USDT',
      amountOut: 7_654_321n,
    })!;
    const { paid, received } = await swapAndMeasure(writer, 'TRX', 'USDT', () =>
      writer.swap({
        kind: 'exactOut',
        path: est.path,
        amount: est.amountOut,
        bound: est.maximumSold,
        recipient: me,
      }),
    );
    expect(paid).toBe(est.amountIn);
    expect(received).toBe(est.amountOut);
  });

  test('exact out USDT -> TRX', async () => {
    const { writer } = await devWriter(KEY);
    await writer.approve('USDT', network.exchange.ROUTER_ADDRESS, MAX_APPROVAL);
    const est = estimateAmountNeeded({
      tokens: network.tokens,
      pools: await pools(),
      from: 'USDT',
      to: 'TRX',
      amountOut: 3_000_000n,
    })!;
    const { paid, received } = await swapAndMeasure(writer, 'USDT', 'TRX', () =>
      writer.swap({
        kind: 'exactOut',
        path: est.path,
        amount: est.amountOut,
        bound: est.maximumSold,
        recipient: me,
      }),
    );
    expect(paid).toBe(est.amountIn);
    expect(received).toBe(est.amountOut);
  });

  test('exact out TRX -> JM (taxed buy of an exact amount)', async () => {
    const { writer } = await devWriter(KEY);
    const est = estimateAmountNeeded({
      tokens: network.tokens,
      pools: await pools(),
      from: 'TRX',
      to: 'JM',
      amountOut: 1_000_000_000n,
    })!;
    const { paid, received } = await swapAndMeasure(writer, 'TRX', 'JM', () =>
      writer.swap({
        kind: 'exactOut',
        path: est.path,
        amount: est.amountOut,
        bound: est.maximumSold,
        recipient: me,
      }),
    );
    expect(paid).toBe(est.amountIn);
    expect(received).toBe(est.amountOut);
  });
});

describe('liquidity', () => {
  const KEY = KEYS[2]!;
  const me = addressOfKey(KEY);

  /** The services approve before a liquidity send (services/approval); the writer never does. */
  const approveAll = async (writer: TronWriter, spender: string, ...tokens: string[]) => {
    for (const token of tokens) await writer.approve(token, spender, MAX_APPROVAL);
  };
  const L = () => network.exchange.LIQUIDITY_ROUTER;

  test('add and remove TRX/JM through the liquidity router (tax-free)', async () => {
    const { writer } = await devWriter(KEY);
    await approveAll(writer, L(), 'JM');
    const { reserveA, reserveB } = pool(await pools(), 'TRX', 'JM');
    const amountA = 50_000_000n;
    const amountB = otherLiquidityAmount('A', amountA, reserveA, reserveB)!;
    const before = { trx: await balance(me, 'TRX'), jm: await balance(me, 'JM') };
    const added = await writer.addLiquidity({
      symbolA: 'TRX',
      symbolB: 'JM',
      amountA,
      amountB,
      minA: (amountA * 99n) / 100n,
      minB: (amountB * 99n) / 100n,
      recipient: me,
    });
    expect(added.info.receipt?.result).toBe('SUCCESS');
    reader.reset();
    const liquidityRouter = network.exchange.LIQUIDITY_ROUTER;
    expect(await reader.allowance('JM', me, liquidityRouter)).toBe(MAX_APPROVAL);
    const after = { trx: await balance(me, 'TRX'), jm: await balance(me, 'JM') };
    // TRX paid: at most amountA (+ the add's burned fee); JM: at most amountB, no tax
    expect(before.jm - after.jm).toBeLessThanOrEqual(amountB);
    expect(before.jm - after.jm).toBeGreaterThan((amountB * 99n) / 100n);
    expect(before.trx - after.trx).toBeLessThanOrEqual(amountA + added.fee);
    expect(before.trx - after.trx).toBeGreaterThan((amountA * 99n) / 100n + added.fee);

    const positions = (await reader.userPositions(me))!;
    const position = positions.find((p) => [p.symbolA, p.symbolB].sort().join() === 'JM,TRX')!;
    expect(position).toBeDefined();
    expect(position.userLiquidity).toBeGreaterThan(0n);
    expect(position.pair).toBe(network.pools.find((p) => p.symbolB === 'JM')!.address);

    await approveAll(writer, L(), position.pair);
    const trxBefore = await balance(me, 'TRX');
    const removed = await writer.removeLiquidity({
      symbolA: 'TRX',
      symbolB: 'JM',
      lpTokens: position.userLiquidity,
      minA: 0n,
      minB: 0n,
      recipient: me,
    });
    expect(removed.info.receipt?.result).toBe('SUCCESS');
    reader.reset();
    const gone = (await reader.userPositions(me))!.find((p) => p.pair === position.pair);
    expect(gone).toBeUndefined();
    expect(await balance(me, 'TRX')).toBeGreaterThan(trxBefore);
  });

  test('add and remove token-token (JM/USDT)', async () => {
    const { writer } = await devWriter(KEY);
    const { reserveA, reserveB } = pool(await pools(), 'JM', 'USDT');
    const amountA = 10_000_000_000n;
    const amountB = otherLiquidityAmount('A', amountA, reserveA, reserveB)!;
    await approveAll(writer, L(), 'JM', 'USDT');
    await writer.addLiquidity({
      symbolA: 'JM',
      symbolB: 'USDT',
      amountA,
      amountB,
      minA: 0n,
      minB: 0n,
      recipient: me,
    });
    const position = (await reader.userPositions(me))!.find(
      (p) => [p.symbolA, p.symbolB].sort().join() === 'JM,USDT',
    )!;
    expect(position.userLiquidity).toBeGreaterThan(0n);
    await approveAll(writer, L(), position.pair);
    const usdtBefore = await balance(me, 'USDT');
    await writer.removeLiquidity({
      symbolA: 'JM',
      symbolB: 'USDT',
      lpTokens: position.userLiquidity / 2n,
      minA: 0n,
      minB: 0n,
      recipient: me,
    });
    expect(await balance(me, 'USDT')).toBeGreaterThan(usdtBefore);
  });

  test('SafeMoney (normal router): add, then remove with the fee-on-transfer variant', async () => {
    const { writer } = await devWriter(KEY);
    expect(writer.liquidityRouter('TRX', 'SafeMoney')).toEqual({
      address: network.exchange.ROUTER_ADDRESS,
      normal: true,
    });
    await approveAll(writer, network.exchange.ROUTER_ADDRESS, 'SafeMoney');
    const { reserveA, reserveB } = pool(await pools(), 'TRX', 'SafeMoney');
    const amountA = 20_000_000n;
    const amountB = otherLiquidityAmount('A', amountA, reserveA, reserveB)!;
    await writer.addLiquidity({
      symbolA: 'TRX',
      symbolB: 'SafeMoney',
      amountA,
      amountB,
      minA: 0n,
      minB: 0n,
      recipient: me,
    });
    reader.reset();
    expect(await reader.allowance('SafeMoney', me, network.exchange.ROUTER_ADDRESS)).toBe(
      MAX_APPROVAL,
    );
    const position = (await reader.userPositions(me))!.find(
      (p) => [p.symbolA, p.symbolB].sort().join() === 'SafeMoney,TRX',
    )!;
    await approveAll(writer, network.exchange.ROUTER_ADDRESS, position.pair);
    const removed = await writer.removeLiquidity({
      symbolA: 'TRX',
      symbolB: 'SafeMoney',
      lpTokens: position.userLiquidity,
      minA: 0n,
      minB: 0n,
      recipient: me,
    });
    const tw = new TronWeb({ fullHost: network.nodeUrl });
    const tx = (await tw.trx.getTransaction(removed.txid)) as unknown as {
      raw_data: { contract: { parameter: { value: { data: string } } }[] };
    };
    const selector = tx.raw_data.contract[0]!.parameter.value.data.slice(0, 8);
    expect(selector).toBe(
      TronWeb.sha3(
        'removeLiquidityBaseSupportingFeeOnTransferTokens(address,uint256,uint256,uint256,address,uint256)',
        false,
      ).slice(0, 8),
    );
  });

  test('createPair (fee limit from its simulation, at most 1000 TRX) and the first provider sets the price', async () => {
    const { writer } = await devWriter(KEY);
    expect(await writer.pairAddress('KLV', 'KTY')).toBeUndefined();
    const created = await writer.createPair('KLV', 'KTY');
    const tw = new TronWeb({ fullHost: network.nodeUrl });
    const tx = (await tw.trx.getTransaction(created.txid)) as unknown as {
      raw_data: { fee_limit: number };
    };
    // energy_used + 20% at 100 sun: enough (it went through), and under the spec's 1000 TRX.
    expect(tx.raw_data.fee_limit).toBeLessThan(1_000_000_000);
    expect(BigInt(tx.raw_data.fee_limit)).toBeGreaterThanOrEqual(created.energyUsed * 100n);
    const pair = await writer.pairAddress('KLV', 'KTY');
    expect(pair).toMatch(/^T/);
    await approveAll(writer, L(), 'KLV', 'KTY');
    await writer.addLiquidity({
      symbolA: 'KLV',
      symbolB: 'KTY',
      amountA: 1_000_000n,
      amountB: 4_000_000n,
      minA: 1_000_000n,
      minB: 4_000_000n,
      recipient: me,
    });
    const fresh = await pools();
    expect(fresh).toHaveLength(22);
    expect(pool(fresh, 'KLV', 'KTY')).toEqual({ reserveA: 1_000_000n, reserveB: 4_000_000n });
    const position = (await reader.userPositions(me))!.find((p) => p.pair === pair)!;
    expect(position.userLiquidity).toBe(2_000_000n - 1000n); // sqrt(1e6 * 4e6) - MINIMUM_LIQUIDITY
  });
});

describe('the light reader (HTTP API + small ABI codec) reads what tronweb reads', () => {
  // After the liquidity tests: KEYS[2] holds positions, KEYS[3] gets staked resources.
  test('positions, pair state, balances, resources and quotes equal tronweb results', async () => {
    const tw = new TronWeb({ fullHost: network.nodeUrl });
    tw.setAddress(TRON_ZERO_ADDRESS);
    const at = (abi: readonly unknown[], address: string) =>
      tw.contract(JSON.parse(JSON.stringify(abi)), address) as unknown as {
        methods: Record<string, (...args: unknown[]) => { call(): Promise<unknown> }>;
      };
    const me = addressOfKey(KEYS[2]!);
    reader.reset();
    await pools();
    const positions = (await reader.userPositions(me))!;
    expect(positions.length).toBeGreaterThan(0);
    const info = at(SWAP_INFO_ABI, network.exchange.SWAP_API);
    const page = (await info.methods.getUserLP!(me, 7, 1).call()) as unknown[][];
    for (const position of positions) {
      const i = (page[0] as string[]).findIndex(
        (p) => TronWeb.address.fromHex(p) === position.pair,
      );
      expect(i).toBeGreaterThanOrEqual(0);
      expect([
        position.totalLiquidity,
        position.userLiquidity,
        position.valueA,
        position.valueB,
      ]).toEqual([3, 4, 5, 6].map((k) => BigInt(String(page[k]![i]))));
      const pair = at(PAIR_ABI, position.pair);
      const reserves = (await pair.methods.getReserves!().call()) as unknown[];
      expect(await reader.pairState(position.pair)).toEqual({
        token0: TronWeb.address.fromHex(String(await pair.methods.token0!().call())),
        reserve0: BigInt(String(reserves[0])),
        reserve1: BigInt(String(reserves[1])),
        totalSupply: BigInt(String(await pair.methods.totalSupply!().call())),
        kLast: BigInt(String(await pair.methods.kLast!().call())),
      });
    }
    const symbols = Object.keys(network.tokens).filter((s) => network.tokens[s]!.address !== '');
    const balances = (await reader.balances(me, symbols))!;
    for (const symbol of symbols) {
      const expected =
        symbol === 'TRX'
          ? await tw.trx.getUnconfirmedBalance(me)
          : await at(TOKEN_ABI, network.tokens[symbol]!.address).methods.balanceOf!(me).call();
      expect([symbol, balances[symbol]]).toEqual([symbol, BigInt(String(expected))]);
    }
    const staked = addressOfKey(KEYS[3]!);
    await setResources(staked, { energyLimit: 90_000, energyUsed: 1_234, netLimit: 777 });
    const account = (await tw.trx.getAccountResources(staked)) as unknown as Record<string, number>;
    expect(await reader.resources(staked)).toEqual({
      energy: BigInt((account.EnergyLimit ?? 0) - (account.EnergyUsed ?? 0)),
      bandwidth: BigInt(await tw.trx.getBandwidth(staked)),
    });
    const path = ['JM', 'TRX', 'USDT'];
    const router = at(ROUTER_ABI, network.exchange.ROUTER_ADDRESS);
    const addresses = path.map((s) => network.tokens[s]!.address);
    const taxes = taxesBytes32(network, path);
    const viaTronWeb = (await router.methods.getAmountsOutTaxed!(
      '1000000',
      addresses,
      taxes,
    ).call()) as unknown[];
    const amounts = (Array.isArray(viaTronWeb[0]) ? viaTronWeb[0] : viaTronWeb) as unknown[];
    expect(await reader.routerQuote('exactIn', 1_000_000n, path)).toEqual(
      amounts.map((a) => BigInt(String(a))),
    );
  });
});

describe('resources and the energy rule', () => {
  const KEY = KEYS[3]!;
  const me = addressOfKey(KEY);

  test('energy = EnergyLimit - EnergyUsed, bandwidth = free + staked left; checkTronFees', async () => {
    const trxBalance = await balance(me, 'TRX');
    const check = (energy: bigint, pathLength: number) =>
      checkTronFees({
        energy: Number(energy),
        pathLength,
        trxBalance,
        sellingBase: true,
        sellAmount: trxBalance - 50_000_000n, // leaves 50 TRX
      });

    await setResources(me, { energyLimit: 150_000, energyUsed: 0, netLimit: 5000 });
    let r = (await reader.resources(me))!;
    expect(r.energy).toBe(150_000n);
    expect(r.bandwidth).toBe(5000n + 600n);
    expect(check(r.energy, 2)).toMatchObject({ ok: true, reserveTrx: 47 }); // 50 TRX left >= 47
    expect(check(r.energy, 3)).toMatchObject({ ok: false, variant: 1, reserveTrx: 65 });

    await setResources(me, { energyLimit: 200_000, energyUsed: 30_000 });
    r = (await reader.resources(me))!;
    expect(r.energy).toBe(170_000n);
    expect(check(r.energy, 2)).toEqual({ ok: true, reserveTrx: 0 });
    expect(check(r.energy, 3)).toMatchObject({ ok: false, reserveTrx: 65 });

    await setResources(me, { energyLimit: 260_000, energyUsed: 0 });
    r = (await reader.resources(me))!;
    expect(r.energy).toBe(260_000n);
    expect(check(r.energy, 3)).toEqual({ ok: true, reserveTrx: 0 });

    // enough staked energy and bandwidth: a swap burns no TRX
    const { writer } = await devWriter(KEY);
    const est = estimateSwap({
      tokens: network.tokens,
      pools: await pools(),
      from: 'TRX',
      to: 'USDT',
      amountIn: 1_000_000n,
    })!;
    const result = await writer.swap({
      kind: 'exactIn',
      path: est.path,
      amount: est.amountIn,
      bound: est.minimumReceived,
      recipient: me,
    });
    expect(result.fee).toBe(0n);
    expect(result.energyUsed).toBeGreaterThan(0n);
    r = (await reader.resources(me))!;
    // Usage recovers linearly over 24 h in 3 s slots: a slot may pass before the read.
    expect(r.energy).toBeGreaterThanOrEqual(260_000n - result.energyUsed);
    expect(r.energy).toBeLessThan(260_000n - result.energyUsed + result.energyUsed / 1000n);
  });
});

describe('failures', () => {
  test('OUT_OF_ENERGY -> "Transaction failed" with detail OUT_OF_ENERGY', async () => {
    const KEY = KEYS[4]!;
    const me = addressOfKey(KEY);
    // 3 TRX and no staked energy: 2 TRX left after the 1 TRX sold buys 20 000 energy, too little.
    await net.devnode.setBalance(me, 3_000_000n);
    await setResources(me, { energyLimit: 0, netLimit: 10_000 });
    const { writer } = await devWriter(KEY);
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const error = await writer
        .swap({
          kind: 'exactIn',
          path: ['TRX', 'USDT'],
          amount: 1_000_000n,
          bound: 0n,
          recipient: me,
        })
        .catch((e: unknown) => e);
      expect(error).toMatchObject({
        name: 'ChainError',
        message: TRANSACTION_FAILED,
        code: 'TRANSACTION_FAILED',
        detail: 'OUT_OF_ENERGY',
      });
      expect((error as { txid: string }).txid).toMatch(/^[0-9a-f]{64}$/);
      // mined and failed: the popup's reason and the TRX it still burned
      const mined = minedFailureOf(error)!;
      expect(mined.text).toBe(
        'This swap failed on chain: it ran out of energy. Keep more TRX for fees (or get energy), then try again.',
      );
      expect(mined.fee).toBeGreaterThan(0n);
      expect(3_000_000n - (await balance(me, 'TRX'))).toBe(mined.fee);
    } finally {
      spy.mockRestore();
    }
  });

  test('a swap whose simulation reverts (minimum received not met): nothing is signed, the sentence and the reason', async () => {
    const KEY = KEYS[1]!;
    const me = addressOfKey(KEY);
    const { wallet, writer } = await devWriter(KEY);
    const est = estimateSwap({
      tokens: network.tokens,
      pools: await pools(),
      from: 'TRX',
      to: 'USDT',
      amountIn: 1_000_000n,
    })!;
    const tronWeb = wallet.getTronWeb() as unknown as {
      trx: { sign: (...a: unknown[]) => unknown };
    };
    const sign = jest.spyOn(tronWeb.trx, 'sign');
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await expect(
        writer.swap({
          kind: 'exactIn',
          path: est.path,
          amount: est.amountIn,
          bound: est.amountOut + 1n,
          recipient: me,
        }),
      ).rejects.toMatchObject({
        code: 'SIMULATION_FAILED',
        message:
          'This swap would fail: the price moved beyond your slippage. Try again or raise slippage.',
        reason: 'JMSwap: INSUFFICIENT_OUTPUT_AMOUNT',
      });
      expect(sign).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
      sign.mockRestore();
    }
  });
});

describe('fees from simulation', () => {
  const KEY = KEYS[3]!;
  const me = addressOfKey(KEY);

  async function feeLimitOf(txid: string): Promise<number> {
    const response = await fetch(`${network.nodeUrl}/wallet/gettransactionbyid`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ value: txid }),
    });
    const tx = (await response.json()) as { raw_data: { fee_limit: number } };
    return tx.raw_data.fee_limit;
  }

  /** |shown - burned| within the fee limit's margin (20%) of what was burned (the devnode: equal). */
  const withinMargin = (shown: bigint, burned: bigint) =>
    (shown > burned ? shown - burned : burned - shown) * 100n <= burned * 20n;

  test('a swap: the fee limit is energy_used + 20% (not 100 TRX), and the fee shown equals what is burned', async () => {
    await setResources(me, { energyLimit: 0, netLimit: 0, freeNetUsed: 0 });
    const { writer } = await devWriter(KEY);
    const est = estimateSwap({
      tokens: network.tokens,
      pools: await pools(),
      from: 'TRX',
      to: 'JM',
      amountIn: 2_000_000n,
    })!;
    const order = {
      kind: 'exactIn' as const,
      path: est.path,
      amount: est.amountIn,
      bound: est.minimumReceived,
      recipient: me,
    };
    const preview = await writer.previewSwapFee(order);
    expect(preview.freeEnergy).toBe(0n);
    expect(preview.feeSun).toBeGreaterThan(0n);
    const result = await writer.swap(order);
    expect(withinMargin(preview.feeSun, result.fee)).toBe(true);
    const limit = BigInt(await feeLimitOf(result.txid));
    expect(limit).toBeLessThan(100_000_000n);
    expect(limit).toBeGreaterThanOrEqual(result.energyUsed * 100n);
    expect(limit).toBeLessThanOrEqual(((preview.energyUsed * 120n + 99n) / 100n) * 100n);
  });

  test('an approve: the fee shown equals what is burned', async () => {
    await setResources(me, { energyLimit: 0, netLimit: 0, freeNetUsed: 0 });
    const { writer } = await devWriter(KEY);
    const { previewTronFee } = await import('./simulate');
    const call = {
      abi: TOKEN_ABI,
      address: network.tokens.USDT!.address,
      name: 'approve',
      args: [network.exchange.ROUTER_ADDRESS, '12345'],
    };
    const preview = await previewTronFee(network, me, call, 'approve');
    const result = await writer.approve('USDT', network.exchange.ROUTER_ADDRESS, 12_345n);
    expect(result.fee).toBeGreaterThan(0n);
    expect(withinMargin(preview.feeSun, result.fee)).toBe(true);
  });

  test('an account with frozen energy sees a lower fee (0 when it covers the swap)', async () => {
    const { writer } = await devWriter(KEY);
    const order = {
      kind: 'exactIn' as const,
      path: ['TRX', 'USDT'],
      amount: 1_000_000n,
      bound: 0n,
      recipient: me,
    };
    await setResources(me, { energyLimit: 0, netLimit: 0, freeNetUsed: 0 });
    const none = await writer.previewSwapFee(order);
    await setResources(me, { energyLimit: 1_000_000, energyUsed: 0, netLimit: 10_000, netUsed: 0 });
    const frozen = await writer.previewSwapFee(order);
    expect(frozen.freeEnergy).toBe(1_000_000n);
    expect(frozen.feeSun).toBeLessThan(none.feeSun);
    expect(frozen.feeSun).toBe(0n);
    const result = await writer.swap(order);
    expect(result.fee).toBe(0n);
  });
});

describe('TronLink (a TronLink-like window with a real TronWeb and a dev key)', () => {
  const KEY = KEYS[2]!;
  const me = addressOfKey(KEY);

  interface FakeTronLink {
    win: TronLinkWindow & EventTarget;
    tronWeb: TronWeb;
    requests: unknown[];
    signs: { count: number };
    state: { rejectRequest: boolean; rejectSign: boolean; locked: boolean };
    post(action: string, data?: unknown): void;
  }

  function fakeTronLink(key: string): FakeTronLink {
    const tronWeb = new TronWeb({ fullHost: network.nodeUrl, privateKey: key });
    const state = { rejectRequest: false, rejectSign: false, locked: false };
    const signs = { count: 0 };
    const sign = tronWeb.trx.sign.bind(tronWeb.trx);
    (tronWeb.trx as { sign: unknown }).sign = (...args: Parameters<typeof sign>) => {
      signs.count += 1;
      if (state.rejectSign) {
        return Promise.reject(
          Object.assign(new Error('Confirmation declined by user'), { code: 4001 }),
        );
      }
      return sign(...args);
    };
    const requests: unknown[] = [];
    const target = new EventTarget();
    const win = Object.assign(target, {
      tronLink: {
        ready: true,
        isTronLink: true,
        tronWeb: tronWeb as unknown as TronWebLike,
        request: async (args: { method: string }) => {
          requests.push(args);
          if (args.method === 'tron_requestAccounts') {
            if (state.locked) return '';
            if (state.rejectRequest) return { code: 4001, message: 'User rejected the request.' };
            return { code: 200, message: 'The site is already in the whitelist' };
          }
          if (args.method === 'wallet_watchAsset') return true;
          throw { code: 4200, message: 'unsupported' };
        },
      },
      tronWeb: tronWeb as unknown as TronWebLike,
    }) as unknown as TronLinkWindow & EventTarget;
    const post = (action: string, data: unknown = {}) => {
      const event = new Event('message') as Event & { data: unknown; source: unknown };
      Object.assign(event, { data: { message: { action, data }, isTronLink: true }, source: null });
      target.dispatchEvent(event);
    };
    return { win, tronWeb, requests, signs, state, post };
  }

  const previousWindow = (globalThis as { window?: unknown }).window;
  afterEach(() => {
    (globalThis as { window?: unknown }).window = previousWindow;
  });

  test('connect via tron_requestAccounts, swap signed by window.tronWeb, watchAsset', async () => {
    const fake = fakeTronLink(KEY);
    (globalThis as { window?: unknown }).window = fake.win;
    const connector = tronAdapter.connectors()[0]!;
    expect(connector.kind).toBe('tronlink');
    expect(connector.isAvailable()).toBe(true);
    const wallet = await connector.connect(network);
    expect(wallet.address).toBe(me);
    expect(wallet.name).toBe('TronLink');
    expect(fake.requests).toEqual([{ method: 'tron_requestAccounts' }]);
    await wallet.switchChain(network);

    const writer = tronAdapter.createWriter(network, wallet);
    const est = estimateSwap({
      tokens: network.tokens,
      pools: await pools(),
      from: 'TRX',
      to: 'JM',
      amountIn: 3_000_000n,
    })!;
    const before = await balance(me, 'JM');
    const result = await writer.swap({
      kind: 'exactIn',
      path: est.path,
      amount: est.amountIn,
      bound: est.minimumReceived,
      recipient: me,
    });
    expect(result.txid).toMatch(/^[0-9a-f]{64}$/);
    expect(fake.signs.count).toBe(1);
    expect((await balance(me, 'JM')) - before).toBe(est.amountOut);

    expect(await watchAsset(network.tokens.JM!)).toBe(true);
    expect(fake.requests[1]).toEqual({
      method: 'wallet_watchAsset',
      params: { type: 'trc20', options: { address: network.tokens.JM!.address } },
    });
    await wallet.disconnect();
  });

  test('a declined signature (4001) broadcasts nothing and moves nothing', async () => {
    const fake = fakeTronLink(KEY);
    (globalThis as { window?: unknown }).window = fake.win;
    const wallet = await new TronLinkConnector({ injectionTimeoutMs: 200 }).connect(network);
    const writer = tronAdapter.createWriter(network, wallet);
    fake.state.rejectSign = true;
    const trx = await balance(me, 'TRX');
    const jm = await balance(me, 'JM');
    const count = (await (await fetch(`${network.nodeUrl}/devnode/info`)).json()) as unknown;
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await expect(
        writer.swap({
          kind: 'exactIn',
          path: ['TRX', 'JM'],
          amount: 1_000_000n,
          bound: 0n,
          recipient: me,
        }),
      ).rejects.toMatchObject({ name: 'ChainError', code: '4001' });
    } finally {
      spy.mockRestore();
    }
    expect(fake.signs.count).toBe(1);
    expect(await balance(me, 'TRX')).toBe(trx);
    expect(await balance(me, 'JM')).toBe(jm);
    expect(await (await fetch(`${network.nodeUrl}/devnode/info`)).json()).toEqual(count);
  });

  test('declined connection -> 4001; locked or missing TronLink -> "Install or unlock TronLink"', async () => {
    const fake = fakeTronLink(KEY);
    (globalThis as { window?: unknown }).window = fake.win;
    const connector = new TronLinkConnector({ injectionTimeoutMs: 200, stepMs: 20 });
    const info = jest.spyOn(console, 'info').mockImplementation(() => undefined);
    try {
      fake.state.rejectRequest = true;
      await expect(connector.connect(network)).rejects.toMatchObject({ code: '4001' });
      expect(info).toHaveBeenCalledWith('TronLink: connection request declined');
    } finally {
      info.mockRestore();
    }
    fake.state.rejectRequest = false;
    fake.state.locked = true;
    await expect(connector.connect(network)).rejects.toThrow('Install or unlock TronLink');
    (globalThis as { window?: unknown }).window = new EventTarget();
    expect(connector.isAvailable()).toBe(false);
    await expect(connector.connect(network)).rejects.toThrow('Install or unlock TronLink');
  });

  test('setAccount messages and the 5 s poll emit real account changes only', async () => {
    const fake = fakeTronLink(KEY);
    (globalThis as { window?: unknown }).window = fake.win;
    const wallet = await new TronLinkConnector({ addressPollMs: 60_000 }).connect(network);
    const changes: unknown[] = [];
    const off = wallet.onChange((change) => changes.push(change));
    // a forged or stale message: the address did not change, nothing is emitted
    fake.post('setAccount', { address: addressOfKey(KEYS[3]!) });
    fake.post('somethingElse', {});
    expect(changes).toEqual([]);
    // the account really changes in TronLink
    fake.tronWeb.setPrivateKey(KEYS[3]!);
    fake.post('setAccount', { address: addressOfKey(KEYS[3]!) });
    expect(changes).toEqual([{ type: 'accounts', value: addressOfKey(KEYS[3]!) }]);
    expect(wallet.address).toBe(addressOfKey(KEYS[3]!));
    off();
    await wallet.disconnect();
  });
});
