import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RemoteArea } from './RemoteArea';
import { loadScreen } from './federation';

jest.mock('./federation', () => ({ loadScreen: jest.fn() }));
const load = loadScreen as jest.MockedFunction<typeof loadScreen>;

beforeEach(() => {
  load.mockReset();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('RemoteArea', () => {
  it('shows the remote once it loads', async () => {
    load.mockResolvedValue((({ label }: { label: string }) => <p>{label}</p>) as never);
    render(<RemoteArea remote="pools" expose="PoolsPage" props={{ label: 'pools here' }} />);
    expect(await screen.findByText('pools here')).toBeInTheDocument();
  });

  it('shows a fallback when loading fails, and Retry forces a fresh load', async () => {
    load.mockRejectedValueOnce(new Error('manifest 404')).mockResolvedValueOnce(() => <p>back</p>);
    render(<RemoteArea remote="swap" expose="SwapPanel" props={{}} />);
    expect(await screen.findByText('Swap is unavailable right now.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('back')).toBeInTheDocument();
    expect(load).toHaveBeenLastCalledWith('swap', 'SwapPanel', true);
  });

  it('confines a remote that throws while rendering to its own area', async () => {
    let crash = true;
    load.mockResolvedValue(() => {
      if (crash) throw new Error('bad release');
      return <p>fixed</p>;
    });
    render(
      <>
        <header>still here</header>
        <RemoteArea remote="charts" expose="ChartsPage" props={{}} />
      </>,
    );
    expect(await screen.findByText('Charts is unavailable right now.')).toBeInTheDocument();
    expect(screen.getByText('bad release')).toBeInTheDocument();
    expect(screen.getByText('still here')).toBeInTheDocument();
    crash = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('fixed')).toBeInTheDocument();
  });
});
