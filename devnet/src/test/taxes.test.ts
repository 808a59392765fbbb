import { MaxUint256, type Wallet } from 'ethers';
import { ANVIL_ACCOUNTS, TAX_WALLET } from '../deploy/deployNetwork';
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
import { amountsInTaxed, amountsOutTaxed, net, type Reserves } from './refMath';

jest.setTimeout(60_000);

let f: Fixture;
let user: Wallet;
const other = ANVIL_ACCOUNTS[7]!;

beforeAll(async () => {
  f = await startFixture(18602);
  user = f.wallets[2]!;
  await approveAll(f, user, f.config.exchange.ROUTER_ADDRESS);
  await approveAll(f, user, f.config.exchange.LIQUIDITY_ROUTER);
});
afterAll(async () => {
  await f?.stop();
});

const r = () => f.as(f.router, user);
const lr = () => f.as(f.liquidityRouter, user);
const taxOf = (s: string) => f.config.tokens[s]!.tax;
const BASE = 'BNB';

async function hopReserves(symbols: string[]): Promise<Reserves> {
  const out: Reserves = [];
  for (let i = 0; i + 1 < symbols.length; i++) {
    out.push(
      (await f.router.getFunction('getPairBalance')(
        f.addr(symbols[i]!),
        f.addr(symbols[i + 1]!),
      )) as [bigint, bigint],
    );
  }
  return out;
}

/** What `who` holds of `symbol`: the native coin for the base. */
const holding = (symbol: string, who: string) =>
  symbol === BASE ? f.provider.getBalance(who) : bal(f, symbol, who);

async function exactIn(symbols: string[], amountIn: bigint) {
  const p = symbols.map((s) => f.addr(s));
  const taxes = taxesFor(symbols.map(taxOf));
  const quote = (await r().getFunction('getAmountsOutTaxed')(amountIn, p, taxes)) as bigint[];
  expect(quote).toEqual(amountsOutTaxed(amountIn, await hopReserves(symbols), symbols.map(taxOf)));
  const last = symbols.at(-1)!;
  const paidBefore = symbols[0] === BASE ? 0n : await bal(f, symbols[0]!, user.address);
  const before = await holding(last, other);
  const args = [p, taxes, other, deadline()] as const;
  if (symbols[0] === BASE) {
    await send(
      r().getFunction('swapExactBaseForTokens')(quote.at(-1), ...args, { value: amountIn }),
    );
  } else if (last === BASE) {
    await send(r().getFunction('swapExactTokensForBase')(amountIn, quote.at(-1), ...args));
  } else {
    await send(r().getFunction('swapExactTokensForTokens')(amountIn, quote.at(-1), ...args));
  }
  expect((await holding(last, other)) - before).toBe(quote.at(-1));
  if (symbols[0] !== BASE)
    expect(paidBefore - (await bal(f, symbols[0]!, user.address))).toBe(amountIn);
}

async function exactOut(symbols: string[], amountOut: bigint) {
  const p = symbols.map((s) => f.addr(s));
  const taxes = taxesFor(symbols.map(taxOf));
  const quote = (await r().getFunction('getAmountsInTaxed')(amountOut, p, taxes)) as bigint[];
  expect(quote).toEqual(amountsInTaxed(amountOut, await hopReserves(symbols), symbols.map(taxOf)));
  const last = symbols.at(-1)!;
  const paidBefore = symbols[0] === BASE ? 0n : await bal(f, symbols[0]!, user.address);
  const before = await holding(last, other);
  const args = [p, taxes, other, deadline()] as const;
  if (symbols[0] === BASE) {
    await send(r().getFunction('swapBaseForExactTokens')(amountOut, ...args, { value: quote[0] }));
  } else if (last === BASE) {
    await send(r().getFunction('swapTokensForExactBase')(amountOut, quote[0], ...args));
  } else {
    await send(r().getFunction('swapTokensForExactTokens')(amountOut, quote[0], ...args));
  }
  expect((await holding(last, other)) - before).toBe(amountOut);
  if (symbols[0] !== BASE)
    expect(paidBefore - (await bal(f, symbols[0]!, user.address))).toBe(quote[0]);
}

