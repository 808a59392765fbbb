import { MaxUint256, Signature, type Wallet } from 'ethers';
import { ANVIL_ACCOUNTS } from '../deploy/deployNetwork';
import {
  approveAll,
  bal,
  deadline,
  expectRevert,
  send,
  startFixture,
  taxesFor,
  type Fixture,
} from './harness';
import { getAmountIn, getAmountOut } from './refMath';

jest.setTimeout(60_000);

let f: Fixture;
let user: Wallet;
let other: string;
const NO_TAXES: string[] = [];

beforeAll(async () => {
  f = await startFixture(18601);
  user = f.wallets[1]!;
  other = ANVIL_ACCOUNTS[8]!;
  await approveAll(f, user, f.config.exchange.ROUTER_ADDRESS);
  await approveAll(f, user, f.config.exchange.LIQUIDITY_ROUTER);
});
afterAll(async () => {
  await f?.stop();
});

const r = () => f.as(f.router, user);
const path = (...symbols: string[]) => symbols.map((s) => f.addr(s));

async function reserves(a: string, b: string): Promise<[bigint, bigint]> {
  return (await f.router.getFunction('getPairBalance')(f.addr(a), f.addr(b))) as [bigint, bigint];
}

describe('router views', () => {
  test('factory() and WBASE()', async () => {
    expect(await f.router.getFunction('factory')()).toBe(f.config.exchange.FACTORY_ADDRESS);
    expect(await f.router.getFunction('WBASE')()).toBe(f.addr('BNB'));
    expect(await f.liquidityRouter.getFunction('factory')()).toBe(
      f.config.exchange.FACTORY_ADDRESS,
    );
    expect(await f.liquidityRouter.getFunction('WBASE')()).toBe(f.addr('BNB'));
    expect(await f.router.getFunction('SHARE_ONE')()).toBe(10n ** 18n);
  });

  test('quote, getAmountOut, getAmountIn follow the Uniswap V2 formulas', async () => {
    expect(await r().getFunction('quote')(10n, 100n, 250n)).toBe(25n);
    expect(await r().getFunction('getAmountOut')(1000n, 50_000n, 80_000n)).toBe(
      getAmountOut(1000n, 50_000n, 80_000n),
    );
    expect(await r().getFunction('getAmountIn')(1000n, 50_000n, 80_000n)).toBe(
      getAmountIn(1000n, 50_000n, 80_000n),
    );
    await expectRevert(
      r().getFunction('getAmountOut')(0n, 1n, 1n),
      'JMSwap: INSUFFICIENT_INPUT_AMOUNT',
    );
    await expectRevert(
      r().getFunction('getAmountOut')(1n, 0n, 1n),
      'JMSwap: INSUFFICIENT_LIQUIDITY',
    );
    await expectRevert(
      r().getFunction('getAmountIn')(0n, 1n, 1n),
      'JMSwap: INSUFFICIENT_OUTPUT_AMOUNT',
    );
    await expectRevert(
      r().getFunction('getAmountIn')(10n, 100n, 10n),
      'JMSwap: INSUFFICIENT_LIQUIDITY',
    );
    await expectRevert(r().getFunction('quote')(0n, 1n, 1n), 'JMSwap: INSUFFICIENT_AMOUNT');
  });

  test('getAmountOutTaxed / getAmountInTaxed', async () => {
    // 1000 in, 3% tax in -> 970 arrive; output taxed 10%.
    const out = getAmountOut(970n, 100_000n, 200_000n);
    expect(await r().getFunction('getAmountOutTaxed')(1000n, 100_000n, 200_000n, 3n, 10n)).toBe(
      out - out / 10n,
    );
    const amountIn = (await r().getFunction('getAmountInTaxed')(
      500n,
      100_000n,
      200_000n,
      3n,
      10n,
    )) as bigint;
    const received = (await r().getFunction('getAmountOutTaxed')(
      amountIn,
      100_000n,
      200_000n,
      3n,
      10n,
    )) as bigint;
    expect(received).toBeGreaterThanOrEqual(500n);
    await expectRevert(
      r().getFunction('getAmountOutTaxed')(1000n, 1n, 1n, 100n, 0n),
      'JMSwap: INVALID_TAXES',
    );
  });

  test('getAmountsOut / getAmountsIn, direct and through three tokens', async () => {
    const [rBU, rUB] = await reserves('BNB', 'USDT');
    const [rUA, rAU] = await reserves('USDT', 'AAA');
    const direct = (await r().getFunction('getAmountsOut')(
      10n ** 18n,
      path('BNB', 'USDT'),
    )) as bigint[];
    expect(direct).toEqual([10n ** 18n, getAmountOut(10n ** 18n, rBU, rUB)]);
    const three = (await r().getFunction('getAmountsOut')(
      10n ** 18n,
      path('BNB', 'USDT', 'AAA'),
    )) as bigint[];
    expect(three[2]).toBe(getAmountOut(direct[1]!, rUA, rAU));
    const back = (await r().getFunction('getAmountsIn')(
      three[2],
      path('BNB', 'USDT', 'AAA'),
    )) as bigint[];
    const mid = getAmountIn(three[2]!, rUA, rAU);
    expect(back).toEqual([getAmountIn(mid, rBU, rUB), mid, three[2]]);
    await expectRevert(r().getFunction('getAmountsOut')(1n, path('BNB')), 'JMSwap: INVALID_PATH');
    await expectRevert(
      r().getFunction('getAmountsOut')(1n, path('BBB', 'JM')),
      'JMSwap: PAIR_NOT_FOUND',
    );
  });

  test('getAmountsOutTaxed with an empty taxes array equals getAmountsOut', async () => {
    const p = path('BNB', 'USDT', 'AAA');
    expect(await r().getFunction('getAmountsOutTaxed')(10n ** 15n, p, NO_TAXES)).toEqual(
      await r().getFunction('getAmountsOut')(10n ** 15n, p),
    );
    expect(await r().getFunction('getAmountsInTaxed')(12345678n, p, NO_TAXES)).toEqual(
      await r().getFunction('getAmountsIn')(12345678n, p),
    );
    await expectRevert(
      r().getFunction('getAmountsOutTaxed')(1n, p, taxesFor([0, 0])),
      'JMSwap: INVALID_TAXES',
    );
  });

  test('getAmountsOutTaxedExactBaseForTokens ignores a tax on the base input', async () => {
    const p = path('BNB', 'JM');
    const a = (await r().getFunction('getAmountsOutTaxedExactBaseForTokens')(
      10n ** 17n,
      p,
      taxesFor([5, 3]),
    )) as bigint[];
    const b = (await r().getFunction('getAmountsOutTaxed')(
      10n ** 17n,
      p,
      taxesFor([0, 3]),
    )) as bigint[];
    expect(a).toEqual(b);
    await expectRevert(
      r().getFunction('getAmountsOutTaxedExactBaseForTokens')(1n, path('USDT', 'BNB'), NO_TAXES),
      'JMSwap: INVALID_PATH',
    );
  });

  test('calcPairLiquidity: amount of the other token and share (1e18 = 100%)', async () => {
    const [rB, rU] = await reserves('BNB', 'USDT');
    const amount = 10n ** 18n;
    const [amountB, share] = (await r().getFunction('calcPairLiquidity')(
      amount,
      f.addr('BNB'),
      f.addr('USDT'),
      false,
    )) as [bigint, bigint];
    expect(amountB).toBe((amount * rU) / rB);
    expect(share).toBe((amount * 10n ** 18n) / (rB + amount));
    const [amountA, shareR] = (await r().getFunction('calcPairLiquidity')(
      1_000_000n,
      f.addr('BNB'),
      f.addr('USDT'),
      true,
    )) as [bigint, bigint];
    expect(amountA).toBe((1_000_000n * rB) / rU);
    expect(shareR).toBe((1_000_000n * 10n ** 18n) / (rU + 1_000_000n));
    // No pair: (0, 100%).
    expect(
      await r().getFunction('calcPairLiquidity')(5n, f.addr('BBB'), f.addr('JM'), false),
    ).toEqual([0n, 10n ** 18n]);
  });

  test('getPairBalance orders by argument; getUserLP / getUserLPwithPair', async () => {
    const pair = f.pair('BNB', 'USDT');
    const [r0, r1] = (await pair.getFunction('getReserves')()) as [bigint, bigint];
    const bnbIs0 = f.addr('BNB').toLowerCase() < f.addr('USDT').toLowerCase();
    expect(await reserves('BNB', 'USDT')).toEqual(bnbIs0 ? [r0, r1] : [r1, r0]);
    expect(await reserves('USDT', 'BNB')).toEqual(bnbIs0 ? [r1, r0] : [r0, r1]);
    expect(await reserves('BBB', 'JM')).toEqual([0n, 0n]);
    const deployer = f.wallets[0]!.address;
    const total = (await pair.getFunction('totalSupply')()) as bigint;
    const mine = (await pair.getFunction('balanceOf')(deployer)) as bigint;
    const lp = (await r().getFunction('getUserLP')(
      deployer,
      f.addr('USDT'),
      f.addr('BNB'),
    )) as bigint[];
    expect(lp).toEqual([total, mine, (mine * 10n ** 18n) / total]);
    expect(await r().getFunction('getUserLPwithPair')(deployer, await pair.getAddress())).toEqual(
      lp,
    );
    expect(await r().getFunction('getUserLP')(deployer, f.addr('BBB'), f.addr('JM'))).toEqual([
      0n,
      0n,
      0n,
    ]);
  });

  test('syncPair and receive()', async () => {
    const pair = f.pair('AAA', 'BBB');
    const pairAddress = await pair.getAddress();
    await send(f.as(f.tokens.BBB!, user).getFunction('transfer')(pairAddress, 777n));
    const before = await reserves('AAA', 'BBB');
    await send(r().getFunction('syncPair')(pairAddress));
    expect(await reserves('AAA', 'BBB')).toEqual([before[0], before[1] + 777n]);
    await send(
      Promise.resolve(
        await user.sendTransaction({ to: f.config.exchange.ROUTER_ADDRESS, value: 1234n }),
      ) as never,
    );
    expect(await f.provider.getBalance(f.config.exchange.ROUTER_ADDRESS)).toBe(1234n);
  });
});

