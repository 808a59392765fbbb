import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ONLINE_SETTLE_MS, RemoteArea } from './RemoteArea';
import { loadScreen, takeStartedScreen } from './federation';

// Its own file: the failed area's message chunk must fail to load here, and only here.
jest.mock('./federation', () => ({ loadScreen: jest.fn(), takeStartedScreen: jest.fn() }));
jest.mock('./RemoteFallback', () => {
  throw new Error('the site is offline');
});
const load = loadScreen as jest.MockedFunction<typeof loadScreen>;
(takeStartedScreen as jest.Mock).mockReturnValue(undefined);

beforeEach(() => load.mockReset());

it('a failed remote whose message cannot load either still says so, with Retry that loads it again', async () => {
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  load.mockRejectedValueOnce(new Error('manifest 503'));
  render(<RemoteArea remote="pools" expose="PoolsPage" props={{}} />);
  expect(await screen.findByText('This part of JMSwap could not load.')).toBeInTheDocument();
  expect(error).toHaveBeenCalledWith(
    '[jmswap] the remote-fallback chunk did not load',
    expect.anything(),
  );
  const Screen = () => <p>pools again</p>;
  load.mockResolvedValueOnce(Screen as never);
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText('pools again')).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(2);
  error.mockRestore();
});

it('a remote that failed while the browser was offline loads again by itself once it is back online', async () => {
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  load.mockRejectedValueOnce(new TypeError('Failed to fetch'));
  render(<RemoteArea remote="liquidity" expose="LiquidityPanel" props={{}} />);
  expect(await screen.findByText('This part of JMSwap could not load.')).toBeInTheDocument();
  const Screen = () => <p>liquidity again</p>;
  load.mockResolvedValueOnce(Screen as never);
  jest.useFakeTimers();
  try {
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    // A moment later, not in the instant the browser says so.
    act(() => jest.advanceTimersByTime(ONLINE_SETTLE_MS - 100));
    expect(load).toHaveBeenCalledTimes(1);
    act(() => jest.advanceTimersByTime(100));
  } finally {
    jest.useRealTimers();
  }
  expect(await screen.findByText('liquidity again')).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(2);
  error.mockRestore();
});