describe('taxed swaps: the Taxed quote equals the real balance change to the base unit', () => {
  const JM = 10n ** 8n;
  test.each([
    ['buy JM with base', [BASE, 'JM'], 10n ** 17n],
    ['sell JM for base', ['JM', BASE], 123_456n * JM],
    ['buy SAFE with base', [BASE, 'SAFE'], 3n * 10n ** 16n],
    ['sell SAFE for base', ['SAFE', BASE], 98_765n * JM + 3n],
    ['JM -> USDT direct', ['JM', 'USDT'], 77_777n * JM],
    ['USDT -> JM direct', ['USDT', 'JM'], 12_345_679n],
    ['SAFE -> BNB -> JM (both taxed)', ['SAFE', BASE, 'JM'], 55_555n * JM + 7n],
    ['USDT -> JM -> BNB (taxed middle)', ['USDT', 'JM', BASE], 9_999_999n],
    ['PSRS -> BNB -> USDT', ['PSRS', BASE, 'USDT'], 1234n * 10n ** 18n + 1n],
  ])('exact in: %s', async (_name, symbols, amountIn) => {
    await exactIn(symbols, amountIn);
  });

  test.each([
    ['buy exact JM with base', [BASE, 'JM'], 100_000n * 10n ** 8n + 1n],
    ['sell JM for exact base', ['JM', BASE], 10n ** 16n + 3n],
    ['buy exact SAFE with base', [BASE, 'SAFE'], 77_777n * 10n ** 8n],
    ['sell SAFE for exact base', ['SAFE', BASE], 10n ** 15n + 17n],
    ['JM -> USDT exact', ['JM', 'USDT'], 4_321_987n],
    ['SAFE -> BNB -> JM exact', ['SAFE', BASE, 'JM'], 33_333n * 10n ** 8n + 9n],
    ['BNB -> JM -> USDT exact', [BASE, 'JM', 'USDT'], 2_000_001n],
  ])('exact out: %s', async (_name, symbols, amountOut) => {
    await exactOut(symbols, amountOut);
  });

  test('the tax goes to the tax wallet', async () => {
    const before = await bal(f, 'JM', TAX_WALLET);
    const amountIn = 1_000_000n * 10n ** 8n;
    await send(
      r().getFunction('swapExactTokensForBase')(
        amountIn,
        0n,
        [f.addr('JM'), f.addr(BASE)],
        taxesFor([3, 0]),
        other,
        deadline(),
      ),
    );
    expect((await bal(f, 'JM', TAX_WALLET)) - before).toBe((amountIn * 3n) / 100n);
  });

  test('a wrong (too low) taxes array makes the swap fail its bounds, never pay less', async () => {
    const p = [f.addr(BASE), f.addr('SAFE')];
    const wrong = taxesFor([0, 0]);
    const quote = (await r().getFunction('getAmountsOutTaxed')(10n ** 16n, p, wrong)) as bigint[];
    await expectRevert(
      r().getFunction('swapExactBaseForTokens')(quote[1], p, wrong, other, deadline(), {
        value: 10n ** 16n,
      }),
      'JMSwap: INSUFFICIENT_OUTPUT_AMOUNT',
    );
    const qIn = (await r().getFunction('getAmountsInTaxed')(10n ** 8n, p, wrong)) as bigint[];
    await expectRevert(
      r().getFunction('swapBaseForExactTokens')(10n ** 8n, p, wrong, other, deadline(), {
        value: qIn[0],
      }),
      'JMSwap: INSUFFICIENT_OUTPUT_AMOUNT',
    );
    // Without bounds the swap still goes through (balance-based), delivering the taxed amount.
    const right = (await r().getFunction('getAmountsOutTaxed')(
      10n ** 16n,
      p,
      taxesFor([0, 10]),
    )) as bigint[];
    const before = await bal(f, 'SAFE', other);
    await send(
      r().getFunction('swapExactBaseForTokens')(0n, p, wrong, other, deadline(), {
        value: 10n ** 16n,
      }),
    );
    expect((await bal(f, 'SAFE', other)) - before).toBe(right[1]);
  });
});