describe('swaps', () => {
  const tokensOut = async (symbol: string, fn: () => Promise<unknown>) => {
    const before = await bal(f, symbol, other);
    await fn();
    return (await bal(f, symbol, other)) - before;
  };

  test('swapExactTokensForTokens direct and through three tokens: returns and delivers the quote', async () => {
    for (const p of [path('USDT', 'AAA'), path('USDT', 'BNB', 'AAA'), path('AAA', 'USDT', 'BNB')]) {
      const amountIn = 250n * 10n ** 6n * (p[0] === f.addr('AAA') ? 10n ** 12n : 1n);
      const quote = (await r().getFunction('getAmountsOut')(amountIn, p)) as bigint[];
      const last = Object.values(f.config.tokens).find(
        (t) => t.address === p[p.length - 1],
      )!.symbol;
      const ret = (await r()
        .getFunction('swapExactTokensForTokens')
        .staticCall(amountIn, quote.at(-1), p, NO_TAXES, other, deadline())) as bigint[];
      expect(ret).toEqual(quote);
      const got = await tokensOut(last, () =>
        send(
          r().getFunction('swapExactTokensForTokens')(
            amountIn,
            quote.at(-1),
            p,
            NO_TAXES,
            other,
            deadline(),
          ),
        ),
      );
      expect(got).toBe(quote.at(-1));
    }
  });

  test('swapTokensForExactTokens: pays the quote, delivers exactly', async () => {
    for (const p of [path('USDT', 'AAA'), path('BBB', 'AAA', 'USDT')]) {
      const amountOut = p.at(-1) === f.addr('AAA') ? 3n * 10n ** 18n : 7_000_000n;
      const quote = (await r().getFunction('getAmountsIn')(amountOut, p)) as bigint[];
      const first = Object.values(f.config.tokens).find((t) => t.address === p[0])!.symbol;
      const last = Object.values(f.config.tokens).find((t) => t.address === p.at(-1))!.symbol;
      const paidBefore = await bal(f, first, user.address);
      const got = await tokensOut(last, () =>
        send(
          r().getFunction('swapTokensForExactTokens')(
            amountOut,
            quote[0],
            p,
            NO_TAXES,
            other,
            deadline(),
          ),
        ),
      );
      expect(got).toBe(amountOut);
      expect(paidBefore - (await bal(f, first, user.address))).toBe(quote[0]);
    }
  });

  test('swapExactBaseForTokens and swapBaseForExactTokens (refund)', async () => {
    const p = path('BNB', 'USDT', 'AAA');
    const value = 10n ** 17n;
    const quote = (await r().getFunction('getAmountsOut')(value, p)) as bigint[];
    const got = await tokensOut('AAA', () =>
      send(
        r().getFunction('swapExactBaseForTokens')(quote[2], p, NO_TAXES, other, deadline(), {
          value,
        }),
      ),
    );
    expect(got).toBe(quote[2]);

    const amountOut = 5_000_000n;
    const p2 = path('BNB', 'USDT');
    const q2 = (await r().getFunction('getAmountsIn')(amountOut, p2)) as bigint[];
    const before = await f.provider.getBalance(user.address);
    let fee = 0n;
    const got2 = await tokensOut('USDT', async () => {
      fee = (
        await send(
          r().getFunction('swapBaseForExactTokens')(amountOut, p2, NO_TAXES, other, deadline(), {
            value: q2[0]! * 2n,
          }),
        )
      ).fee;
    });
    expect(got2).toBe(amountOut);
    expect(before - (await f.provider.getBalance(user.address))).toBe(q2[0]! + fee);
    expect(await f.provider.getBalance(f.config.exchange.ROUTER_ADDRESS)).toBe(1234n); // nothing left behind
  });

  test('swapExactTokensForBase and swapTokensForExactBase', async () => {
    const p = path('AAA', 'USDT', 'BNB');
    const amountIn = 50n * 10n ** 18n;
    const quote = (await r().getFunction('getAmountsOut')(amountIn, p)) as bigint[];
    let before = await f.provider.getBalance(other);
    await send(
      r().getFunction('swapExactTokensForBase')(amountIn, quote[2], p, NO_TAXES, other, deadline()),
    );
    expect((await f.provider.getBalance(other)) - before).toBe(quote[2]);

    const amountOut = 10n ** 16n;
    const q2 = (await r().getFunction('getAmountsIn')(amountOut, path('USDT', 'BNB'))) as bigint[];
    before = await f.provider.getBalance(other);
    const paid = await bal(f, 'USDT', user.address);
    await send(
      r().getFunction('swapTokensForExactBase')(
        amountOut,
        q2[0],
        path('USDT', 'BNB'),
        NO_TAXES,
        other,
        deadline(),
      ),
    );
    expect((await f.provider.getBalance(other)) - before).toBe(amountOut);
    expect(paid - (await bal(f, 'USDT', user.address))).toBe(q2[0]);
  });

  test('slippage bounds and deadline revert with clear reasons', async () => {
    const p = path('USDT', 'AAA');
    const quote = (await r().getFunction('getAmountsOut')(1_000_000n, p)) as bigint[];
    await expectRevert(
      r().getFunction('swapExactTokensForTokens')(
        1_000_000n,
        quote[1]! + 1n,
        p,
        NO_TAXES,
        other,
        deadline(),
      ),
      'JMSwap: INSUFFICIENT_OUTPUT_AMOUNT',
    );
    const qIn = (await r().getFunction('getAmountsIn')(10n ** 18n, p)) as bigint[];
    await expectRevert(
      r().getFunction('swapTokensForExactTokens')(
        10n ** 18n,
        qIn[0]! - 1n,
        p,
        NO_TAXES,
        other,
        deadline(),
      ),
      'JMSwap: EXCESSIVE_INPUT_AMOUNT',
    );
    const qBase = (await r().getFunction('getAmountsIn')(
      1_000_000n,
      path('BNB', 'USDT'),
    )) as bigint[];
    await expectRevert(
      r().getFunction('swapBaseForExactTokens')(
        1_000_000n,
        path('BNB', 'USDT'),
        NO_TAXES,
        other,
        deadline(),
        { value: qBase[0]! - 1n },
      ),
      'JMSwap: EXCESSIVE_INPUT_AMOUNT',
    );
    await expectRevert(
      r().getFunction('swapExactTokensForTokens')(
        1_000_000n,
        0n,
        p,
        NO_TAXES,
        other,
        BigInt(Math.floor(Date.now() / 1000) - 60),
      ),
      'JMSwap: EXPIRED',
    );
    await expectRevert(
      f.as(f.liquidityRouter, user).getFunction('addLiquidity')(
        f.addr('USDT'),
        f.addr('AAA'),
        1n,
        1n,
        0n,
        0n,
        other,
        1n,
      ),
      'JMSwap: EXPIRED',
    );
  });

  test('identical tokens, zero amounts, repeated tokens and bad paths revert clearly', async () => {
    const s = r().getFunction('swapExactTokensForTokens');
    await expectRevert(
      s(1000n, 0n, path('USDT', 'USDT'), NO_TAXES, other, deadline()),
      'JMSwap: IDENTICAL_ADDRESSES',
    );
    await expectRevert(
      s(1000n, 0n, path('USDT', 'AAA', 'USDT'), NO_TAXES, other, deadline()),
      'JMSwap: INVALID_PATH',
    );
    await expectRevert(
      s(1000n, 0n, path('USDT'), NO_TAXES, other, deadline()),
      'JMSwap: INVALID_PATH',
    );
    await expectRevert(
      s(0n, 0n, path('USDT', 'AAA'), NO_TAXES, other, deadline()),
      'JMSwap: INSUFFICIENT_INPUT_AMOUNT',
    );
    await expectRevert(
      s(1000n, 0n, path('USDT', 'AAA'), taxesFor([0]), other, deadline()),
      'JMSwap: INVALID_TAXES',
    );
    await expectRevert(
      s(1000n, 0n, path('USDT', 'AAA'), taxesFor([0, 100]), other, deadline()),
      'JMSwap: INVALID_TAXES',
    );
    await expectRevert(
      r().getFunction('swapTokensForExactTokens')(
        0n,
        MaxUint256,
        path('USDT', 'AAA'),
        NO_TAXES,
        other,
        deadline(),
      ),
      'JMSwap: INSUFFICIENT_OUTPUT_AMOUNT',
    );
    await expectRevert(
      r().getFunction('swapExactBaseForTokens')(
        0n,
        path('USDT', 'BNB'),
        NO_TAXES,
        other,
        deadline(),
        { value: 1000n },
      ),
      'JMSwap: INVALID_PATH',
    );
    await expectRevert(
      r().getFunction('swapExactBaseForTokens')(
        0n,
        path('BNB', 'USDT'),
        NO_TAXES,
        other,
        deadline(),
        { value: 0n },
      ),
      'JMSwap: INSUFFICIENT_INPUT_AMOUNT',
    );
    await expectRevert(
      r().getFunction('swapExactTokensForBase')(
        1000n,
        0n,
        path('BNB', 'USDT'),
        NO_TAXES,
        other,
        deadline(),
      ),
      'JMSwap: INVALID_PATH',
    );
    await expectRevert(
      r().getFunction('swapTokensForExactBase')(
        1000n,
        MaxUint256,
        path('USDT', 'AAA'),
        NO_TAXES,
        other,
        deadline(),
      ),
      'JMSwap: INVALID_PATH',
    );
    await expectRevert(
      s(1000n, 0n, path('BBB', 'JM'), NO_TAXES, other, deadline()),
      'JMSwap: PAIR_NOT_FOUND',
    );
    await expectRevert(
      r().getFunction('addLiquidity')(
        f.addr('AAA'),
        f.addr('AAA'),
        1n,
        1n,
        0n,
        0n,
        other,
        deadline(),
      ),
      'JMSwap: IDENTICAL_ADDRESSES',
    );
    await expectRevert(
      r().getFunction('addLiquidity')(
        f.addr('AAA'),
        f.addr('BBB'),
        0n,
        1n,
        0n,
        0n,
        other,
        deadline(),
      ),
      'JMSwap: INSUFFICIENT_AMOUNT',
    );
  });
});

