import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import production from '@jmswap/shared-chain/config/networks.production.json';
import {
  activateLanguage,
  appEvents$,
  parseNetworksFile,
  setNetworks,
  type AppEvent,
} from '@jmswap/shared-chain';
import { clearHistoryCache, noteLanded } from '@jmswap/shared-chain/history';
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
  // JM priced in the base coin: JM/TRX, TRX per JM
  expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('JM/TRX 0.00125 TRX per JM');
  const loading = events.filter((e) => e.type === 'loading');
  expect(loading.at(-1)).toMatchObject({ on: false });
  expect(loading.some((e) => e.type === 'loading' && e.on)).toBe(true);
});

it('the networks merged again later (token lists, an import) keep the page: no loading state put back over it', async () => {
  render(<ChartsPage network="TRON" query={{}} setQuery={jest.fn()} />);
  expect(await screen.findByText('0.00125')).toBeInTheDocument();
  events = [];
  // The same networks as a new object, as the registry hands on a merge.
  act(() => setNetworks(parseNetworksFile(JSON.parse(JSON.stringify(file)))));
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  expect(events.filter((e) => e.type === 'loading')).toEqual([]);
  expect(screen.getByText('0.00125')).toBeInTheDocument();
  act(() => setNetworks(file));
});

it('an api that did not answer is asked again: the price comes back without a reload', async () => {
  jest.useFakeTimers();
  try {
    let down = true;
    global.fetch = jest.fn(async (url: string) => {
      if (down) throw new TypeError('Failed to fetch');
      return String(url).endsWith('/v1/info')
        ? new Response(JSON.stringify(info))
        : new Response(JSON.stringify([]));
    }) as unknown as typeof fetch;
    render(<ChartsPage network="TRON" query={{}} setQuery={jest.fn()} />);
    expect(await screen.findByText(/Market data is unavailable right now/)).toBeVisible();
    down = false;
    await act(() => jest.advanceTimersByTimeAsync(15_000));
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(
      'JM/TRX 0.00125 TRX per JM',
    );
    expect(screen.queryByText(/Market data is unavailable right now/)).toBeNull();
  } finally {
    jest.useRealTimers();
  }
});

/**
 * An api whose TRX/JM price is `price()` at each read (unreachable while `down()`); returns the
 * cache mode of each `/v1/info` read, in order.
 */
function serveInfo(price: () => number, down: () => boolean = () => false) {
  const modes: Array<RequestCache | undefined> = [];
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    if (down()) throw new TypeError('Failed to fetch');
    if (!String(url).endsWith('/v1/info')) return new Response(JSON.stringify([]));
    modes.push(init?.cache);
    const pair = { ...info.networks.TRON.pairs[0], price: price() };
    return new Response(
      JSON.stringify({ ...info, networks: { TRON: { pairs: [pair], tokens: {} } } }),
    );
  }) as unknown as typeof fetch;
  return modes;
}

it('the current price is read again while the page is seen; a read that fails keeps the last one', async () => {
  jest.useFakeTimers();
  try {
    let price = 0.00125;
    let down = false;
    serveInfo(
      () => price,
      () => down,
    );
    render(<ChartsPage network="TRON" query={{}} setQuery={jest.fn()} />);
    const title = () => screen.getByRole('heading', { level: 2 });
    await waitFor(() => expect(title()).toHaveTextContent('JM/TRX 0.00125 TRX per JM'));
    // A trade moved the price; the next read, 30 s on, shows it.
    price = 0.0013;
    await act(() => jest.advanceTimersByTimeAsync(30_000));
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(title()).toHaveTextContent('JM/TRX 0.00130 TRX per JM');
    down = true;
    await act(() => jest.advanceTimersByTimeAsync(30_000));
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(title()).toHaveTextContent('JM/TRX 0.00130 TRX per JM');
    expect(screen.queryByText(/Market data is unavailable right now/)).toBeNull();
  } finally {
    jest.useRealTimers();
  }
});

it("the user's own swap moves the current price within seconds, past the browser's copy of the figures", async () => {
  jest.useFakeTimers();
  try {
    let price = 0.00125;
    const modes = serveInfo(() => price);
    render(<ChartsPage network="TRON" query={{}} setQuery={jest.fn()} />);
    const title = () => screen.getByRole('heading', { level: 2 });
    await waitFor(() => expect(title()).toHaveTextContent('JM/TRX 0.00125 TRX per JM'));
    price = 0.0013;
    act(() => noteLanded('TRON'));
    await act(() => jest.advanceTimersByTimeAsync(4_000));
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(title()).toHaveTextContent('JM/TRX 0.00130 TRX per JM');
    expect(modes).toEqual(['default', 'no-cache']);
  } finally {
    jest.useRealTimers();
    localStorage.clear();
  }
});

