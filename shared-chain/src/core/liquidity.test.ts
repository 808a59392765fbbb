import fc from 'fast-check';
import { MINIMUM_LIQUIDITY, QUICK_REMOVAL_PERCENTAGES } from './constants';
import {
  amountsForLpTokens,
  estimateLiquidityAdd,
  estimateLiquidityRemoval,
  isFirstProvider,
  lpTokensForAdd,
  lpTokensForPercentage,
  otherLiquidityAmount,
  priceAtoB,
  priceBtoA,
  planLiquidityAdd,
  planLiquidityRemoval,
  priceOf,
  routerAddAmounts,
  shareOfPoolBps,
  totalSupplyAfterFeeMint,
  userShareBps,
  validateLiquidityAdd,
} from './liquidity';
import { quote, sqrt } from './pairMath';

const E6 = 1_000_000n;
const E18 = 10n ** 18n;

describe('first provider and the other amount', () => {
  it('is the first provider when a reserve is empty', () => {
    expect(isFirstProvider(0n, 0n)).toBe(true);
    expect(isFirstProvider(0n, 5n)).toBe(true);
    expect(isFirstProvider(5n, 0n)).toBe(true);
    expect(isFirstProvider(5n, 5n)).toBe(false);
  });

  it('quotes the other amount for either edited side', () => {
    expect(otherLiquidityAmount('A', 10n * E6, 1_000n * E6, 2_000n * E18)).toBe(20n * E18);
    expect(otherLiquidityAmount('B', 20n * E18, 1_000n * E6, 2_000n * E18)).toBe(10n * E6);
    expect(otherLiquidityAmount('A', 0n, 1_000n, 2_000n)).toBe(0n);
  });

  it('rounds the other amount up, so the router takes the typed amount whole in either order', () => {
    // 1.5 BNB against 1 000 tokens: 0.5 BNB is 333.33… tokens.
    const [bnb, token] = [(3n * E18) / 2n, 1_000n * E18];
    const typed = E18 / 2n;
    const other = otherLiquidityAmount('A', typed, bnb, token)!;
    expect(other).toBe(333_333_333_333_333_333_334n);
    // The router given (BNB, token) and given (token, BNB), as a base coin pair may order them.
    expect(routerAddAmounts(typed, other, bnb, token).amountA).toBe(typed);
    expect(routerAddAmounts(other, typed, token, bnb).amountB).toBe(typed);
    // Rounded down, the second order would take one unit less than typed.
    expect(routerAddAmounts(other - 1n, typed, token, bnb).amountB).toBe(typed - 1n);
  });

  it('leaves both free for a first provider', () => {
    expect(otherLiquidityAmount('A', 10n, 0n, 0n)).toBeNull();
  });
});

describe('share of pool', () => {
  it('is amount / (reserve + amount) in bps', () => {
    expect(shareOfPoolBps(100n, 900n)).toBe(1_000n);
    expect(shareOfPoolBps(1n, 3n)).toBe(2_500n);
    expect(shareOfPoolBps(1n, 2n)).toBe(3_333n);
    expect(shareOfPoolBps(0n, 900n)).toBe(0n);
    expect(shareOfPoolBps(5n, 0n)).toBe(10_000n);
  });
  it('user share of a position', () => {
    expect(userShareBps(25n, 100n)).toBe(2_500n);
    expect(userShareBps(0n, 100n)).toBe(0n);
    expect(userShareBps(5n, 0n)).toBe(0n);
  });
});

describe('prices', () => {
  it('applies decimals both ways', () => {
    expect(priceAtoB(1_000n * E6, 2_000n * E18, 6, 18)).toBe(2n * E18);
    expect(priceBtoA(1_000n * E6, 2_000n * E18, 6, 18)).toBe(E18 / 2n);
    expect(priceOf(0n, 1n, 0, 0)).toBeNull();
    expect(priceOf(1n, 0n, 0, 0)).toBeNull();
  });
});

