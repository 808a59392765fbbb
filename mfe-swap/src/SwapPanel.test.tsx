import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import production from '@jmswap/shared-chain/config/networks.production.json';
import { appEvents$, parseNetworksFile, setNetworks, type AppEvent } from '@jmswap/shared-chain';
import { SwapPanel } from './SwapPanel';

beforeAll(() => setNetworks(parseNetworksFile(production)));

it.each([
  ['TRON', 'TRX', 'JM'],
  ['POLY', 'USDT', 'MATIC'],
  ['BTTC', 'TRX', 'BTT'],
] as const)(
  'shows the default pair of %s and asks the shell to connect a wallet',
  async (network, from, to) => {
    const events: AppEvent[] = [];
    const sub = appEvents$.subscribe((e) => events.push(e));
    render(<SwapPanel network={network} query={{}} />);
    expect(screen.getByTestId('from-token')).toHaveTextContent(from);
    expect(screen.getByTestId('to-token')).toHaveTextContent(to);
    await userEvent.click(screen.getByRole('button', { name: 'CONNECT WALLET' }));
    expect(events).toContainEqual({ type: 'connectWalletRequested' });
    sub.unsubscribe();
  },
);
