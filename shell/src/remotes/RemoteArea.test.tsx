import { createRoot } from 'react-dom/client';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RemoteArea } from './RemoteArea';
import { loadScreen, takeStartedScreen, type StartedScreen } from './federation';
import { startOtherWork } from '../testing/otherWork';

jest.mock('./federation', () => ({ loadScreen: jest.fn(), takeStartedScreen: jest.fn() }));
const load = loadScreen as jest.MockedFunction<typeof loadScreen>;
const takeStarted = takeStartedScreen as jest.MockedFunction<typeof takeStartedScreen>;

beforeEach(() => {
  load.mockReset();
  takeStarted.mockReset();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('RemoteArea', () => {
  it('draws a screen that arrived at boot in its first render, without loading it again', () => {
    const Screen = ({ label }: { label: string }) => <p>{label}</p>;
    takeStarted.mockReturnValue({
      remote: 'pools',
      expose: 'PoolsPage',
      promise: Promise.resolve(Screen),
      Screen,
    } as StartedScreen<unknown>);
    render(<RemoteArea remote="pools" expose="PoolsPage" props={{ label: 'pools at once' }} />);
    expect(screen.getByText('pools at once')).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
  });

  it('waits for the load begun at boot, and its failure shows the fallback with Retry', async () => {
    const raw = '[ Federation Runtime ]: Failed to get manifest. #RUNTIME-003';
    const failed = Promise.reject(new Error(raw));
    failed.catch(() => undefined);
    takeStarted.mockReturnValue({
      remote: 'swap',
      expose: 'SwapPanel',
      promise: failed,
    } as StartedScreen<unknown>);
    load.mockResolvedValueOnce(() => <p>back</p>);
    render(<RemoteArea remote="swap" expose="SwapPanel" props={{}} />);
    expect(await screen.findByText('Swap is unavailable right now.')).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('back')).toBeInTheDocument();
    expect(load).toHaveBeenLastCalledWith('swap', 'SwapPanel', true);
  });

  it('shows the remote once it loads', async () => {
    load.mockResolvedValue((({ label }: { label: string }) => <p>{label}</p>) as never);
    render(<RemoteArea remote="pools" expose="PoolsPage" props={{ label: 'pools here' }} />);
    expect(await screen.findByText('pools here')).toBeInTheDocument();
  });

  it('shows a fallback when loading fails, and Retry forces a fresh load', async () => {
    const raw = '[ Federation Runtime ]: Failed to get manifest. #RUNTIME-003';
    load.mockRejectedValueOnce(new Error(raw)).mockResolvedValueOnce(() => <p>back</p>);
    render(<RemoteArea remote="swap" expose="SwapPanel" props={{}} />);
    expect(await screen.findByText('Swap is unavailable right now.')).toBeInTheDocument();
    // the raw federation error is only in the collapsed details (and the console)
    const details = screen.getByText(raw).closest('details');
    expect(details).not.toBeNull();
    expect(details).not.toHaveAttribute('open');
    expect(console.error).toHaveBeenCalledWith('[jmswap] swap failed to load', expect.any(Error));
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('back')).toBeInTheDocument();
    expect(load).toHaveBeenLastCalledWith('swap', 'SwapPanel', true);
  });

  it('a remote built for a newer site says so and offers a reload, not Retry', async () => {
    load.mockRejectedValueOnce(
      new Error(
        '[ Federation Runtime ]: Version 3.1.0 from shell of shared singleton module @jmswap/shared-chain does not satisfy the requirement of mfe_pools which needs ^3.2.0)',
      ),
    );
    render(<RemoteArea remote="pools" expose="PoolsPage" props={{}} />);
    expect(await screen.findByText('Pools need a newer version of this site.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Pools need a newer version of this site. Reload the page; if it stays, the operators are told.',
    );
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
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
    expect(await screen.findByText('Charts are unavailable right now.')).toBeInTheDocument();
    expect(screen.getByText('bad release')).toBeInTheDocument();
    expect(screen.getByText('still here')).toBeInTheDocument();
    crash = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('fixed')).toBeInTheDocument();
  });
});

describe('RemoteArea without act (the browser scheduling renders)', () => {
  const actEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean })
    .IS_REACT_ACT_ENVIRONMENT;
  beforeEach(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  });
  afterEach(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT =
      actEnvironment;
  });

  it("leaves room for the page's other work while the arrived screen renders", async () => {
    const otherWork = startOtherWork();
    // A screen of 40 parts, each 3 ms of work (about 120 ms), noting the tasks run so far.
    const seen: number[] = [];
    const Part = ({ n }: { n: number }) => {
      const until = performance.now() + 3;
      while (performance.now() < until);
      seen.push(otherWork.tasks());
      return <li>part {n}</li>;
    };
    const Screen = () => (
      <ul>
        {Array.from({ length: 40 }, (_, n) => (
          <Part key={n} n={n} />
        ))}
      </ul>
    );
    load.mockResolvedValue(Screen as never);
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    root.render(<RemoteArea remote="swap" expose="SwapPanel" props={{}} />);
    await waitFor(() => expect(container).toHaveTextContent('part 39'), { timeout: 5000 });
    otherWork.stop();
    // Other tasks ran between the screen's first and last part: no 120 ms task.
    expect(seen.at(-1)).toBeGreaterThan(seen[0] ?? 0);
    root.unmount();
    container.remove();
  });
});
