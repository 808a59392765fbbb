import { render, screen, waitFor } from '@testing-library/react';
import production from '@jmswap/shared-chain/config/networks.production.json';
import { parseNetworksFile } from '@jmswap/shared-chain';
import { getInstance } from '@module-federation/enhanced/runtime';
import { ChartSlot } from './ChartSlot';

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
