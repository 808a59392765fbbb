import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import production from '@jmswap/shared-chain/config/networks.production.json';
import { parseNetworksFile, session$, setNetworks } from '@jmswap/shared-chain';
import { type UserPosition } from '@jmswap/shared-chain/liquidity';
import { LiquidityPanel } from './LiquidityPanel';
import { provideLiquidityApi } from './liquidityApi';
import { fakeLiquidityApi } from './testing/fakeLiquidityApi';

// A wallet in many pools: the list grows as its pages arrive.
const file = parseNetworksFile(production);
beforeAll(() => setNetworks(file));
beforeEach(() => session$.next({ connected: false }));

const position = (n: number): UserPosition => ({
  pair: `pair-${n}`,
  symbolA: 'TRX',
  symbolB: `T${n}`,
  valueA: 10n ** 6n,
  valueB: 10n ** 8n,
  totalLiquidity: 10n ** 18n,
  userLiquidity: 10n ** 16n,
  userShareBps: 100n,
});
const positions = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => position(from + i));

/** A positions read the test drives: `page` hands on the positions so far, `end` resolves it. */
function pagedApi() {
  const reads: {
    onPositions?: (soFar: UserPosition[]) => void;
    end: (v?: UserPosition[]) => void;
  }[] = [];
  const fake = fakeLiquidityApi({ pools: [], balances: {} });
  provideLiquidityApi({
    ...fake.api,
    positions: (_network, onPositions) =>
      new Promise((resolve) => reads.push({ onPositions, end: resolve })),
  });
  const last = () => reads[reads.length - 1]!;
  return {
    reads,
    page: (soFar: UserPosition[]) => act(() => last().onPositions?.(soFar)),
    end: (list?: UserPosition[]) => act(async () => last().end(list)),
  };
}
const rows = () =>
  within(screen.getByRole('list', { name: 'Your liquidity' })).getAllByRole('listitem');

async function connected() {
  const api = pagedApi();
  render(<LiquidityPanel network="TRON" query={{}} />);
  await act(async () => session$.next({ connected: true, address: 'TXYZ', name: 'TronLink' }));
  return api;
}

it('shows the first page at once and appends later pages below it, with a count while more come', async () => {
  const api = await connected();
  expect(screen.getByText('Loading your liquidity...')).toBeInTheDocument();

  await api.page(positions(0, 2));
  expect(rows()).toHaveLength(2);
  expect(screen.getByRole('list', { name: 'Your liquidity' })).toHaveAttribute('aria-busy', 'true');
  expect(screen.getByText('Loading more positions... 2 shown')).toBeInTheDocument();
  const firstRow = rows()[0];

  await api.page(positions(0, 5));
  expect(rows()).toHaveLength(5);
  // The rows already shown stay the same elements, in the same place.
  expect(rows()[0]).toBe(firstRow);
  expect(screen.getByText('Loading more positions... 5 shown')).toBeInTheDocument();

  await api.end(positions(0, 8));
  expect(rows()).toHaveLength(8);
  expect(screen.getByRole('list', { name: 'Your liquidity' })).not.toHaveAttribute('aria-busy');
  expect(screen.queryByText(/Loading more positions/)).not.toBeInTheDocument();
});

it('a page that fails keeps the rows read so far, says so, and Retry reads them again', async () => {
  const api = await connected();
  await api.page(positions(0, 5));
  await api.end(undefined);
  expect(rows()).toHaveLength(5);
  expect(screen.getByRole('alert')).toHaveTextContent('Not every position could be read: 5 shown.');

  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(api.reads).toHaveLength(2);
  // The new read's first page does not take away the rows already shown.
  await api.page(positions(0, 2));
  expect(rows()).toHaveLength(5);
  expect(screen.getByText('Loading more positions... 5 shown')).toBeInTheDocument();
  await api.end(positions(0, 9));
  expect(rows()).toHaveLength(9);
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

it('a first page with nothing to show is not "No liquidity" until the read ends', async () => {
  const api = await connected();
  await api.page([]);
  expect(screen.queryByText('No liquidity')).not.toBeInTheDocument();
  expect(screen.getByText('Loading your liquidity...')).toBeInTheDocument();
  await api.end([]);
  expect(screen.getByText('No liquidity')).toBeInTheDocument();
});