describe('LP tokens minted (UniswapV2Pair.mint)', () => {
  it('first mint: sqrt(a * b) - MINIMUM_LIQUIDITY', () => {
    const pair = { reserveA: 0n, reserveB: 0n, totalSupply: 0n };
    expect(lpTokensForAdd(4n * E18, E18, pair)).toBe(2n * E18 - MINIMUM_LIQUIDITY);
    expect(lpTokensForAdd(1_000n, 1_000n, pair)).toBe(0n); // would revert INSUFFICIENT_LIQUIDITY_MINTED
    expect(lpTokensForAdd(0n, 1_000n, pair)).toBe(0n);
  });

  it('later mints: the smaller of the two ratios', () => {
    const pair = { reserveA: 1_000n, reserveB: 2_000n, totalSupply: 500n };
    expect(lpTokensForAdd(100n, 200n, pair)).toBe(50n);
    expect(lpTokensForAdd(100n, 100n, pair)).toBe(25n);
    expect(lpTokensForAdd(10n, 2_000n, pair)).toBe(5n);
  });

  it('a pool with supply but an empty reserve mints nothing', () => {
    expect(lpTokensForAdd(100n, 100n, { reserveA: 0n, reserveB: 5n, totalSupply: 10n })).toBe(0n);
  });

  it('accounts for the platform fee mint when kLast is given', () => {
    // k grew from 100*100 to 400*100: rootK 200, rootKLast 100 -> supply * 100 / (1000 + 100)
    const pair = { reserveA: 400n, reserveB: 100n, totalSupply: 1_100n, kLast: 10_000n };
    expect(totalSupplyAfterFeeMint(pair)).toBe(1_200n);
    expect(totalSupplyAfterFeeMint({ ...pair, kLast: 40_000n })).toBe(1_100n); // no growth
    expect(totalSupplyAfterFeeMint({ ...pair, kLast: 0n })).toBe(1_100n);
    expect(totalSupplyAfterFeeMint({ ...pair, totalSupply: 0n })).toBe(0n);
    expect(lpTokensForAdd(40n, 10n, pair)).toBe(120n);
  });

  it('minting then burning never returns more than was added', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 10n ** 4n, max: 10n ** 30n }),
        fc.bigInt({ min: 10n ** 4n, max: 10n ** 30n }),
        fc.bigInt({ min: 1n, max: 10n ** 28n }),
        fc.bigInt({ min: 1n, max: 10n ** 28n }),
        (rA, rB, a, b) => {
          const supply = sqrt(rA * rB);
          const pair = { reserveA: rA, reserveB: rB, totalSupply: supply };
          const minted = lpTokensForAdd(a, b, pair);
          const after = { reserveA: rA + a, reserveB: rB + b, totalSupply: supply + minted };
          const back = amountsForLpTokens(minted, after);
          expect(back.amountA).toBeLessThanOrEqual(a);
          expect(back.amountB).toBeLessThanOrEqual(b);
        },
      ),
    );
  });
});

describe('estimateLiquidityAdd', () => {
  it('existing pool: prices from reserves, share from amount A', () => {
    expect(
      estimateLiquidityAdd({
        amountA: 100n * E6,
        amountB: 200n * E18,
        reserveA: 900n * E6,
        reserveB: 1_800n * E18,
        totalSupply: 1_000n * E18,
        decimalsA: 6,
        decimalsB: 18,
      }),
    ).toEqual({
      firstProvider: false,
      priceAtoB: 2n * E18,
      priceBtoA: E18 / 2n,
      shareOfPoolBps: 1_000n,
      lpTokens: (100n * E6 * 1_000n * E18) / (900n * E6),
    });
  });

  it('first provider: price from the entered ratio, share 100%', () => {
    expect(
      estimateLiquidityAdd({
        amountA: 4n * E6,
        amountB: E18,
        reserveA: 0n,
        reserveB: 0n,
        totalSupply: 0n,
        decimalsA: 6,
        decimalsB: 18,
      }),
    ).toEqual({
      firstProvider: true,
      priceAtoB: E18 / 4n,
      priceBtoA: 4n * E18,
      shareOfPoolBps: 10_000n,
      lpTokens: 2n * 10n ** 12n - 1_000n,
    });
  });
});

describe('removal', () => {
  it('lp tokens for a percentage', () => {
    expect(QUICK_REMOVAL_PERCENTAGES.map((p) => lpTokensForPercentage(1_000n, p))).toEqual([
      250n,
      500n,
      750n,
      1_000n,
    ]);
    expect(lpTokensForPercentage(999n, 33)).toBe(329n);
    expect(lpTokensForPercentage(999n, 0)).toBe(0n);
  });
  it.each([-1, 101, 50.5])('rejects percentage %s', (p) => {
    expect(() => lpTokensForPercentage(1n, p)).toThrow(RangeError);
  });
  it('amounts for a percentage of a position', () => {
    const pair = { reserveA: 1_000n, reserveB: 4_000n, totalSupply: 2_000n };
    expect(estimateLiquidityRemoval({ ...pair, userLiquidity: 200n, percent: 50 })).toEqual({
      lpTokens: 100n,
      amountA: 50n,
      amountB: 200n,
    });
    expect(amountsForLpTokens(0n, pair)).toEqual({ amountA: 0n, amountB: 0n });
    expect(amountsForLpTokens(10n, { ...pair, totalSupply: 0n })).toEqual({
      amountA: 0n,
      amountB: 0n,
    });
  });
});

