/**
 * The DEX on the TRON devnode, driven by the unmodified tronweb package: the network seeded by
 * startTronNetwork (deployNetwork with the TRON token set), every DEX contract through
 * contract().at(), every router swap kind (taxed JM buy and sell against the Taxed quotes),
 * liquidity with TRX and token-token, createPair, swap events, and the energy rule.
 */
import { TronWeb } from 'tronweb';
import { startTronNetwork, type TronNetwork } from './index';
import { productionNetwork } from '../config/production';
import { at, KEYS, type LooseContract } from './test-support';

jest.setTimeout(180_000);

const ANVIL_PORT = 18703;
const NODE_PORT = 18793;
const MAX = (1n << 256n) - 1n;
const FEE = { feeLimit: 100_000_000 };
const LIQ_FEE = { feeLimit: 200_000_000 };

let net: TronNetwork;
let url: string;
const tw = (key: string) => new TronWeb({ fullHost: url, privateKey: key });
const addrOf = (key: string) => TronWeb.address.fromPrivateKey(key) as string;
const taxes = (...percents: number[]) =>
  percents.map((p) => '0x' + p.toString(16).padStart(64, '0'));
const tok = (symbol: string) => {
  const t = net.config.tokens[symbol];
  if (!t) throw new Error(`no token ${symbol}`);
  return t;
};

// The trader: dev account #1, funded by deployNetwork with TRX and every token.
const KEY = KEYS[1]!;
const ME = () => addrOf(KEY);

interface Info {
  fee?: number;
  blockNumber: number;
  result?: string;
  receipt: {
    result?: string;
    energy_usage?: number;
    energy_fee?: number;
    energy_usage_total?: number;
    net_usage?: number;
    net_fee?: number;
  };
  log?: unknown[];
}

async function info(t: TronWeb, txid: string): Promise<Info> {
  return (await t.trx.getTransactionInfo(txid)) as unknown as Info;
}

async function deadline(t: TronWeb): Promise<number> {
  const b = await t.trx.getCurrentBlock();
  return Math.floor(b.block_header.raw_data.timestamp / 1000) + 600;
}

async function sendOk(t: TronWeb, p: Promise<unknown>): Promise<Info & { txid: string }> {
  const txid = String(await p);
  const i = await info(t, txid);
  if (i.receipt.result !== 'SUCCESS') throw new Error(`tx ${txid} failed: ${JSON.stringify(i)}`);
  return { ...i, txid };
}

/** A uint256[] result: tronweb returns the outputs tuple, whose only entry is the array. */
const arr = (r: unknown): bigint[] => {
  const a = r as unknown[];
  return (Array.isArray(a[0]) ? a[0] : a) as bigint[];
};

const balanceOf = async (c: LooseContract, who: string) =>
  (await c.methods.balanceOf!(who).call()) as bigint;

beforeAll(async () => {
  net = await startTronNetwork({
    network: productionNetwork('TRON'),
    devAccounts: KEYS.map((k) => '0x' + TronWeb.address.toHex(addrOf(k)).slice(2)),
    port: NODE_PORT,
    anvilPort: ANVIL_PORT,
    history: { swaps: 4, days: 1 },
  });
  url = net.devnode.url;
});

afterAll(async () => {
  await net?.stop();
});

