import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import production from '@jmswap/shared-chain/config/networks.production.json';
import { activateLanguage, parseNetworksFile } from '@jmswap/shared-chain';
import { clearHistoryCache, noteLanded } from '@jmswap/shared-chain/history';
import { HistoryPanel } from './HistoryPanel';

const { networks } = parseNetworksFile(production);
// Production leaves contract addresses to the operator; the panel needs the pair's two.
const tron = {
  ...networks.TRON,
  api: { ...networks.TRON.api, url: 'http://api.test' },
  tokens: {
    ...networks.TRON.tokens,
    TRX: { ...networks.TRON.tokens.TRX!, address: 'TWTRXaddress' },
    JM: { ...networks.TRON.tokens.JM!, address: 'TJMaddress' },
  },
};
const HASH = 'cd'.repeat(32);
const trade = {
  type: 'buy',
  price: '0.0812345678',
  buyAmount: '1234.5678912',
  sellAmount: '100.25',
  date: Date.UTC(2026, 10, 23, 12, 30),
  hash: HASH,
  trader: 'TTrader',
};

let fetchMock: jest.Mock;
const serve = (body: unknown, status = 200) => {
  fetchMock = jest.fn(async () => new Response(JSON.stringify(body), { status }));
  global.fetch = fetchMock as unknown as typeof fetch;
};

beforeEach(() => {
  clearHistoryCache();
  localStorage.clear();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

async function open() {
  render(<HistoryPanel network={tron} symbolA="TRX" symbolB="JM" />);
  await userEvent.click(screen.getByRole('button', { name: 'Toggle swap history' }));
  return screen.getByRole('region', { name: 'Trading History' });
}

it('is closed until toggled, and asks nothing before', async () => {
  serve([]);
  render(<HistoryPanel network={tron} symbolA="TRX" symbolB="JM" />);
  expect(screen.queryByText('Trading History')).not.toBeInTheDocument();
  expect(fetchMock).not.toHaveBeenCalled();
});

it('shows "Loading History..." and then the trades: Price, Amount, Time, 6 decimals, explorer links', async () => {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  fetchMock = jest.fn(async () => {
    await gate;
    return new Response(JSON.stringify([trade]));
  });
  global.fetch = fetchMock as unknown as typeof fetch;
  const panel = await open();
  expect(within(panel).getByRole('status')).toHaveTextContent('Loading History...');
  release();
  const row = (await within(panel).findAllByRole('row'))[1]!;
  expect(
    within(panel)
      .getAllByRole('columnheader')
      .map((h) => h.textContent),
  ).toEqual(['Price (TRX)', 'Amount (JM)', 'Time']);
  expect(row).toHaveTextContent('0.081234');
  expect(row).toHaveTextContent('1,234.567891');
  // 23 November at 12:30 UTC, local time: the month as a word, never "23/11" (or "11/23").
  expect(within(row).getByRole('link')).toHaveTextContent(/^2[34] Nov, \d\d:\d\d$/);
  expect(within(row).getByRole('link')).toHaveAttribute(
    'href',
    `https://tronscan.org/#/transaction/${HASH}`,
  );
  expect(fetchMock.mock.calls[0][0]).toBe(
    'http://api.test/v1/history/tron/trades/TWTRXaddress/TJMaddress?limit=50',
  );
});

it.each([
  ['no trades', () => serve([])],
  ['bad data', () => serve([{ ...trade, buyAmount: 1e300 }])],
  ['an API error', () => serve({ error: 'Internal Server Error', statusCode: 500 }, 500)],
])('shows "No swap data available" on %s', async (_, answer) => {
  answer();
  const panel = await open();
  expect(await within(panel).findByText('No swap data available')).toBeInTheDocument();
});

it("asks again past the cache a few seconds after the user's swap landed", async () => {
  serve([]);
  const panel = await open();
  await within(panel).findByText('No swap data available');
  jest.useFakeTimers();
  serve([trade]);
  act(() => noteLanded('TRON'));
  await act(async () => {
    jest.advanceTimersByTime(4_000);
  });
  jest.useRealTimers();
  expect(await within(panel).findByRole('link')).toHaveAttribute(
    'href',
    `https://tronscan.org/#/transaction/${HASH}`,
  );
});

it('a refresh the api does not answer keeps the trades shown and says so, until one is read', async () => {
  serve([trade]);
  const panel = await open();
  await within(panel).findByRole('link');
  jest.useFakeTimers();
  // The user's swap asks again past the cache; the api is down.
  serve({ error: 'Service Unavailable' }, 503);
  act(() => noteLanded('TRON'));
  await act(() => jest.advanceTimersByTimeAsync(4_000));
  expect(within(panel).getAllByRole('row')).toHaveLength(2);
  expect(within(panel).getByRole('status')).toHaveTextContent(
    'Trades could not be refreshed; these are the last ones read.',
  );
  serve([{ ...trade, hash: 'ef'.repeat(32) }, trade]);
  await act(() => jest.advanceTimersByTimeAsync(8_000));
  expect(within(panel).getAllByRole('row')).toHaveLength(3);
  expect(within(panel).queryByRole('status')).toBeNull();
});

it('reads in Chinese with the real catalogue: month before day, token symbols as they are', async () => {
  serve([trade]);
  await act(() => activateLanguage('zh-CN'));
  try {
    render(<HistoryPanel network={tron} symbolA="TRX" symbolB="JM" />);
    await userEvent.click(screen.getByRole('button', { name: '显示/隐藏兑换历史' }));
    const panel = screen.getByRole('region', { name: '交易历史' });
    const link = await within(panel).findByRole('link');
    expect(
      within(panel)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['价格 (TRX)', '数量 (JM)', '时间']);
    // 23 November: "11月23日 hh:mm" in Chinese (the English page shows "23 Nov, hh:mm").
    expect(link).toHaveTextContent(/^11月2[34]日 \d\d:\d\d$/);
    expect(link).toHaveAttribute('title', '买入 JM：查看交易');
  } finally {
    await act(() => activateLanguage('en'));
  }
});

it('names the columns of a pair named by addresses (an imported token) by its tokens’ symbols', async () => {
  const wbnb = '0xbb4CdB9CBd36B01bD1cBaEBF2De08d9173bc095c';
  const six = '0x95bD8D42f30351685e96C62EDdc0d0613bf9a87A';
  const bsc = {
    ...networks.BSC,
    api: { ...networks.BSC.api, url: 'http://api.test' },
    tokens: {
      ...networks.BSC.tokens,
      BNB: { ...networks.BSC.tokens.BNB!, address: wbnb },
      [six]: {
        ...networks.BSC.tokens.USDT!,
        symbol: 'SIX',
        address: six,
        origin: 'imported' as const,
      },
    },
  };
  serve([trade]);
  render(<HistoryPanel network={bsc} symbolA={wbnb} symbolB={six} />);
  await userEvent.click(screen.getByRole('button', { name: 'Toggle swap history' }));
  const panel = screen.getByRole('region', { name: 'Trading History' });
  await within(panel).findAllByRole('row');
  expect(
    within(panel)
      .getAllByRole('columnheader')
      .map((h) => h.textContent),
  ).toEqual(['Price (BNB)', 'Amount (SIX)', 'Time']);
  expect(fetchMock.mock.calls[0][0]).toBe(
    `http://api.test/v1/history/bsc/trades/${wbnb}/${six}?limit=50`,
  );
});