describe('what really moves: the router amounts and the taxes', () => {
  const pair = { reserveA: 1_000n * E6, reserveB: 2_000n * E18, totalSupply: 10n ** 20n };

  it('takes the desired A and B at the ratio when that fits, else the desired B', () => {
    expect(routerAddAmounts(10n * E6, 30n * E18, pair.reserveA, pair.reserveB)).toEqual({
      amountA: 10n * E6,
      amountB: 20n * E18,
    });
    expect(routerAddAmounts(10n * E6, 4n * E18, pair.reserveA, pair.reserveB)).toEqual({
      amountA: 2n * E6,
      amountB: 4n * E18,
    });
    expect(routerAddAmounts(7n, 9n, 0n, 0n)).toEqual({ amountA: 7n, amountB: 9n });
    expect(routerAddAmounts(7n, 9n, 0n, 5n)).toEqual({ amountA: 0n, amountB: 0n });
  });

  it('a B typed first can make the router take one unit less of B (floored ratio)', () => {
    // 3 A for 10 B: B=10 -> A=floor(10*3/10)=3 -> B optimal=floor(3*10/3)=10; B=11 -> A=3 -> B=10.
    expect(routerAddAmounts(quote(11n, 10n, 3n), 11n, 3n, 10n)).toEqual({
      amountA: 3n,
      amountB: 10n,
    });
  });

  it('tax-free route: the pool gets what leaves the wallet', () => {
    const plan = planLiquidityAdd({
      ...pair,
      desiredA: 10n * E6,
      desiredB: 20n * E18,
      decimalsA: 6,
      decimalsB: 18,
      taxA: 0,
      taxB: 0,
    });
    expect(plan.toPoolA).toBe(plan.amountA);
    expect(plan.lpTokens).toBe(10n ** 18n);
    expect(plan.shareOfPoolBps).toBe(99n);
  });

  it('a 10% token on the normal router: the pool gets 90% and the pool tokens follow', () => {
    const plan = planLiquidityAdd({
      ...pair,
      desiredA: 10n * E6,
      desiredB: 20n * E18,
      decimalsA: 6,
      decimalsB: 18,
      taxA: 10,
      taxB: 0,
    });
    expect(plan.amountA).toBe(10n * E6);
    expect(plan.toPoolA).toBe(9n * E6);
    expect(plan.lpTokens).toBe((9n * E6 * pair.totalSupply) / pair.reserveA);
  });

  it('removal: tax-free returns what the pair releases; a taxed token pays twice', () => {
    const state = { ...pair, userLiquidity: 10n ** 19n, percent: 50 };
    const free = planLiquidityRemoval({ ...state, taxA: 0, taxB: 0 });
    expect(free.amountA).toBe(50n * E6);
    expect(free.receivedA).toBe(free.amountA);
    expect(free.receivedB).toBe(100n * E18);
    const taxed = planLiquidityRemoval({ ...state, taxA: 10, taxB: 0 });
    expect(taxed.atRouterA).toBe(45n * E6);
    expect(taxed.receivedA).toBe(40_500_000n);
    expect(taxed.receivedB).toBe(100n * E18);
  });
});

describe('SUPPLY checks', () => {
  const TRX = { symbol: 'TRX', isBase: true };
  const JM = { symbol: 'JM' };
  const ok = {
    tokenA: TRX,
    tokenB: JM,
    amountA: 10n,
    amountB: 10n,
    balanceA: 100n,
    balanceB: 100n,
  };
  it.each([
    [{ ...ok, tokenB: undefined }, 'Select the tokens first'],
    [{ ...ok, amountA: undefined }, 'You need to input the values first'],
    [{ ...ok, amountB: 0n }, 'You need to input the values first'],
    [{ ...ok, amountA: 101n }, 'Insufficient balance'],
    [{ ...ok, amountB: 101n }, 'Insufficient balance of selected token'],
  ])('refuses %#', (input, message) => {
    expect(validateLiquidityAdd(input)).toMatchObject({ ok: false, message });
  });
  it('accepts amounts within both balances', () => {
    expect(validateLiquidityAdd(ok)).toEqual({ ok: true });
  });
  it('TRON: no free energy and TRX for the add itself leaves less than the 47 TRX reserve', () => {
    const tron = { energy: 0, trxBalance: 50_000_000n };
    expect(
      validateLiquidityAdd({ ...ok, amountA: 10_000_000n, balanceA: 50_000_000n, tron }),
    ).toMatchObject({ ok: false, code: 'TRON_FEES', message: expect.stringContaining('47 TRX') });
    expect(
      validateLiquidityAdd({
        ...ok,
        amountA: 10_000_000n,
        balanceA: 50_000_000n,
        tron: { ...tron, energy: 200_000 },
      }),
    ).toEqual({ ok: true });
  });
});
