import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import production from '@jmswap/shared-chain/config/networks.production.json';
import {
  activateLanguage,
  appEvents$,
  parseNetworksFile,
  setNetworks,
  type NetworksFile,
  type PoolState,
} from '@jmswap/shared-chain';
import { noteLanded, type ApiInfo } from '@jmswap/shared-chain/history';
import { FIGURES_WAIT_MS, PoolsPage } from './PoolsPage';
import { providePoolSources } from './sources';

/** The production config with placeholder contracts, so BSC counts as configured. */
function configuredFile(): NetworksFile {
  const file = parseNetworksFile(production);
  const bsc = file.networks.BSC;
  bsc.exchange = {
    ...bsc.exchange,
    FACTORY_ADDRESS: '0x0000000000000000000000000000000000000001',
    ROUTER_ADDRESS: '0x0000000000000000000000000000000000000002',
    LIQUIDITY_ROUTER: '0x0000000000000000000000000000000000000003',
    SWAP_API: '0x0000000000000000000000000000000000000004',
  };
  bsc.api = { ...bsc.api, url: 'http://api.test' };
  return file;
}

const E18 = 10n ** 18n;
// The chain reports the wrapped base (WBNB) and one pair in the reverse order of the config.
const chainPools: PoolState[] = [
  { symbolA: 'WBNB', symbolB: 'USDT', reserveA: 1_000n * E18, reserveB: 300_000n * E18 },
  { symbolA: 'BUSD', symbolB: 'WBNB', reserveA: 60_000n * E18, reserveB: 200n * E18 + E18 / 2n },
];
const pair = (symbolB: string, liquidityUsd: number | null, volume24HUsd: number | null) => ({
  address: `0x${symbolB}`,
  symbolA: 'BNB',
  symbolB,
  reserveA: '1',
  reserveB: '1',
  price: 1,
  volume24HUsd,
  liquidityUsd,
  fees24HUsd: volume24HUsd === null ? null : volume24HUsd * 0.003,
  aprPercent: liquidityUsd === null ? null : 12.345,
  trades24H: 3,
});
const info: ApiInfo = {
  updatedAt: 1,
  networks: {
    BSC: {
      pairs: [pair('USDT', 600_000, 1_000), pair('BUSD', 120_000, 50_000)],
      tokens: {},
    },
  },
};

let reserves: jest.Mock<Promise<PoolState[] | undefined>, [string, { fresh?: boolean }?]>;
let fetchInfo: jest.Mock<Promise<ApiInfo | undefined>, [string, AbortSignal]>;
let loadingOn: boolean | undefined;
beforeAll(() => {
  setNetworks(configuredFile());
  appEvents$.subscribe((e) => {
    if (e.type === 'loading') loadingOn = e.on;
  });
});
beforeEach(() => {
  reserves = jest.fn<Promise<PoolState[] | undefined>, [string, { fresh?: boolean }?]>(
    async () => chainPools,
  );
  fetchInfo = jest.fn<Promise<ApiInfo | undefined>, [string, AbortSignal]>(async () => info);
  providePoolSources({ reserves, info: fetchInfo });
});
afterEach(() => providePoolSources(undefined));

const row = (pairName: string) =>
  screen.getAllByTestId('pool-row').find((r) => r.dataset.pair === pairName) as HTMLElement;
const names = () => screen.getAllByTestId('pool-item').map((r) => r.textContent);