describe('taxed liquidity', () => {
  test('JM through LIQUIDITY_ROUTER: adding and removing moves no tax', async () => {
    const pair = f.pair(BASE, 'JM');
    const pairAddress = await pair.getAddress();
    const taxBefore = await bal(f, 'JM', TAX_WALLET);
    const jmBefore = await bal(f, 'JM', user.address);
    const amountJM = 5_000_000n * 10n ** 8n;
    const [rBase, rJM] = (await f.router.getFunction('getPairBalance')(
      f.addr(BASE),
      f.addr('JM'),
    )) as [bigint, bigint];
    const baseNeeded = (amountJM * rBase) / rJM + 1n;
    const pairJM = await bal(f, 'JM', pairAddress);
    await send(
      lr().getFunction('addLiquidityBase')(
        f.addr('JM'),
        amountJM,
        amountJM,
        0n,
        user.address,
        deadline(),
        { value: baseNeeded },
      ),
    );
    const [, added] = (await f.router.getFunction('getPairBalance')(
      f.addr(BASE),
      f.addr('JM'),
    )) as [bigint, bigint];
    const paid = jmBefore - (await bal(f, 'JM', user.address));
    expect((await bal(f, 'JM', pairAddress)) - pairJM).toBe(paid); // the pair got all of it
    expect(added - rJM).toBe(paid);
    const lp = (await pair.getFunction('balanceOf')(user.address)) as bigint;
    await send(
      pair.connect(user).getFunction('approve')(
        f.config.exchange.LIQUIDITY_ROUTER,
        MaxUint256,
      ) as never,
    );
    const [tokenOut] = (await lr()
      .getFunction('removeLiquidityBase')
      .staticCall(f.addr('JM'), lp, 0n, 0n, user.address, deadline())) as bigint[];
    const jmMid = await bal(f, 'JM', user.address);
    await send(
      lr().getFunction('removeLiquidityBase')(f.addr('JM'), lp, 0n, 0n, user.address, deadline()),
    );
    expect((await bal(f, 'JM', user.address)) - jmMid).toBe(tokenOut);
    expect(await bal(f, 'JM', TAX_WALLET)).toBe(taxBefore);

    // token-token: JM/USDT both ways, and with the FOT variant.
    const jmPair = f.pair('JM', 'USDT');
    await send(
      lr().getFunction('addLiquidity')(
        f.addr('JM'),
        f.addr('USDT'),
        amountJM,
        10n ** 12n,
        0n,
        0n,
        user.address,
        deadline(),
      ),
    );
    const lp2 = (await jmPair.getFunction('balanceOf')(user.address)) as bigint;
    await send(
      jmPair.connect(user).getFunction('approve')(
        f.config.exchange.LIQUIDITY_ROUTER,
        MaxUint256,
      ) as never,
    );
    const [outJM] = (await lr()
      .getFunction('removeLiquidity')
      .staticCall(f.addr('JM'), f.addr('USDT'), lp2 / 2n, 0n, 0n, other, deadline())) as bigint[];
    const otherJM = await bal(f, 'JM', other);
    await send(
      lr().getFunction('removeLiquidity')(
        f.addr('JM'),
        f.addr('USDT'),
        lp2 / 2n,
        0n,
        0n,
        other,
        deadline(),
      ),
    );
    expect((await bal(f, 'JM', other)) - otherJM).toBe(outJM);
    await send(
      lr().getFunction('removeLiquiditySupportingFeeOnTransferTokens')(
        f.addr('JM'),
        f.addr('USDT'),
        lp2 - lp2 / 2n,
        0n,
        0n,
        other,
        deadline(),
      ),
    );
    expect(await bal(f, 'JM', TAX_WALLET)).toBe(taxBefore);
  });

  test('the normal ROUTER charges JM tax on liquidity (only LIQUIDITY_ROUTER is exempt)', async () => {
    const taxBefore = await bal(f, 'JM', TAX_WALLET);
    await send(
      r().getFunction('addLiquidityBase')(
        f.addr('JM'),
        10n ** 12n,
        0n,
        0n,
        user.address,
        deadline(),
        { value: 10n ** 17n },
      ),
    );
    expect((await bal(f, 'JM', TAX_WALLET)) - taxBefore).toBeGreaterThan(0n);
  });

  test.each([['SAFE'], ['PSRS']])(
    '%s through the normal ROUTER with the fee-on-transfer functions',
    async (symbol) => {
      const t = f.config.tokens[symbol]!;
      const pair = f.pair(BASE, symbol);
      const pairAddress = await pair.getAddress();
      const amount = 1_000_000n * 10n ** BigInt(t.decimals);
      const [rBase, rTok] = (await f.router.getFunction('getPairBalance')(
        f.addr(BASE),
        f.addr(symbol),
      )) as [bigint, bigint];
      const taxBefore = await bal(f, symbol, TAX_WALLET);
      const pairBefore = await bal(f, symbol, pairAddress);
      await send(
        r().getFunction('addLiquidityBase')(
          f.addr(symbol),
          amount,
          0n,
          0n,
          user.address,
          deadline(),
          { value: (amount * rBase) / rTok + 1n },
        ),
      );
      expect((await bal(f, symbol, pairAddress)) - pairBefore).toBe(net(amount, t.tax));
      expect((await bal(f, symbol, TAX_WALLET)) - taxBefore).toBe(amount - net(amount, t.tax));
      const lp = (await pair.getFunction('balanceOf')(user.address)) as bigint;
      expect(lp).toBeGreaterThan(0n);
      await send(
        pair.connect(user).getFunction('approve')(
          f.config.exchange.ROUTER_ADDRESS,
          MaxUint256,
        ) as never,
      );
      // The non-FOT removeLiquidityBase works too: it forwards what arrived.
      await send(
        r().getFunction('removeLiquidityBase')(f.addr(symbol), lp / 2n, 0n, 0n, other, deadline()),
      );
      const baseBefore = await f.provider.getBalance(other);
      const tokBefore = await bal(f, symbol, other);
      const totalSupply = (await pair.getFunction('totalSupply')()) as bigint;
      const pairTok = await bal(f, symbol, pairAddress);
      const rest = lp - lp / 2n;
      const baseOut = (await r()
        .getFunction('removeLiquidityBaseSupportingFeeOnTransferTokens')
        .staticCall(f.addr(symbol), rest, 0n, 0n, other, deadline())) as bigint;
      await send(
        r().getFunction('removeLiquidityBaseSupportingFeeOnTransferTokens')(
          f.addr(symbol),
          rest,
          0n,
          0n,
          other,
          deadline(),
        ),
      );
      expect((await f.provider.getBalance(other)) - baseBefore).toBe(baseOut);
      // pair -> router (taxed) -> user (taxed); the fee mint can only lower the released amount slightly.
      const released = (rest * pairTok) / totalSupply;
      const got = (await bal(f, symbol, other)) - tokBefore;
      expect(got).toBeLessThanOrEqual(net(net(released, t.tax), t.tax));
      expect(got).toBeGreaterThan((net(net(released, t.tax), t.tax) * 999n) / 1000n);
      expect(await pair.getFunction('balanceOf')(user.address)).toBe(0n);
    },
  );

  test('token exemption list is owner-set; SafeMoney-like tokens exempt nothing', async () => {
    expect(await f.tokens.JM!.getFunction('isExempt')(f.config.exchange.LIQUIDITY_ROUTER)).toBe(
      true,
    );
    expect(await f.tokens.SAFE!.getFunction('isExempt')(f.config.exchange.LIQUIDITY_ROUTER)).toBe(
      false,
    );
    expect(await f.tokens.PSRS!.getFunction('isExempt')(f.config.exchange.LIQUIDITY_ROUTER)).toBe(
      false,
    );
    expect(await f.tokens.JM!.getFunction('isExempt')(f.config.exchange.ROUTER_ADDRESS)).toBe(
      false,
    );
    expect(await f.tokens.JM!.getFunction('tax')()).toBe(3n);
    await expectRevert(
      f.as(f.tokens.JM!, user).getFunction('setExempt')(user.address, true),
      'TaxedToken: FORBIDDEN',
    );
  });
});
