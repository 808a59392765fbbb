import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import production from '@jmswap/shared-chain/config/networks.production.json';
import {
  activateLanguage,
  appEvents$,
  parseNetworksFile,
  setNetworks,
  type AppEvent,
} from '@jmswap/shared-chain';
import { clearHistoryCache } from '@jmswap/shared-chain/history';
import { ChartsPage } from './ChartsPage';

jest.mock('./HighchartsView', () => ({ __esModule: true, default: () => <div>chart</div> }));

const file = parseNetworksFile(production);
for (const n of Object.values(file.networks)) n.api.url = 'http://api.test';
const info = {
  updatedAt: Date.UTC(2026, 10, 23),
  networks: {
    TRON: {
      pairs: [
        {
          address: 'TPair',
          symbolA: 'TRX',
          symbolB: 'JM',
          reserveA: '1',
          reserveB: '1',
          price: 0.00125,
          volume24HUsd: 10,
          liquidityUsd: 1,
          fees24HUsd: 1,
          aprPercent: 1,
          trades24H: 1,
        },
      ],
      tokens: {},
    },
  },
};
let events: AppEvent[] = [];
let subscription: { unsubscribe(): void } | undefined;

beforeAll(() => setNetworks(file));
beforeEach(() => {
  clearHistoryCache();
  events = [];
  subscription = appEvents$.subscribe((e) => events.push(e));
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  global.fetch = jest.fn(async (url: string) =>
    String(url).endsWith('/v1/info')
      ? new Response(JSON.stringify(info))
      : new Response(JSON.stringify([])),
  ) as unknown as typeof fetch;
});
afterEach(() => {
  subscription?.unsubscribe();
  jest.restoreAllMocks();
});

it('shows TRX/JM by default with its price, and keeps the loading state until info arrives', async () => {
  render(<ChartsPage network="TRON" query={{}} setQuery={jest.fn()} />);
  expect(await screen.findByText('0.00125')).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('TRX/JM 0.00125');
  const loading = events.filter((e) => e.type === 'loading');
  expect(loading.at(-1)).toMatchObject({ on: false });
  expect(loading.some((e) => e.type === 'loading' && e.on)).toBe(true);
});

it('lists the chart pairs with icons and asks the shell for the chosen one', async () => {
  const setQuery = jest.fn();
  render(<ChartsPage network="TRON" query={{}} setQuery={setQuery} />);
  await userEvent.click(await screen.findByRole('button', { name: 'Pair: TRX/JM' }));
  const list = screen.getByRole('listbox', { name: 'Pairs' });
  const usdt = within(list).getByRole('button', { name: /TRX\/USDT/ });
  expect(within(usdt).getAllByRole('img')).toHaveLength(2);
  await userEvent.click(usdt);
  expect(setQuery).toHaveBeenCalledWith({ symbolA: 'TRX', symbolB: 'USDT' });
});

it('offers TRON, BSC and POLY and resets the pair on a network change', async () => {
  const setQuery = jest.fn();
  render(<ChartsPage network="TRON" query={{}} setQuery={setQuery} />);
  const pills = await screen.findByRole('navigation', { name: 'Chart networks' });
  expect(
    within(pills)
      .getAllByRole('button')
      .map((b) => b.textContent),
  ).toEqual(['TRON', 'BSC', 'POLY']);
  await userEvent.click(within(pills).getByRole('button', { name: 'BSC' }));
  expect(setQuery).toHaveBeenCalledWith({ n: 'BSC', symbolA: undefined, symbolB: undefined });
});

it('falls back to the network defaults for an unknown pair', async () => {
  render(<ChartsPage network="BSC" query={{ symbolA: 'NOPE', symbolB: 'JM' }} />);
  expect(await screen.findByRole('button', { name: 'Pair: BNB/USDT' })).toBeInTheDocument();
});

it('reads in Chinese with the real catalogue; pairs, networks and prices stay as they are', async () => {
  await act(() => activateLanguage('zh-CN'));
  try {
    render(<ChartsPage network="TRON" query={{}} setQuery={jest.fn()} />);
    expect(await screen.findByText('当前价格')).toBeInTheDocument();
    expect(screen.getByText('24h 成交量')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '交易对：TRX/JM' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '下载 TRX/JM 交易记录 (CSV)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('TRX/JM 0.00125');
    const spans = screen.getByRole('group', { name: '图表范围' });
    expect(
      within(spans)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['1周', '1个月', '3个月']);
    const pills = screen.getByRole('navigation', { name: '图表网络' });
    expect(within(pills).getByRole('button', { name: 'TRON' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: '我的交易' })).toHaveTextContent(
      '连接钱包以查看您的交易。',
    );
  } finally {
    await act(() => activateLanguage('en'));
  }
});
