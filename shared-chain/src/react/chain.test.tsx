/**
 * @jest-environment jest-fixed-jsdom
 */
import { act, renderHook } from '@testing-library/react';
import { epoch$ } from '../services/wallet';
import { useSwapEstimate } from './chain';

const calls: Array<{ amountIn: bigint; resolve: (v: unknown) => void }> = [];
jest.mock('../services/swap', () => {
  const actual = jest.requireActual('../services/swap');
  return {
    ...actual,
    getSwapEstimate: (req: { amountIn: bigint }) =>
      new Promise((resolve) => calls.push({ amountIn: req.amountIn, resolve })),
  };
});

beforeEach(() => {
  calls.length = 0;
  jest.useFakeTimers();
});
afterEach(() => jest.useRealTimers());

const fake = (amountIn: bigint, epoch: number) => ({
  kind: 'exactIn',
  amountIn,
  amountOut: amountIn * 2n,
  epoch,
});

test('debounces typing: one estimate for the last amount', async () => {
  const { result, rerender } = renderHook(
    (amount: bigint) => useSwapEstimate({ from: 'BNB', to: 'USDT', amount, side: 'sell' }),
    {
      initialProps: 1n,
    },
  );
  rerender(12n);
  rerender(123n);
  expect(result.current.loading).toBe(true);
  await act(async () => {
    jest.advanceTimersByTime(300);
  });
  expect(calls.map((c) => c.amountIn)).toEqual([123n]);
  await act(async () => {
    calls[0]!.resolve(fake(123n, epoch$.getValue()));
  });
  expect(result.current.estimate).toMatchObject({ amountIn: 123n, amountOut: 246n });
  expect(result.current.loading).toBe(false);
});

test('an account/chain change (epoch bump) drops the estimate in flight and re-estimates', async () => {
  const { result } = renderHook(() =>
    useSwapEstimate({ from: 'BNB', to: 'USDT', amount: 5n, side: 'sell' }),
  );
  await act(async () => {
    jest.advanceTimersByTime(300);
  });
  expect(calls).toHaveLength(1);
  await act(async () => {
    epoch$.next(epoch$.getValue() + 1);
  });
  await act(async () => {
    calls[0]!.resolve(fake(5n, epoch$.getValue() - 1));
  });
  expect(result.current.estimate).toBeNull();
  await act(async () => {
    jest.advanceTimersByTime(300);
  });
  expect(calls).toHaveLength(2);
  await act(async () => {
    calls[1]!.resolve(fake(5n, epoch$.getValue()));
  });
  expect(result.current.estimate).toMatchObject({ amountOut: 10n });
});

test('no tokens or no amount: no estimate, no request', async () => {
  const { result } = renderHook(() =>
    useSwapEstimate({ from: 'BNB', to: undefined, amount: 5n, side: 'sell' }),
  );
  await act(async () => {
    jest.advanceTimersByTime(1000);
  });
  expect(calls).toHaveLength(0);
  expect(result.current).toMatchObject({
    estimate: null,
    loading: false,
    insufficientLiquidity: false,
  });
});