it('shows every configured pool with both reserves from the chain and the API figures', async () => {
  render(<PoolsPage network="BSC" query={{}} />);
  expect(await screen.findAllByTestId('pool-item')).toHaveLength(7);
  await waitFor(() =>
    expect(within(row('BNB/BUSD')).getByTestId('reserve-a')).toHaveTextContent('200.5 BNB'),
  );
  expect(within(row('BNB/BUSD')).getByTestId('reserve-b')).toHaveTextContent('60,000 BUSD');
  expect(within(row('BNB/USDT')).getByTestId('reserve-a')).toHaveTextContent('1,000 BNB');
  expect(within(row('BNB/USDT')).getByTestId('reserve-b')).toHaveTextContent('300,000 USDT');
  // A configured pool the chain did not report shows no number rather than a wrong one.
  expect(within(row('BNB/KLV')).getByTestId('reserve-a')).toHaveTextContent('-');
  await waitFor(() =>
    expect(within(row('BNB/USDT')).getByTestId('api-0')).toHaveTextContent('$600,000.00'),
  );
  expect(within(row('BNB/USDT')).getByTestId('api-1')).toHaveTextContent('$1,000.00');
  expect(within(row('BNB/USDT')).getByTestId('api-2')).toHaveTextContent('$3.00');
  expect(within(row('BNB/USDT')).getByTestId('api-3')).toHaveTextContent('12.35%');
  expect(within(row('BNB/KLV')).getByTestId('api-0')).toHaveTextContent('n/a');
  expect(fetchInfo).toHaveBeenCalledWith('http://api.test', expect.anything());
  expect(loadingOn).toBe(false);
});

it('links each pool to its chart and to add liquidity for the pair', async () => {
  render(<PoolsPage network="BSC" query={{}} />);
  await screen.findAllByTestId('pool-item');
  const links = within(row('BNB/BUSD'));
  expect(links.getByRole('link', { name: 'Chart' })).toHaveAttribute(
    'href',
    '/charts?n=BSC&symbolA=BNB&symbolB=BUSD',
  );
  expect(links.getByRole('link', { name: 'Add liquidity' })).toHaveAttribute(
    'href',
    '/?n=BSC&t=addLiquidity&from=BNB&to=BUSD',
  );
  await waitFor(() => expect(reserves).toHaveBeenCalledWith('BSC'));
});

it('has no chart links on ETH', async () => {
  render(<PoolsPage network="ETH" query={{}} />);
  await waitFor(() => expect(screen.getByTestId('api-0')).toHaveTextContent('unavailable'));
  expect(screen.queryByRole('link', { name: 'Chart' })).toBeNull();
  expect(screen.getByRole('link', { name: 'Add liquidity' })).toHaveAttribute(
    'href',
    '/?n=ETH&t=addLiquidity&from=ETH&to=USDT',
  );
});

it('sorts by liquidity by default, then by volume or name, and filters by symbol', async () => {
  render(<PoolsPage network="BSC" query={{}} />);
  await waitFor(() => expect(names().slice(0, 2)).toEqual(['BNB/USDT', 'BNB/BUSD']));
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'volume');
  expect(names().slice(0, 2)).toEqual(['BNB/BUSD', 'BNB/USDT']);
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'name');
  expect(names()).toEqual([
    'BNB/BTCB',
    'BNB/BUSD',
    'BNB/KLV',
    'BNB/O1T',
    'BNB/PSRS',
    'BNB/TRX',
    'BNB/USDT',
  ]);
  await userEvent.type(
    screen.getByRole('searchbox', { name: 'Filter by symbol or address' }),
    'usd',
  );
  expect(names()).toEqual(['BNB/BUSD', 'BNB/USDT']);
  await userEvent.type(screen.getByRole('searchbox', { name: 'Filter by symbol or address' }), 'x');
  expect(screen.queryAllByTestId('pool-item')).toHaveLength(0);
  expect(screen.getByText('No pool matches “usdx”.')).toBeInTheDocument();
});

it('still shows the chain reserves when the API is unavailable', async () => {
  fetchInfo.mockResolvedValue(undefined);
  render(<PoolsPage network="BSC" query={{}} />);
  await waitFor(() =>
    expect(within(row('BNB/USDT')).getByTestId('api-0')).toHaveTextContent('unavailable'),
  );
  expect(within(row('BNB/USDT')).getByTestId('reserve-b')).toHaveTextContent('300,000 USDT');
  expect(screen.getByTestId('api-unavailable')).toBeInTheDocument();
});

it('asks an api that did not answer again: its figures come back without a reload', async () => {
  jest.useFakeTimers();
  // The other pairs' search asks the (offline) api once the timers run: it says so.
  const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    fetchInfo.mockResolvedValueOnce(undefined);
    render(<PoolsPage network="BSC" query={{}} />);
    await waitFor(() => expect(screen.getByTestId('api-unavailable')).toBeInTheDocument());
    await act(() => jest.advanceTimersByTimeAsync(15_000));
    await waitFor(() => expect(screen.queryByTestId('api-unavailable')).toBeNull());
    expect(within(row('BNB/USDT')).getByTestId('api-0')).not.toHaveTextContent('unavailable');
    expect(fetchInfo).toHaveBeenCalledTimes(2);
  } finally {
    jest.useRealTimers();
    quiet.mockRestore();
  }
});

