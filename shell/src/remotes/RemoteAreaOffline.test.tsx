import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RemoteArea } from './RemoteArea';
import { loadScreen, takeStartedScreen } from './federation';

// Its own file: the failed area's message chunk must fail to load here, and only here.
jest.mock('./federation', () => ({ loadScreen: jest.fn(), takeStartedScreen: jest.fn() }));
jest.mock('./RemoteFallback', () => {
  throw new Error('the site is offline');
});
const load = loadScreen as jest.MockedFunction<typeof loadScreen>;
(takeStartedScreen as jest.Mock).mockReturnValue(undefined);

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