describe('seeded TRON network', () => {
  test('config: 21 tokens with decimals/taxes, 21 pools, base58 addresses everywhere', async () => {
    const cfg = net.config;
    expect(cfg.platform).toBe('tron');
    expect(cfg.chainId).toBe(728126428);
    expect(cfg.nodeUrl).toBe(`http://127.0.0.1:${NODE_PORT}`);
    expect(Object.keys(cfg.tokens)).toHaveLength(21);
    expect(cfg.pools).toHaveLength(21);
    for (const a of Object.values(cfg.exchange).filter((v): v is string => typeof v === 'string'))
      expect(TronWeb.isAddress(a) && a.startsWith('T')).toBe(true);
    for (const p of cfg.pools) expect(p.address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    const t = tw(KEY);
    for (const token of Object.values(cfg.tokens)) {
      expect(token.address.startsWith('T')).toBe(true);
      expect(token.hex).toBe(TronWeb.address.toHex(token.address));
      const c = await at(t, token.address);
      expect(Number(await c.methods.decimals!().call())).toBe(token.decimals);
    }
    expect(tok('TRX').decimals).toBe(6);
    expect(tok('TRX').isBase).toBe(true);
    expect([
      tok('JM').tax,
      tok('SafeMoney').tax,
      tok('BBT').tax,
      tok('CYFM').tax,
      tok('USDT').tax,
    ]).toEqual([3, 10, 5, 5, 0]);
    expect(tok('JM').canAddToken).toBe(true);
    expect(tok('SafeMoney').useNormalRouterForLiquidity).toBe(true);
    // dev accounts are funded with TRX (below 2^53 sun) and tokens
    expect(await t.trx.getBalance(ME())).toBeGreaterThan(1000 * 1_000_000);
    expect(await balanceOf(await at(t, tok('JM').address), ME())).toBeGreaterThan(0n);
  });

  test('contract().at() and calls on every DEX contract', async () => {
    const t = tw(KEY);
    const ex = net.config.exchange;
    const factory = await at(t, ex.FACTORY_ADDRESS);
    expect(await factory.methods.allPairsLength!().call()).toBeGreaterThanOrEqual(21n);
    expect(TronWeb.address.fromHex(String(await factory.methods.getRouterAddress!().call()))).toBe(
      ex.ROUTER_ADDRESS,
    );
    const pairHex = String(
      await factory.methods.getPair!(tok('TRX').address, tok('JM').address).call(),
    );
    expect(TronWeb.address.fromHex(pairHex)).toBe(net.config.pools[0]!.address);
    const syms = (await factory.methods.getPairSymbols!(
      net.config.pools[0]!.address,
    ).call()) as unknown as string[];
    expect([...syms].sort()).toEqual(['JM', 'WTRX']);
    for (const addr of [ex.ROUTER_ADDRESS, ex.LIQUIDITY_ROUTER]) {
      const r = await at(t, addr);
      expect(TronWeb.address.fromHex(String(await r.methods.factory!().call()))).toBe(
        ex.FACTORY_ADDRESS,
      );
      expect(TronWeb.address.fromHex(String(await r.methods.WBASE!().call()))).toBe(
        tok('TRX').address,
      );
    }
    const router = await at(t, ex.ROUTER_ADDRESS);
    const bal = (await router.methods.getPairBalance!(
      tok('TRX').address,
      tok('JM').address,
    ).call()) as unknown as bigint[];
    expect(bal[0]).toBeGreaterThan(0n);
    const infoC = await at(t, ex.SWAP_API);
    expect(await infoC.methods.allPairsLength!().call()).toBeGreaterThanOrEqual(21n);
    const page = (await infoC.methods.getAllPairSymbols!(10, 1).call()) as unknown as unknown[];
    expect(page.length).toBeGreaterThan(0);
    const pair = await at(t, net.config.pools[0]!.address);
    const reserves = (await pair.methods.getReserves!().call()) as unknown as bigint[];
    expect(reserves[0]).toBeGreaterThan(0n);
    const wtrx = await at(t, tok('TRX').address);
    expect(await wtrx.methods.symbol!().call()).toBe('WTRX');
  });
});

describe('swaps (router, Taxed quotes)', () => {
  test('approve the router', async () => {
    const t = tw(KEY);
    for (const s of ['JM', 'USDT']) {
      const c = await at(t, tok(s).address);
      await sendOk(t, c.methods.approve!(net.config.exchange.ROUTER_ADDRESS, MAX).send(FEE));
      expect(await c.methods.allowance!(ME(), net.config.exchange.ROUTER_ADDRESS).call()).toBe(MAX);
    }
  });

  test('swapExactBaseForTokens: taxed JM buy receives exactly the Taxed quote', async () => {
    const t = tw(KEY);
    const router = await at(t, net.config.exchange.ROUTER_ADDRESS);
    const jm = await at(t, tok('JM').address);
    const path = [tok('TRX').address, tok('JM').address];
    const amountIn = 100_000_000n; // 100 TRX
    const quote = arr(await router.methods.getAmountsOutTaxed!(amountIn, path, taxes(0, 3)).call());
    const before = await balanceOf(jm, ME());
    const trxBefore = await t.trx.getBalance(ME());
    const r = await sendOk(
      t,
      router.methods.swapExactBaseForTokens!(0, path, taxes(0, 3), ME(), await deadline(t)).send({
        ...FEE,
        callValue: Number(amountIn),
      }),
    );
    expect((await balanceOf(jm, ME())) - before).toBe(quote[1]);
    expect(trxBefore - (await t.trx.getBalance(ME()))).toBe(Number(amountIn) + (r.fee ?? 0));
    // the swap's events through the event API
    const ev = await t.event.getEventsByTransactionID(r.txid);
    const names = ev.data!.map((e) => e.event_name);
    expect(names).toContain('Swap');
    expect(names).toContain('Transfer');
    const swap = ev.data!.find((e) => e.event_name === 'Swap')!;
    expect(swap.contract_address).toBe(net.config.pools[0]!.address);
    expect(swap.caller_contract_address).toBe(net.config.exchange.ROUTER_ADDRESS);
    expect(swap.transaction_id).toBe(r.txid);
    const byPair = await t.event.getEventsByContractAddress(net.config.pools[0]!.address, {
      eventName: 'Swap',
      limit: 5,
    });
    expect(byPair.data!.map((e) => e.transaction_id)).toContain(r.txid);
  });

  test('swapExactTokensForBase: taxed JM sell receives exactly the Taxed quote', async () => {
    const t = tw(KEY);
    const router = await at(t, net.config.exchange.ROUTER_ADDRESS);
    const path = [tok('JM').address, tok('TRX').address];
    const amountIn = 1_000_000n * 10n ** 8n; // 1M JM
    const quote = arr(await router.methods.getAmountsOutTaxed!(amountIn, path, taxes(3, 0)).call());
    const before = await t.trx.getBalance(ME());
    const r = await sendOk(
      t,
      router.methods.swapExactTokensForBase!(
        amountIn,
        0,
        path,
        taxes(3, 0),
        ME(),
        await deadline(t),
      ).send(FEE),
    );
    expect(BigInt((await t.trx.getBalance(ME())) - before + (r.fee ?? 0))).toBe(quote[1]);
  });

  test('swapExactTokensForTokens (JM -> USDT, and a 3-token path)', async () => {
    const t = tw(KEY);
    const router = await at(t, net.config.exchange.ROUTER_ADDRESS);
    const usdt = await at(t, tok('USDT').address);
    const path = [tok('JM').address, tok('USDT').address];
    const amountIn = 500_000n * 10n ** 8n;
    const quote = arr(await router.methods.getAmountsOutTaxed!(amountIn, path, taxes(3, 0)).call());
    const before = await balanceOf(usdt, ME());
    await sendOk(
      t,
      router.methods.swapExactTokensForTokens!(
        amountIn,
        quote[1],
        path,
        taxes(3, 0),
        ME(),
        await deadline(t),
      ).send(FEE),
    );
    expect((await balanceOf(usdt, ME())) - before).toBe(quote[1]);
    // USDT -> TRX(W) -> JM: 3 tokens, 2 hops
    const jm = await at(t, tok('JM').address);
    const path3 = [tok('USDT').address, tok('TRX').address, tok('JM').address];
    const q3 = arr(
      await router.methods.getAmountsOutTaxed!(10_000_000n, path3, taxes(0, 0, 3)).call(),
    );
    const jmBefore = await balanceOf(jm, ME());
    await sendOk(
      t,
      router.methods.swapExactTokensForTokens!(
        10_000_000n,
        0,
        path3,
        taxes(0, 0, 3),
        ME(),
        await deadline(t),
      ).send(FEE),
    );
    expect((await balanceOf(jm, ME())) - jmBefore).toBe(q3[2]);
  });

  test('exact-out: swapTokensForExactTokens, swapBaseForExactTokens, swapTokensForExactBase', async () => {
    const t = tw(KEY);
    const router = await at(t, net.config.exchange.ROUTER_ADDRESS);
    const jm = await at(t, tok('JM').address);
    const usdt = await at(t, tok('USDT').address);
    // USDT -> exactly 1000 JM (taxed on arrival)
    const want = 1000n * 10n ** 8n;
    const p1 = [tok('USDT').address, tok('JM').address];
    const q1 = arr(await router.methods.getAmountsInTaxed!(want, p1, taxes(0, 3)).call());
    const [jm0, usdt0] = [await balanceOf(jm, ME()), await balanceOf(usdt, ME())];
    await sendOk(
      t,
      router.methods.swapTokensForExactTokens!(
        want,
        q1[0],
        p1,
        taxes(0, 3),
        ME(),
        await deadline(t),
      ).send(FEE),
    );
    expect((await balanceOf(jm, ME())) - jm0).toBe(want);
    expect(usdt0 - (await balanceOf(usdt, ME()))).toBe(q1[0]);
    // TRX -> exactly 500 JM, paying the quote plus an excess that is refunded
    const p2 = [tok('TRX').address, tok('JM').address];
    const want2 = 500n * 10n ** 8n;
    const q2 = arr(await router.methods.getAmountsInTaxed!(want2, p2, taxes(0, 3)).call());
    const [jm1, trx1] = [await balanceOf(jm, ME()), await t.trx.getBalance(ME())];
    const r2 = await sendOk(
      t,
      router.methods.swapBaseForExactTokens!(want2, p2, taxes(0, 3), ME(), await deadline(t)).send({
        ...FEE,
        callValue: Number(q2[0]! + 1_000_000n),
      }),
    );
    expect((await balanceOf(jm, ME())) - jm1).toBe(want2);
    expect(BigInt(trx1 - (await t.trx.getBalance(ME())) - (r2.fee ?? 0))).toBe(q2[0]);
    // USDT -> exactly 3 TRX
    const p3 = [tok('USDT').address, tok('TRX').address];
    const q3 = arr(await router.methods.getAmountsInTaxed!(3_000_000n, p3, taxes(0, 0)).call());
    const trx2 = await t.trx.getBalance(ME());
    const r3 = await sendOk(
      t,
      router.methods.swapTokensForExactBase!(
        3_000_000n,
        q3[0],
        p3,
        taxes(0, 0),
        ME(),
        await deadline(t),
      ).send(FEE),
    );
    expect((await t.trx.getBalance(ME())) - trx2 + (r3.fee ?? 0)).toBe(3_000_000);
  });
});

describe('liquidity', () => {
  test('add and remove liquidity with TRX (JM, LIQUIDITY_ROUTER, tax-free)', async () => {
    const t = tw(KEY);
    const lr = net.config.exchange.LIQUIDITY_ROUTER;
    const router = await at(t, lr);
    const jm = await at(t, tok('JM').address);
    await sendOk(t, jm.methods.approve!(lr, MAX).send(FEE));
    const pairAddr = net.config.pools.find(
      (p) => p.symbolA === 'TRX' && p.symbolB === 'JM',
    )!.address;
    const pair = await at(t, pairAddr);
    const lp0 = await balanceOf(pair, ME());
    const jmAmount = 100_000n * 10n ** 8n;
    const mainRouter = await at(t, net.config.exchange.ROUTER_ADDRESS);
    const calc = (await mainRouter.methods.getPairBalance!(
      tok('JM').address,
      tok('TRX').address,
    ).call()) as unknown as bigint[];
    const trxAmount = (jmAmount * calc[1]!) / calc[0]! + 1_000_000n;
    const jm0 = await balanceOf(jm, ME());
    await sendOk(
      t,
      router.methods.addLiquidityBase!(
        tok('JM').address,
        jmAmount,
        0,
        0,
        ME(),
        await deadline(t),
      ).send({ ...LIQ_FEE, callValue: Number(trxAmount) }),
    );
    const lp1 = await balanceOf(pair, ME());
    expect(lp1).toBeGreaterThan(lp0);
    expect(jm0 - (await balanceOf(jm, ME()))).toBeLessThanOrEqual(jmAmount);
    await sendOk(t, pair.methods.approve!(lr, MAX).send(FEE));
    const trxBefore = await t.trx.getBalance(ME());
    const jmBefore = await balanceOf(jm, ME());
    const r = await sendOk(
      t,
      router.methods.removeLiquidityBase!(
        tok('JM').address,
        lp1 - lp0,
        0,
        0,
        ME(),
        await deadline(t),
      ).send(LIQ_FEE),
    );
    expect(await balanceOf(pair, ME())).toBe(lp0);
    expect((await t.trx.getBalance(ME())) + (r.fee ?? 0)).toBeGreaterThan(trxBefore);
    // tax-free through the liquidity router: roughly what was added comes back (no 3% cut)
    const back = (await balanceOf(jm, ME())) - jmBefore;
    expect(back * 1000n).toBeGreaterThan(jmAmount * 995n);
  });

  test('add and remove token-token liquidity (JM/USDT)', async () => {
    const t = tw(KEY);
    const lr = net.config.exchange.LIQUIDITY_ROUTER;
    const router = await at(t, lr);
    const usdt = await at(t, tok('USDT').address);
    await sendOk(t, usdt.methods.approve!(lr, MAX).send(FEE));
    const pairAddr = net.config.pools.find(
      (p) => p.symbolA === 'JM' && p.symbolB === 'USDT',
    )!.address;
    const pair = await at(t, pairAddr);
    const lp0 = await balanceOf(pair, ME());
    await sendOk(
      t,
      router.methods.addLiquidity!(
        tok('JM').address,
        tok('USDT').address,
        100_000n * 10n ** 8n,
        1_000_000_000n,
        0,
        0,
        ME(),
        await deadline(t),
      ).send(LIQ_FEE),
    );
    const lp1 = await balanceOf(pair, ME());
    expect(lp1).toBeGreaterThan(lp0);
    await sendOk(t, pair.methods.approve!(lr, MAX).send(FEE));
    const usdt0 = await balanceOf(usdt, ME());
    await sendOk(
      t,
      router.methods.removeLiquidity!(
        tok('JM').address,
        tok('USDT').address,
        lp1 - lp0,
        0,
        0,
        ME(),
        await deadline(t),
      ).send(LIQ_FEE),
    );
    expect(await balanceOf(pair, ME())).toBe(lp0);
    expect(await balanceOf(usdt, ME())).toBeGreaterThan(usdt0);
  });

  test('createPair through tronweb; the new pair is usable through contract().at()', async () => {
    const t = tw(KEY);
    const factory = await at(t, net.config.exchange.FACTORY_ADDRESS);
    const n0 = (await factory.methods.allPairsLength!().call()) as bigint;
    await sendOk(
      t,
      factory.methods.createPair!(tok('KLV').address, tok('NFT').address).send({
        feeLimit: 1_000_000_000,
      }),
    );
    expect(await factory.methods.allPairsLength!().call()).toBe(n0 + 1n);
    const pairHex = String(
      await factory.methods.getPair!(tok('KLV').address, tok('NFT').address).call(),
    );
    expect(pairHex).not.toMatch(/^(41)?0{40}$/);
    const pair = await at(tw(KEY), TronWeb.address.fromHex(pairHex));
    expect(await pair.methods.totalSupply!().call()).toBe(0n);
  });
});

describe('energy rule', () => {
  test('the same swap burns no TRX with enough energy, burns TRX without; a tiny fee_limit is OUT_OF_ENERGY', async () => {
    // account #2 trades TRX -> USDT (direct route, product threshold 160000 energy)
    const key = KEYS[2]!;
    const me = addrOf(key);
    const t = tw(key);
    const router = await at(t, net.config.exchange.ROUTER_ADDRESS);
    const path = [tok('TRX').address, tok('USDT').address];
    const swap = async (feeLimit = 100_000_000) =>
      String(
        await router.methods.swapExactBaseForTokens!(
          0,
          path,
          taxes(0, 0),
          me,
          await deadline(t),
        ).send({ feeLimit, callValue: 10_000_000 }),
      );

    await fetch(`${url}/devnode/setresources`, {
      method: 'POST',
      body: JSON.stringify({ address: me, energyLimit: 250_000, netLimit: 5_000 }),
    });
    const res = await t.trx.getAccountResources(me);
    expect(res.EnergyLimit).toBe(250_000);
    const b0 = await t.trx.getBalance(me);
    const i1 = await info(t, await swap());
    expect(i1.receipt.result).toBe('SUCCESS');
    expect(i1.fee).toBeUndefined();
    expect(i1.receipt.energy_usage).toBe(i1.receipt.energy_usage_total);
    expect(i1.receipt.energy_usage_total).toBeLessThan(160_000);
    expect(b0 - (await t.trx.getBalance(me))).toBe(10_000_000);

    await fetch(`${url}/devnode/setresources`, {
      method: 'POST',
      body: JSON.stringify({ address: me, energyLimit: 0, netLimit: 0 }),
    });
    const b1 = await t.trx.getBalance(me);
    const i2 = await info(t, await swap());
    expect(i2.receipt.result).toBe('SUCCESS');
    expect(i2.receipt.energy_fee).toBe(i2.receipt.energy_usage_total! * 100);
    expect(i2.fee).toBeGreaterThan(0);
    expect(b1 - (await t.trx.getBalance(me))).toBe(10_000_000 + i2.fee!);

    const b2 = await t.trx.getBalance(me);
    const i3 = await info(t, await swap(1_000_000));
    expect(i3.receipt.result).toBe('OUT_OF_ENERGY');
    expect(i3.result).toBe('FAILED');
    expect(i3.receipt.energy_fee).toBe(1_000_000);
    expect(b2 - (await t.trx.getBalance(me))).toBe(i3.fee); // the call value came back, the fee_limit was burned
  });
});