it("liquidity this browser added shows in the pool's reserves and figures within seconds, without a reload", async () => {
  jest.useFakeTimers();
  try {
    render(<PoolsPage network="BSC" query={{}} />);
    await waitFor(() =>
      expect(within(row('BNB/USDT')).getByTestId('api-0')).toHaveTextContent('$600,000.00'),
    );
    // Added in another page or tab; the chain has it, the api a moment later.
    reserves.mockImplementation(async () =>
      chainPools.map((p) => (p.symbolB === 'USDT' ? { ...p, reserveA: p.reserveA * 2n } : p)),
    );
    fetchInfo.mockImplementation(async () => ({
      ...info,
      networks: { BSC: { pairs: [pair('USDT', 1_200_000, 1_000)], tokens: {} } },
    }));
    act(() => noteLanded('BSC'));
    await act(() => jest.advanceTimersByTimeAsync(4_000));
    await waitFor(() =>
      expect(within(row('BNB/USDT')).getByTestId('api-0')).toHaveTextContent('$1,200,000.00'),
    );
    expect(within(row('BNB/USDT')).getByTestId('reserve-a')).toHaveTextContent('2,000 BNB');
    // Read from the chain then, not the copy kept while a newer read runs.
    expect(reserves).toHaveBeenLastCalledWith('BSC', { fresh: true });
    // A read again that fails keeps the rows.
    fetchInfo.mockImplementation(async () => undefined);
    reserves.mockImplementation(async () => undefined);
    await act(() => jest.advanceTimersByTimeAsync(8_000));
    expect(within(row('BNB/USDT')).getByTestId('api-0')).toHaveTextContent('$1,200,000.00');
    expect(within(row('BNB/USDT')).getByTestId('reserve-a')).toHaveTextContent('2,000 BNB');
  } finally {
    jest.useRealTimers();
    localStorage.clear();
  }
});

it('says when the chain cannot be read, stops loading, and retries on request', async () => {
  reserves.mockResolvedValueOnce(undefined);
  render(<PoolsPage network="BSC" query={{}} />);
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Could not read the pool balances from the BNB Smart Chain node');
  expect(loadingOn).toBe(false);
  await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
  await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  // The reads' results are drawn in a transition, a task after they arrive.
  await waitFor(() =>
    expect(within(row('BNB/USDT')).getByTestId('reserve-a')).toHaveTextContent('1,000 BNB'),
  );
  expect(reserves).toHaveBeenCalledTimes(2);
});

it('says when the network is not configured and reads nothing from its chain', async () => {
  render(<PoolsPage network="POLY" query={{}} />);
  expect(screen.getByRole('status')).toHaveTextContent('network not configured');
  // Each row's icons stand beside the pair's name, which says the tokens: not read out again.
  const row = await screen.findByRole('rowheader', { name: 'MATIC/USDT' });
  const logo = row.querySelector('img')!;
  expect(logo).toHaveAttribute('alt', '');
  expect(logo).toHaveAttribute('src', '/assets/currency/matic.svg');
  // Logos far below the window wait until the reader scrolls near them.
  expect(logo).toHaveAttribute('loading', 'lazy');
  await waitFor(() => expect(fetchInfo).toHaveBeenCalled());
  expect(reserves).not.toHaveBeenCalled();
});

it('shows the rows once, in their order, when the API figures that order them arrive', async () => {
  let answer: (value: ApiInfo) => void = () => undefined;
  fetchInfo.mockReturnValue(new Promise<ApiInfo>((resolve) => (answer = resolve)));
  render(<PoolsPage network="BSC" query={{}} />);
  await waitFor(() => expect(reserves).toHaveBeenCalled());
  expect(screen.getByText('Loading pools...')).toBeVisible();
  expect(screen.queryAllByTestId('pool-item')).toHaveLength(0);
  // The line holds the room of the 7 rows to come (pools.css: a row's height times this), so
  // the fee note below the table stays where it is when they come.
  const waiting = screen.getByText('Loading pools...').closest('tr')!;
  expect(waiting.style.getPropertyValue('--jm-pool-rows')).toBe('7');
  act(() => answer(info));
  const rows = await screen.findAllByTestId('pool-row');
  expect(rows[0]).toHaveAttribute('data-pair', 'BNB/USDT');
  expect(screen.queryByText('Loading pools...')).toBeNull();
});