it('lists the chart pairs with icons and asks the shell for the chosen one', async () => {
  const setQuery = jest.fn();
  render(<ChartsPage network="TRON" query={{}} setQuery={setQuery} />);
  await userEvent.click(await screen.findByRole('button', { name: 'Pair: TRX/JM' }));
  const list = screen.getByRole('list', { name: 'Pairs' });
  const usdt = within(list).getByRole('button', { name: 'TRX/USDT' });
  // Both logos, beside the pair's text (decorative: the name is read once).
  expect(usdt.querySelectorAll('img')).toHaveLength(2);
  // The pair shown is marked; Escape folds the list and gives the focus back to its button.
  expect(within(list).getByRole('button', { name: 'TRX/JM' })).toHaveAttribute(
    'aria-current',
    'true',
  );
  expect(usdt).not.toHaveAttribute('aria-current');
  await userEvent.keyboard('{Escape}');
  expect(screen.queryByRole('list', { name: 'Pairs' })).toBeNull();
  expect(screen.getByRole('button', { name: 'Pair: TRX/JM' })).toHaveFocus();
  expect(screen.getByRole('button', { name: 'Pair: TRX/JM' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
  await userEvent.click(screen.getByRole('button', { name: 'Pair: TRX/JM' }));
  await userEvent.click(
    within(screen.getByRole('list', { name: 'Pairs' })).getByRole('button', { name: 'TRX/USDT' }),
  );
  expect(setQuery).toHaveBeenCalledWith({ symbolA: 'TRX', symbolB: 'USDT', invert: undefined });
});

it('a link naming a pair the page cannot show loses it: the address bar names the pair shown', async () => {
  const setQuery = jest.fn();
  const { unmount } = render(
    <ChartsPage network="TRON" query={{ symbolA: 'JM', symbolB: 'NOPE' }} setQuery={setQuery} />,
  );
  expect(await screen.findByRole('button', { name: 'Pair: TRX/JM' })).toBeVisible();
  expect(setQuery).toHaveBeenCalledWith(
    { symbolA: undefined, symbolB: undefined, invert: undefined },
    { replace: true },
  );
  unmount();
  // A pair of the list, in the other order, is what the link asked for: it stays.
  setQuery.mockClear();
  render(
    <ChartsPage network="TRON" query={{ symbolA: 'JM', symbolB: 'TRX' }} setQuery={setQuery} />,
  );
  expect(await screen.findByRole('button', { name: 'Pair: JM/TRX' })).toBeVisible();
  expect(setQuery).not.toHaveBeenCalled();
});

it("finds a pair by a full-width input method's letters (Chinese, Japanese), and asks the api in ASCII", async () => {
  render(<ChartsPage network="TRON" query={{}} setQuery={jest.fn()} />);
  await userEvent.click(await screen.findByRole('button', { name: 'Pair: TRX/JM' }));
  await userEvent.type(screen.getByRole('searchbox', { name: 'Search pairs' }), 'ｕｓｄｔ');
  const list = screen.getByRole('list', { name: 'Pairs' });
  expect(within(list).getByRole('button', { name: 'TRX/USDT' })).toBeVisible();
  expect(within(list).queryByRole('button', { name: 'TRX/JM' })).toBeNull();
  await waitFor(() =>
    expect(
      (global.fetch as jest.Mock).mock.calls.some(([url]) => String(url).includes('q=usdt')),
    ).toBe(true),
  );
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
  expect(setQuery).toHaveBeenCalledWith({
    n: 'BSC',
    symbolA: undefined,
    symbolB: undefined,
    invert: undefined,
  });
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
    expect(screen.getByRole('button', { name: '下载 JM/TRX 交易记录 (CSV)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('JM/TRX 0.00125');
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

it('BNB/USDT reads about 530 USDT per BNB; the toggle shows BNB per USDT, the chart asked the other way, and a reload keeps it', async () => {
  const bsc = {
    updatedAt: 1,
    networks: {
      BSC: {
        pairs: [
          {
            ...info.networks.TRON.pairs[0]!,
            symbolA: 'BNB',
            symbolB: 'USDT',
            // the api prices symbolA per 1 symbolB: BNB per USDT
            price: 1 / 530.12345,
          },
        ],
        tokens: { BNB: { priceUsd: 530.12345 }, USDT: { priceUsd: 1 } },
      },
    },
  };
  const fetchMock = jest.fn(async (url: string) =>
    String(url).endsWith('/v1/info')
      ? new Response(JSON.stringify(bsc))
      : new Response(JSON.stringify([])),
  );
  global.fetch = fetchMock as unknown as typeof fetch;
  // The shell's router, as far as this page uses it: the query in the address.
  let address: Record<string, string | undefined> = { symbolA: 'USDT', symbolB: 'BNB' };
  const setQuery = jest.fn((changes: Record<string, string | undefined>) => {
    address = { ...address, ...changes };
    rerender(<ChartsPage network="BSC" query={address} setQuery={setQuery} />);
  });
  const { rerender, unmount } = render(
    <ChartsPage network="BSC" query={address} setQuery={setQuery} />,
  );
  const title = () => screen.getByRole('heading', { level: 2 });
  await screen.findByText('530.12345');
  expect(title()).toHaveTextContent('BNB/USDT 530.12345 USDT per BNB');
  expect(document.querySelector('[data-figure="price"]')).toHaveTextContent('530.12345 USDT');
  const asked = () =>
    fetchMock.mock.calls.map(([u]) => String(u)).filter((u) => u.includes('/candles/'));
  await act(async () => undefined);
  expect(asked().every((u) => u.endsWith('/USDT/BNB') || u.includes('/USDT/BNB?'))).toBe(true);

  await userEvent.click(screen.getByRole('button', { name: 'Show as USDT/BNB' }));
  expect(title()).toHaveTextContent('USDT/BNB 0.00189 BNB per USDT');
  expect(screen.getByRole('button', { name: 'Show as BNB/USDT' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  expect(
    screen.getByRole('button', { name: 'Download USDT/BNB trades (CSV)' }),
  ).toBeInTheDocument();
  // In the address, in place of the entry (Back does not step through the toggles).
  expect(setQuery).toHaveBeenLastCalledWith({ invert: '1' }, { replace: true });

  // A reload, or the link copied: the same side.
  unmount();
  render(<ChartsPage network="BSC" query={address} setQuery={jest.fn()} />);
  expect(await screen.findByText('0.00189')).toBeInTheDocument();
  expect(title()).toHaveTextContent('USDT/BNB 0.00189 BNB per USDT');
});

it('another pair from the list drops the side chosen for the one before', async () => {
  const setQuery = jest.fn();
  render(<ChartsPage network="TRON" query={{ invert: '1' }} setQuery={setQuery} />);
  expect(await screen.findByRole('heading', { level: 2 })).toHaveTextContent('TRX/JM');
  await userEvent.click(screen.getByRole('button', { name: 'Pair: TRX/JM' }));
  await userEvent.click(
    within(screen.getByRole('list', { name: 'Pairs' })).getByRole('button', {
      name: 'TRX/USDT',
    }),
  );
  expect(setQuery).toHaveBeenCalledWith({ symbolA: 'TRX', symbolB: 'USDT', invert: undefined });
});

const WBNB = '0xbb4CdB9CBd36B01bD1cBaEBF2De08d9173bc095c';
const NEW_TOKEN = '0x95bd8d42f30351685e96c62eddc0d0613bf9a87a';

/**
 * The charts page of a pair on BSC (WBNB configured) that the api indexes, of BNB and a token the
 * configuration does not list, then `check`; `answers` are the other routes' answers, by a part
 * of their url.
 */
async function withIndexedPair(
  token: { symbol: string; name: string },
  [reserveA, reserveB]: [string, string],
  answers: Record<string, unknown>,
  check: () => Promise<void>,
) {
  const bnb = file.networks.BSC.tokens.BNB!;
  const configured = bnb.address;
  bnb.address = WBNB;
  const pairs = {
    total: 1,
    pairs: [
      {
        address: '0x67913a0f4f407bdba24ebf89421a519b525a235f',
        listed: false,
        tokenA: { address: WBNB.toLowerCase(), symbol: 'BNB', name: 'BNB', decimals: 18 },
        tokenB: { address: NEW_TOKEN, ...token, decimals: 18 },
        reserveA,
        reserveB,
      },
    ],
  };
  global.fetch = jest.fn(async (url: string) => {
    const asked = String(url);
    if (asked.endsWith('/v1/info'))
      return new Response(
        JSON.stringify({ ...info, networks: { BSC: { pairs: [], tokens: {} } } }),
      );
    if (asked.includes('/v1/pairs/bsc?')) return new Response(JSON.stringify(pairs));
    const answer = Object.entries(answers).find(([part]) => asked.includes(part));
    return new Response(JSON.stringify(answer?.[1] ?? []));
  }) as unknown as typeof fetch;
  try {
    render(
      <ChartsPage
        network="BSC"
        query={{ symbolA: WBNB.toLowerCase(), symbolB: NEW_TOKEN }}
        setQuery={jest.fn()}
      />,
    );
    await check();
  } finally {
    bnb.address = configured;
  }
}

const title = () => screen.getByRole('heading', { level: 2 });

test("a pair of the api's index that this browser does not know: its tokens' symbols and its price from the api", async () => {
  await withIndexedPair({ symbol: 'SIX', name: 'Six Tax' }, ['100', '1000000'], {}, async () => {
    await screen.findByText('SIX/BNB');
    expect(title()).toHaveTextContent('SIX/BNB 0.00010 BNB per SIX');
    // The figures come with the info answer, which may come after the pair's.
    await waitFor(() =>
      expect(document.querySelector('[data-figure="price"]')).toHaveTextContent('0.00010 BNB'),
    );
    expect(screen.getByRole('button', { name: /^Pair: / })).toHaveTextContent('BNB/SIX');
    expect(
      screen.getByRole('button', { name: 'Download SIX/BNB trades (CSV)' }),
    ).toBeInTheDocument();
  });
});

/** The CSV files the page saves: each one's name and text. */
function savedFiles() {
  const saved: { name: string; text: Promise<string> }[] = [];
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      saved.push({ name: '', text: blob.text() });
      return 'blob:csv';
    },
    revokeObjectURL: () => undefined,
  });
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved[saved.length - 1]!.name = this.download;
  });
  return { saved, restore: () => click.mockRestore() };
}

test("a meme token's pair: its price and the chart's ticks keep their digits, and the chart and its trades' file name it by its symbol", async () => {
  const candle = { dt: Date.now() - 3_600_000, o: 1e-15, h: 1.013e-15, l: 1e-15, c: 1.013e-15 };
  const trade = {
    type: 'buy',
    price: '0.000000000000001013',
    buyAmount: '9871580343970',
    sellAmount: '0.01',
    date: Date.UTC(2026, 11, 5),
    hash: `0x${'ab'.repeat(32)}`,
    trader: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
  };
  const files = savedFiles();
  const meme = { symbol: 'MDOGE', name: 'Moon Doge Inu' };
  const answers = { '/candles/': [candle], '/trades/': [trade] };
  await withIndexedPair(meme, ['1', '1000000000000000'], answers, async () => {
    await screen.findByText('MDOGE/BNB');
    // 0.000000000000001 BNB: at the page's 5 decimals it read 0.00000.
    expect(title()).toHaveTextContent('MDOGE/BNB 0.0₁₄1 BNB per MDOGE');
    await waitFor(() =>
      expect(document.querySelector('[data-figure="price"]')).toHaveTextContent('0.0₁₄1 BNB'),
    );
    const chart = await screen.findByRole('img', { name: /^MDOGE\/BNB price/ });
    expect(chart).toHaveTextContent('0.0₁₄10');
    expect(chart).not.toHaveTextContent(/0\.0000000000/);
    // Its trades' file names the tokens as the page does, not by their addresses.
    await userEvent.click(screen.getByRole('button', { name: 'Download MDOGE/BNB trades (CSV)' }));
    await waitFor(() => expect(files.saved).toHaveLength(1));
    expect(files.saved[0]!.name).toBe('jmswap-bsc-MDOGE-BNB-trades.csv');
    const row = (await files.saved[0]!.text).split('\r\n')[1];
    expect(row).toContain(',BSC,MDOGE/BNB,buy,0.000000000000001013,BNB per MDOGE,');
    expect(row).toContain(',9871580343970,MDOGE,0.01,BNB,');
  }).finally(files.restore);
});
