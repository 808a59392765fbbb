import fc from 'fast-check';
import { MaxUint256, type Contract, type Wallet } from 'ethers';
import { at, deadline, expectRevert, send, startFixture, type Fixture } from './harness';
import { getAmountIn, getAmountOut } from './refMath';

jest.setTimeout(120_000);

let f: Fixture;
let deployer: Wallet;
let pair: Contract;
let tokenIn: Contract;
let tokenOut: Contract;
let path: string[];
let snapshot: string;

const NO_TAXES: string[] = [];
const MAX_RESERVE = 10n ** 30n;
/** Fixed gas settings: skips estimateGas and fee lookups, which keeps each run fast. */
const ov = { gasLimit: 1_000_000n, gasPrice: 10n ** 10n };

beforeAll(async () => {
  f = await startFixture(18604);
  deployer = f.wallets[0]!;
  // A fresh, empty pair of two untaxed tokens the deployer owns (can mint).
  await send(f.factory.getFunction('createPair')(f.addr('USDT'), f.addr('BBB')));
  pair = at(
    'JMSwapPair',
    (await f.factory.getFunction('getPair')(f.addr('USDT'), f.addr('BBB'))) as string,
    deployer,
  );
  tokenIn = f.tokens.USDT!;
  tokenOut = f.tokens.BBB!;
  path = [f.addr('USDT'), f.addr('BBB')];
  await send(tokenIn.getFunction('approve')(f.config.exchange.ROUTER_ADDRESS, MaxUint256));
  snapshot = (await f.provider.send('evm_snapshot', [])) as string;
});
afterAll(async () => {
  await f?.stop();
});

/** Back to the empty pair, then seed it with exactly (reserveIn, reserveOut). */
async function seed(reserveIn: bigint, reserveOut: bigint) {
  await f.provider.send('evm_revert', [snapshot]);
  snapshot = (await f.provider.send('evm_snapshot', [])) as string;
  const pairAddress = await pair.getAddress();
  await send(tokenIn.getFunction('mint')(pairAddress, reserveIn, ov));
  await send(tokenOut.getFunction('mint')(pairAddress, reserveOut, ov));
  await send(pair.getFunction('mint')(deployer.address, ov));
  await send(tokenIn.getFunction('mint')(deployer.address, MAX_RESERVE * 20n, ov));
  const [rIn, rOut] = (await f.router.getFunction('getPairBalance')(path[0], path[1])) as [
    bigint,
    bigint,
  ];
  expect([rIn, rOut]).toEqual([reserveIn, reserveOut]);
}

const reserve = fc.bigInt({ min: 10n ** 4n, max: MAX_RESERVE });

describe('untaxed tokens: the contracts equal the published Uniswap V2 formulas', () => {
  test('router getAmountOut / getAmountIn (pure) over random reserves and amounts', async () => {
    await fc.assert(
      fc.asyncProperty(
        reserve,
        reserve,
        fc.bigInt({ min: 1n, max: MAX_RESERVE }),
        async (rIn, rOut, amount) => {
          expect(await f.router.getFunction('getAmountOut')(amount, rIn, rOut)).toBe(
            getAmountOut(amount, rIn, rOut),
          );
          const out = amount % rOut === 0n ? 1n : amount % rOut;
          expect(await f.router.getFunction('getAmountIn')(out, rIn, rOut)).toBe(
            getAmountIn(out, rIn, rOut),
          );
        },
      ),
      { numRuns: 150 },
    );
  });

  test('a swap exact in through the pair delivers getAmountOut exactly', async () => {
    await fc.assert(
      fc.asyncProperty(
        reserve,
        reserve,
        fc.bigInt({ min: 1n, max: 10n ** 6n }),
        async (rIn, rOut, scale) => {
          await seed(rIn, rOut);
          const amountIn = (rIn * scale) / 10n ** 5n + 1n; // up to ~10x the reserve
          const expected = getAmountOut(amountIn, rIn, rOut);
          const before = (await tokenOut.getFunction('balanceOf')(deployer.address)) as bigint;
          const swap = f.router.getFunction('swapExactTokensForTokens');
          const args = [amountIn, 0n, path, NO_TAXES, deployer.address, deadline()] as const;
          if (expected === 0n) {
            await expectRevert(swap.staticCall(...args), 'JMSwap: INSUFFICIENT_OUTPUT_AMOUNT');
            return;
          }
          await send(swap(...args, ov));
          expect(
            ((await tokenOut.getFunction('balanceOf')(deployer.address)) as bigint) - before,
          ).toBe(expected);
          const [nIn, nOut] = (await f.router.getFunction('getPairBalance')(path[0], path[1])) as [
            bigint,
            bigint,
          ];
          expect([nIn, nOut]).toEqual([rIn + amountIn, rOut - expected]);
        },
      ),
      { numRuns: 20, endOnFailure: true },
    );
  });

  test('a swap exact out through the pair charges getAmountIn exactly', async () => {
    await fc.assert(
      fc.asyncProperty(
        reserve,
        reserve,
        fc.bigInt({ min: 1n, max: 900_000n }),
        async (rIn, rOut, frac) => {
          await seed(rIn, rOut);
          const amountOut = (rOut * frac) / 10n ** 6n + 1n; // 1 .. 90% of reserveOut
          fc.pre(amountOut < rOut);
          const expected = getAmountIn(amountOut, rIn, rOut);
          const inBefore = (await tokenIn.getFunction('balanceOf')(deployer.address)) as bigint;
          const outBefore = (await tokenOut.getFunction('balanceOf')(deployer.address)) as bigint;
          await send(
            f.router.getFunction('swapTokensForExactTokens')(
              amountOut,
              expected,
              path,
              NO_TAXES,
              deployer.address,
              deadline(),
              ov,
            ),
          );
          expect(
            inBefore - ((await tokenIn.getFunction('balanceOf')(deployer.address)) as bigint),
          ).toBe(expected);
          expect(
            ((await tokenOut.getFunction('balanceOf')(deployer.address)) as bigint) - outBefore,
          ).toBe(amountOut);
        },
      ),
      { numRuns: 20, endOnFailure: true },
    );
  });
});