it('does not wait for an API that never answers longer than FIGURES_WAIT_MS', async () => {
  jest.useFakeTimers();
  try {
    fetchInfo.mockReturnValue(new Promise<ApiInfo>(() => undefined));
    render(<PoolsPage network="BSC" query={{}} />);
    expect(screen.queryAllByTestId('pool-item')).toHaveLength(0);
    act(() => jest.advanceTimersByTime(FIGURES_WAIT_MS));
    expect(await screen.findAllByTestId('pool-item')).toHaveLength(7);
  } finally {
    jest.useRealTimers();
  }
});

it('reads in Chinese with the real catalogue; pairs, symbols and amounts stay as they are', async () => {
  await act(() => activateLanguage('zh-CN'));
  try {
    render(<PoolsPage network="BSC" query={{}} />);
    await screen.findAllByTestId('pool-item');
    const usdt = within(row('BNB/USDT'));
    await waitFor(() => expect(usdt.getByTestId('reserve-a')).toHaveTextContent('1,000 BNB'));
    expect(usdt.getByTestId('reserve-a')).toHaveAttribute('data-label', 'BNB 储备');
    expect(usdt.getByRole('link', { name: '添加流动性' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: '排序方式' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: '手续费年化' })).toBeInTheDocument();
    await waitFor(() =>
      expect(within(row('BNB/KLV')).getByTestId('api-0')).toHaveTextContent('暂无'),
    );
  } finally {
    await act(() => activateLanguage('en'));
  }
});

it('draws only the rows near the window of a thousand pools; filter and sort reach every one', async () => {
  const file = configuredFile();
  const bsc = file.networks.BSC;
  const symbol = (i: number) => `T${String(i).padStart(4, '0')}`;
  for (let i = 0; i < 1000; i += 1) {
    bsc.tokens[symbol(i)] = { ...bsc.tokens.USDT!, symbol: symbol(i), name: symbol(i) };
    bsc.pools.push({ symbolA: 'BNB', symbolB: symbol(i), address: '' });
  }
  setNetworks(file);
  // jsdom lays nothing out: each row is given a table line's height.
  const height = jest
    .spyOn(HTMLElement.prototype, 'offsetHeight', 'get')
    .mockImplementation(function (this: HTMLElement) {
      return this.tagName === 'TR' ? 58 : 0;
    });
  window.scrollTo = () => undefined;
  try {
    render(<PoolsPage network="BSC" query={{}} />);
    await waitFor(() => expect(screen.getByRole('table')).toHaveAttribute('aria-rowcount', '1008'));
    const drawn = screen.getAllByTestId('pool-item').length;
    expect(drawn).toBeGreaterThan(5);
    expect(drawn).toBeLessThan(60);
    const filter = screen.getByRole('searchbox', { name: 'Filter by symbol or address' });
    await userEvent.type(filter, 't0999');
    expect(names()).toEqual(['BNB/T0999']);
    // Up to VIRTUAL_FROM matches are all in the page, more than the window holds.
    await userEvent.clear(filter);
    await userEvent.type(filter, '99');
    expect(names()).toHaveLength(19);
    expect(names()).toContain('BNB/T0099');
    expect(names()).toContain('BNB/T0999');
    expect(screen.getByRole('table')).toHaveAttribute('aria-rowcount', '20');
    await userEvent.clear(filter);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'name');
    expect(names().slice(0, 3)).toEqual(['BNB/BTCB', 'BNB/BUSD', 'BNB/KLV']);
  } finally {
    // The page goes first: a network change under it is an update outside the test's act().
    cleanup();
    height.mockRestore();
    setNetworks(configuredFile());
  }
  // A thousand rows in jsdom: seconds on a loaded machine.
}, 30_000);