describe('liquidity through ROUTER and LIQUIDITY_ROUTER', () => {
  for (const which of ['router', 'liquidityRouter'] as const) {
    test(`${which}: addLiquidity, addLiquidityBase, removeLiquidity, removeLiquidityBase (+FOT)`, async () => {
      const c = f.as(f[which], user);
      const pair = f.pair('USDT', 'AAA');
      const [rU, rA] = await reserves('USDT', 'AAA');
      const supply = (await pair.getFunction('totalSupply')()) as bigint;
      const lpBefore = (await pair.getFunction('balanceOf')(user.address)) as bigint;
      // Desire more AAA than needed: the router takes the optimal amount.
      const [amountA, amountB, liquidity] = (await c
        .getFunction('addLiquidity')
        .staticCall(
          f.addr('USDT'),
          f.addr('AAA'),
          1_000_000_000n,
          10n ** 30n,
          0n,
          0n,
          user.address,
          deadline(),
        )) as bigint[];
      expect(amountA).toBe(1_000_000_000n);
      expect(amountB).toBe((1_000_000_000n * rA) / rU);
      await send(
        c.getFunction('addLiquidity')(
          f.addr('USDT'),
          f.addr('AAA'),
          1_000_000_000n,
          10n ** 30n,
          0n,
          0n,
          user.address,
          deadline(),
        ),
      );
      const lp = ((await pair.getFunction('balanceOf')(user.address)) as bigint) - lpBefore;
      expect(lp).toBe(liquidity);
      // (the platform fee may mint to feeTo first, so supply grows slightly before this mint)
      expect(lp).toBeLessThan((((1_000_000_000n * supply) / rU) * 1001n) / 1000n);
      expect(lp).toBeGreaterThan((((1_000_000_000n * supply) / rU) * 999n) / 1000n);
      await expectRevert(
        c.getFunction('addLiquidity')(
          f.addr('USDT'),
          f.addr('AAA'),
          1_000_000_000n,
          10n ** 30n,
          0n,
          10n ** 30n,
          user.address,
          deadline(),
        ),
        'JMSwap: INSUFFICIENT_B_AMOUNT',
      );

      await send(
        pair.connect(user).getFunction('approve')(await c.getAddress(), MaxUint256) as never,
      );
      const usdtBefore = await bal(f, 'USDT', other);
      const [outU, outA] = (await c
        .getFunction('removeLiquidity')
        .staticCall(f.addr('USDT'), f.addr('AAA'), lp, 0n, 0n, other, deadline())) as bigint[];
      await send(
        c.getFunction('removeLiquidity')(
          f.addr('USDT'),
          f.addr('AAA'),
          lp / 2n,
          0n,
          0n,
          other,
          deadline(),
        ),
      );
      expect((await bal(f, 'USDT', other)) - usdtBefore).toBeGreaterThan(outU! / 2n - 2n);
      await expectRevert(
        c.getFunction('removeLiquidity')(
          f.addr('USDT'),
          f.addr('AAA'),
          lp - lp / 2n,
          0n,
          outA!,
          other,
          deadline(),
        ),
        'JMSwap: INSUFFICIENT_B_AMOUNT',
      );
      await send(
        c.getFunction('removeLiquiditySupportingFeeOnTransferTokens')(
          f.addr('USDT'),
          f.addr('AAA'),
          lp - lp / 2n,
          0n,
          0n,
          other,
          deadline(),
        ),
      );
      expect(await pair.getFunction('balanceOf')(user.address)).toBe(lpBefore);

      // Base: add with surplus value (refunded), remove both ways.
      const basePair = f.pair('BNB', 'AAA');
      const [rBase, rTok] = await reserves('BNB', 'AAA');
      const tokenAmount = 10n ** 20n;
      const baseNeeded = (tokenAmount * rBase) / rTok;
      const ethBefore = await f.provider.getBalance(user.address);
      const { fee } = await send(
        c.getFunction('addLiquidityBase')(
          f.addr('AAA'),
          tokenAmount,
          0n,
          0n,
          user.address,
          deadline(),
          { value: baseNeeded * 3n },
        ),
      );
      expect(ethBefore - (await f.provider.getBalance(user.address))).toBe(baseNeeded + fee);
      const blp = (await basePair.getFunction('balanceOf')(user.address)) as bigint;
      expect(blp).toBeGreaterThan(0n);
      await send(
        basePair.connect(user).getFunction('approve')(await c.getAddress(), MaxUint256) as never,
      );
      const otherEth = await f.provider.getBalance(other);
      const [tOut, bOut] = (await c
        .getFunction('removeLiquidityBase')
        .staticCall(f.addr('AAA'), blp / 2n, 0n, 0n, other, deadline())) as bigint[];
      await send(
        c.getFunction('removeLiquidityBase')(f.addr('AAA'), blp / 2n, 0n, 0n, other, deadline()),
      );
      expect((await f.provider.getBalance(other)) - otherEth).toBe(bOut);
      expect(tOut).toBeGreaterThan(0n);
      const bOut2 = (await c
        .getFunction('removeLiquidityBaseSupportingFeeOnTransferTokens')
        .staticCall(f.addr('AAA'), blp - blp / 2n, 0n, 0n, other, deadline())) as bigint;
      const otherEth2 = await f.provider.getBalance(other);
      await send(
        c.getFunction('removeLiquidityBaseSupportingFeeOnTransferTokens')(
          f.addr('AAA'),
          blp - blp / 2n,
          0n,
          0n,
          other,
          deadline(),
        ),
      );
      expect((await f.provider.getBalance(other)) - otherEth2).toBe(bOut2);
      expect(await basePair.getFunction('balanceOf')(user.address)).toBe(0n);
    });

    test(`${which}: the four WithPermit removals`, async () => {
      const c = f.as(f[which], user);
      const spender = await c.getAddress();
      const chainId = (await f.provider.getNetwork()).chainId;
      // One deadline for the whole test: the permit signs it, so a second call to deadline()
      // after a second boundary would sign one value and send another.
      const permitDeadline = deadline();
      const sign = async (pairSymbols: [string, string], value: bigint) => {
        const pair = f.pair(...pairSymbols);
        const nonce = (await pair.getFunction('nonces')(user.address)) as bigint;
        const sig = Signature.from(
          await user.signTypedData(
            {
              name: 'JMSwap LP',
              version: '1',
              chainId,
              verifyingContract: await pair.getAddress(),
            },
            {
              Permit: [
                { name: 'owner', type: 'address' },
                { name: 'spender', type: 'address' },
                { name: 'value', type: 'uint256' },
                { name: 'nonce', type: 'uint256' },
                { name: 'deadline', type: 'uint256' },
              ],
            },
            { owner: user.address, spender, value, nonce, deadline: permitDeadline },
          ),
        );
        return [sig.v, sig.r, sig.s] as const;
      };
      // Fresh positions without any allowance.
      await send(
        c.getFunction('addLiquidity')(
          f.addr('USDT'),
          f.addr('AAA'),
          2_000_000_000n,
          10n ** 30n,
          0n,
          0n,
          user.address,
          deadline(),
        ),
      );
      await send(
        c.getFunction('addLiquidityBase')(
          f.addr('AAA'),
          10n ** 20n,
          0n,
          0n,
          user.address,
          deadline(),
          { value: 10n ** 18n },
        ),
      );
      for (const [a, b] of [
        ['USDT', 'AAA'],
        ['BNB', 'AAA'],
      ] as const) {
        await send(f.pair(a, b).connect(user).getFunction('approve')(spender, 0n) as never);
      }
      const lp = (await f.pair('USDT', 'AAA').getFunction('balanceOf')(user.address)) as bigint;
      const blp = (await f.pair('BNB', 'AAA').getFunction('balanceOf')(user.address)) as bigint;
      const q = lp / 4n;
      const bq = blp / 4n;
      let s = await sign(['USDT', 'AAA'], q);
      await send(
        c.getFunction('removeLiquidityWithPermit')(
          f.addr('USDT'),
          f.addr('AAA'),
          q,
          0n,
          0n,
          other,
          permitDeadline,
          false,
          ...s,
        ),
      );
      s = await sign(['USDT', 'AAA'], MaxUint256);
      await send(
        c.getFunction('removeLiquidityWithPermitSupportingFeeOnTransferTokens')(
          f.addr('USDT'),
          f.addr('AAA'),
          q,
          0n,
          0n,
          other,
          permitDeadline,
          true,
          ...s,
        ),
      );
      s = await sign(['BNB', 'AAA'], bq);
      await send(
        c.getFunction('removeLiquidityBaseWithPermit')(
          f.addr('AAA'),
          bq,
          0n,
          0n,
          other,
          permitDeadline,
          false,
          ...s,
        ),
      );
      s = await sign(['BNB', 'AAA'], bq);
      await send(
        c.getFunction('removeLiquidityBaseWithPermitSupportingFeeOnTransferTokens')(
          f.addr('AAA'),
          bq,
          0n,
          0n,
          other,
          permitDeadline,
          false,
          ...s,
        ),
      );
      expect(await f.pair('USDT', 'AAA').getFunction('balanceOf')(user.address)).toBe(lp - 2n * q);
      expect(await f.pair('BNB', 'AAA').getFunction('balanceOf')(user.address)).toBe(blp - 2n * bq);
      // A bad signature is refused.
      s = await sign(['BNB', 'AAA'], bq * 2n);
      await expectRevert(
        c.getFunction('removeLiquidityBaseWithPermit')(
          f.addr('AAA'),
          bq,
          0n,
          0n,
          other,
          permitDeadline,
          false,
          ...s,
        ),
        'JMSwap: INVALID_SIGNATURE',
      );
    });
  }
});
