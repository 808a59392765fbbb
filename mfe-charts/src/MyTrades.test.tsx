import { act, cleanup, render, screen } from '@testing-library/react';
import production from '@jmswap/shared-chain/config/networks.production.json';
import { parseNetworksFile, session$ } from '@jmswap/shared-chain';
import { clearHistoryCache, noteLanded } from '@jmswap/shared-chain/history';
import { MyTrades } from './MyTrades';

const { networks } = parseNetworksFile(production);

afterEach(() => act(() => session$.next({ connected: false })));

it('while the wallet of the last visit is asked again, My trades waits for it instead of asking to connect', () => {
  act(() => session$.next({ connected: false, restoring: true }));
  render(<MyTrades network={networks.BSC!} />);
  expect(screen.getByRole('status')).toHaveTextContent('Connecting wallet…');
  expect(screen.queryByRole('button', { name: 'CONNECT WALLET' })).toBeNull();
  act(() => session$.next({ connected: false }));
  expect(screen.getByText(/Connect a wallet to see your trades/)).toBeVisible();
  expect(screen.getByRole('button', { name: 'CONNECT WALLET' })).toBeEnabled();
});

describe("the user's own swap", () => {
  const bsc = { ...networks.BSC!, api: { ...networks.BSC!.api, url: 'http://api.test' } };
  const ME = '0x00000000000000000000000000000000000000e1';
  const trade = (hash: string) => ({
    date: Date.UTC(2026, 11, 7, 12),
    hash,
    pair: 'BNB/USDT',
    symbolIn: 'BNB',
    symbolOut: 'USDT',
    amountIn: '0.5',
    amountOut: '299.934130',
    price: '599.86',
    usd: 300.66,
  });
  let fetchMock: jest.Mock;
  const serve = (rows: unknown[]) => {
    fetchMock = jest.fn(async () => new Response(JSON.stringify(rows)));
    global.fetch = fetchMock as unknown as typeof fetch;
  };
  const rows = () => screen.queryAllByRole('row').length - 1; // less the header
  beforeEach(() => {
    localStorage.clear();
    clearHistoryCache();
    jest.useFakeTimers();
    act(() => session$.next({ connected: true, address: ME, name: 'MetaMask' }));
  });
  afterEach(() => jest.useRealTimers());

  it('is listed a few seconds after it landed, with the page left open', async () => {
    serve([trade('aa'.repeat(32))]);
    render(<MyTrades network={bsc} />);
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(rows()).toBe(1);
    // The swap lands; the api stores it within a few seconds.
    serve([trade('bb'.repeat(32)), trade('aa'.repeat(32))]);
    act(() => noteLanded('BSC'));
    await act(() => jest.advanceTimersByTimeAsync(4_000));
    expect(rows()).toBe(2);
    expect(fetchMock.mock.calls[0][1]).toMatchObject({ cache: 'no-cache' });
  });

  it("made on the swap page just before, is read past the page's and the browser's copies, and read again while the api stores it", async () => {
    serve([trade('aa'.repeat(32))]);
    render(<MyTrades network={bsc} />);
    await act(() => jest.advanceTimersByTimeAsync(0));
    cleanup();
    // Swapped on the swap page; the charts page opens at once, before the api stored it.
    noteLanded('BSC');
    serve([trade('aa'.repeat(32))]);
    render(<MyTrades network={bsc} />);
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][1]).toMatchObject({ cache: 'no-cache' });
    expect(rows()).toBe(1);
    serve([trade('bb'.repeat(32)), trade('aa'.repeat(32))]);
    await act(() => jest.advanceTimersByTimeAsync(4_000));
    expect(rows()).toBe(2);
    // A read again the api does not answer keeps the trades shown.
    global.fetch = jest.fn(async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof fetch;
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await act(() => jest.advanceTimersByTimeAsync(8_000));
    expect(rows()).toBe(2);
  });
});
