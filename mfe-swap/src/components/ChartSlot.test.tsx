import { act, render, screen, waitFor } from '@testing-library/react';
import production from '@jmswap/shared-chain/config/networks.production.json';
import { parseNetworksFile } from '@jmswap/shared-chain';
import { getInstance } from '@module-federation/enhanced/runtime';
import { ChartSlot, ONLINE_SETTLE_MS, retryDelayMs } from './ChartSlot';

jest.mock('@module-federation/enhanced/runtime', () => ({ getInstance: jest.fn() }));

const { networks } = parseNetworksFile(production);
const { TRX, JM } = networks.TRON.tokens;
const loadRemote = jest.fn();
const pageHasChartsRemote = (yes: boolean) =>
  (getInstance as jest.Mock).mockImplementation((finder: (i: unknown) => boolean) => {
    const host = { options: { remotes: yes ? [{ name: 'mfe_charts' }] : [] }, loadRemote };
    return finder(host) ? host : null;
  });

beforeEach(() => {
  loadRemote.mockReset();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

/** The charts remote's module as the slot loads it: here it writes the pair it was given. */
const PairText = ({ symbolA, symbolB }: { symbolA: string; symbolB: string }) => (
  <p>
    chart {symbolA}/{symbolB}
  </p>
);

it("renders the charts remote's mini chart for the swap pair", async () => {
  pageHasChartsRemote(true);
  loadRemote.mockResolvedValue({ default: PairText });
  render(<ChartSlot part="chart" network={networks.TRON} from={TRX} to={JM} />);
  expect(await screen.findByText('chart TRX/JM')).toBeInTheDocument();
  expect(loadRemote).toHaveBeenCalledWith('mfe_charts/MiniChart');
});

it('names a pair with an imported token by both addresses, as the api indexes it', async () => {
  pageHasChartsRemote(true);
  loadRemote.mockResolvedValue({ default: PairText });
  const five = {
    ...JM!,
    symbol: 'FIVE',
    address: 'TNUC9Qb1rRpS5CbWLmNMxXBjyFoydXjWFR',
    origin: 'imported' as const,
  };
  render(<ChartSlot part="chart" network={networks.TRON} from={TRX} to={five} />);
  expect(
    await screen.findByText(`chart ${TRX!.address}/TNUC9Qb1rRpS5CbWLmNMxXBjyFoydXjWFR`),
  ).toBeInTheDocument();
});

it('shows nothing, and keeps the swap box, when the charts remote throws', async () => {
  pageHasChartsRemote(true);
  loadRemote.mockResolvedValue({
    default: () => {
      throw new Error('broken release');
    },
  });
  const { container } = render(
    <>
      <ChartSlot part="history" network={networks.TRON} from={TRX} to={JM} />
      <button type="button">SWAP</button>
    </>,
  );
  await waitFor(() =>
    expect(console.error).toHaveBeenCalledWith(
      '[swap] chart area unavailable:',
      expect.objectContaining({ message: 'broken release' }),
    ),
  );
  expect(screen.getByRole('button', { name: 'SWAP' })).toBeInTheDocument();
  expect(container.querySelector('[data-slot="history"]')).toBeEmptyDOMElement();
  expect(loadRemote).toHaveBeenCalledWith('mfe_charts/HistoryPanel');
});

it('a chart that could not load (the connection dropped) comes back when the browser is online again', async () => {
  pageHasChartsRemote(true);
  loadRemote.mockRejectedValueOnce(new Error('Loading chunk 6811 failed.'));
  loadRemote.mockResolvedValue({ default: PairText });
  const { container } = render(
    <ChartSlot part="chart" network={networks.TRON} from={TRX} to={JM} />,
  );
  await waitFor(() =>
    expect(console.error).toHaveBeenCalledWith(
      '[swap] chart area unavailable:',
      expect.objectContaining({ message: 'Loading chunk 6811 failed.' }),
    ),
  );
  expect(container.querySelector('[data-slot="chart"]')).toBeEmptyDOMElement();
  // Online: tried again a moment later, not in the instant the browser says so.
  jest.useFakeTimers();
  try {
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    act(() => jest.advanceTimersByTime(ONLINE_SETTLE_MS - 100));
    expect(loadRemote).toHaveBeenCalledTimes(1);
    act(() => jest.advanceTimersByTime(100));
  } finally {
    jest.useRealTimers();
  }
  expect(await screen.findByText('chart TRX/JM')).toBeInTheDocument();
  expect(loadRemote).toHaveBeenCalledTimes(2);
});

it('a charts remote that stays down is asked again after 15 s, then after longer waits, up to 5 min', async () => {
  expect([1, 2, 3, 4, 5, 6, 9].map(retryDelayMs)).toEqual([
    15_000, 30_000, 60_000, 120_000, 240_000, 300_000, 300_000,
  ]);
  jest.useFakeTimers();
  try {
    pageHasChartsRemote(true);
    loadRemote.mockRejectedValue(new Error('remote down'));
    render(<ChartSlot part="history" network={networks.TRON} from={TRX} to={JM} />);
    await act(async () => undefined);
    expect(loadRemote).toHaveBeenCalledTimes(1);
    await act(async () => jest.advanceTimersByTime(14_000));
    expect(loadRemote).toHaveBeenCalledTimes(1);
    await act(async () => jest.advanceTimersByTime(1_000));
    expect(loadRemote).toHaveBeenCalledTimes(2);
    // The second wait is 30 s; the remote is back by then.
    loadRemote.mockResolvedValue({ default: PairText });
    await act(async () => jest.advanceTimersByTime(29_000));
    expect(loadRemote).toHaveBeenCalledTimes(2);
    await act(async () => jest.advanceTimersByTime(1_000));
    expect(screen.getByText('chart TRX/JM')).toBeInTheDocument();
  } finally {
    jest.useRealTimers();
  }
});

it('asks nothing in the widget, on ETH and BTTC, or where no charts remote is registered', () => {
  pageHasChartsRemote(true);
  const { BTT } = networks.BTTC.tokens;
  const { container } = render(
    <>
      <ChartSlot part="chart" network={networks.TRON} from={TRX} to={JM} widget />
      <ChartSlot part="history" network={networks.BTTC} from={BTT} to={networks.BTTC.tokens.TRX} />
      <ChartSlot
        part="chart"
        network={networks.ETH}
        from={networks.ETH.tokens.ETH}
        to={networks.ETH.tokens.USDT}
      />
    </>,
  );
  pageHasChartsRemote(false);
  render(<ChartSlot part="chart" network={networks.TRON} from={TRX} to={JM} />);
  expect(container).toBeEmptyDOMElement();
  expect(loadRemote).not.toHaveBeenCalled();
});
