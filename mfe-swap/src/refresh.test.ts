import { act, renderHook } from '@testing-library/react';
import {
  refreshDue,
  SECOND_BALANCE_DELAY_MS,
  useRefreshTick,
  useStaggeredBalances,
  VISIBLE_REFRESH_DELAY_MS,
} from './refresh';

let visibility: DocumentVisibilityState = 'visible';
beforeAll(() => {
  Object.defineProperty(document, 'visibilityState', { get: () => visibility, configurable: true });
});
beforeEach(() => {
  jest.useFakeTimers();
  visibility = 'visible';
});
afterEach(() => jest.useRealTimers());

const setVisibility = (state: DocumentVisibilityState) =>
  act(() => {
    visibility = state;
    document.dispatchEvent(new Event('visibilitychange'));
  });
const advance = (ms: number) => act(() => void jest.advanceTimersByTime(ms));

describe('prices and the estimate: every 15 s (8 s in launchPad) when older than the interval minus 5 s', () => {
  it('refreshes every 15 s while nothing else updated the box', () => {
    const { result } = renderHook(() => useRefreshTick(15_000, () => undefined));
    expect(result.current).toBe(0);
    advance(14_999);
    expect(result.current).toBe(0);
    advance(1);
    expect(result.current).toBe(1);
    advance(15_000);
    expect(result.current).toBe(2);
  });

  it('skips a refresh when the last update (a quote the user just got) is younger than 10 s', () => {
    const last: { at?: number } = {};
    const { result } = renderHook(() => useRefreshTick(15_000, () => last.at));
    advance(9_000);
    last.at = Date.now(); // the user typed at 9 s: a fresh quote
    advance(6_000); // the 15 s tick: the quote is 6 s old, younger than 10 s
    expect(result.current).toBe(0);
    advance(15_000); // the 30 s tick: 21 s old
    expect(result.current).toBe(1);
  });

  it('launchPad: every 8 s, skipped when the last update is younger than 3 s', () => {
    const last: { at?: number } = {};
    const { result } = renderHook(() => useRefreshTick(8_000, () => last.at));
    advance(8_000);
    expect(result.current).toBe(1);
    advance(6_000);
    last.at = Date.now();
    advance(2_000); // 16 s: quote 2 s old
    expect(result.current).toBe(1);
    advance(8_000); // 24 s: 10 s old
    expect(result.current).toBe(2);
    expect(refreshDue(10_000, 7_000, 8_000)).toBe(true);
    expect(refreshDue(10_000, 7_001, 8_000)).toBe(false);
  });

  it('nothing while the page is hidden; on becoming visible again, a refresh 10 s later', () => {
    const { result } = renderHook(() => useRefreshTick(15_000, () => undefined));
    setVisibility('hidden');
    advance(60_000);
    expect(result.current).toBe(0);
    setVisibility('visible');
    advance(VISIBLE_REFRESH_DELAY_MS - 1);
    expect(result.current).toBe(0);
    advance(1);
    expect(result.current).toBe(1);
  });

  it('hidden again before the 10 s: no refresh from that return', () => {
    const { result } = renderHook(() => useRefreshTick(60_000, () => undefined));
    setVisibility('hidden');
    setVisibility('visible');
    advance(5_000);
    setVisibility('hidden');
    advance(20_000);
    expect(result.current).toBe(0);
  });
});

describe("balances: the second token's 6 s after the first", () => {
  it('reads the first at once, the second 6 s later, on each tick', async () => {
    const asked: string[][] = [];
    const read = jest.fn(async (symbols: string[]) => {
      asked.push(symbols);
      return Object.fromEntries(symbols.map((s) => [s, BigInt(s.length)]));
    });
    const { result, rerender } = renderHook(
      ({ tick }) => useStaggeredBalances(read, 'TRX', 'JM', tick),
      { initialProps: { tick: 0 } },
    );
    await act(async () => undefined);
    expect(asked).toEqual([['TRX']]);
    expect(result.current).toEqual({ TRX: 3n });
    advance(SECOND_BALANCE_DELAY_MS - 1);
    expect(asked).toHaveLength(1);
    await act(async () => void jest.advanceTimersByTime(1));
    expect(asked).toEqual([['TRX'], ['JM']]);
    expect(result.current).toEqual({ TRX: 3n, JM: 2n });
    rerender({ tick: 1 });
    await act(async () => undefined);
    expect(asked.at(-1)).toEqual(['TRX']);
  });

  it('another pair before the 6 s cancels the old second read', async () => {
    const read = jest.fn(async (symbols: string[]) =>
      Object.fromEntries(symbols.map((s) => [s, 1n])),
    );
    const { rerender } = renderHook(({ to }) => useStaggeredBalances(read, 'TRX', to, 0), {
      initialProps: { to: 'JM' },
    });
    advance(3_000);
    rerender({ to: 'USDT' });
    await act(async () => void jest.advanceTimersByTime(SECOND_BALANCE_DELAY_MS));
    expect(read.mock.calls.map(([s]) => s)).toEqual([['TRX'], ['TRX'], ['USDT']]);
  });

  it('after a swap both are read at once', async () => {
    const read = jest.fn(async (symbols: string[]) =>
      Object.fromEntries(symbols.map((s) => [s, 5n])),
    );
    const { result, rerender } = renderHook(
      ({ both }) => useStaggeredBalances(read, 'TRX', 'JM', 0, both),
      { initialProps: { both: 0 } },
    );
    await act(async () => undefined);
    rerender({ both: 1 });
    await act(async () => undefined);
    expect(read).toHaveBeenLastCalledWith(['TRX', 'JM']);
    expect(result.current).toEqual({ TRX: 5n, JM: 5n });
  });
});
