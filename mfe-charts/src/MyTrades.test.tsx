import { act, render, screen } from '@testing-library/react';
import production from '@jmswap/shared-chain/config/networks.production.json';
import { parseNetworksFile, session$ } from '@jmswap/shared-chain';
import { MyTrades } from './MyTrades';

const { networks } = parseNetworksFile(production);

afterEach(() => act(() => session$.next({ connected: false })));

it('while the wallet of the last visit is asked again, My trades waits for it instead of asking to connect', () => {
  act(() => session$.next({ connected: false, restoring: true }));
  render(<MyTrades network={networks.BSC!} />);
  expect(screen.getByRole('status')).toHaveTextContent('Connecting wallet…');
  expect(screen.queryByRole('button', { name: 'CONNECT WALLET' })).toBeNull();
  act(() => session$.next({ connected: false }));
  expect(screen.getByText(/Connect a wallet to see your trades/)).toBeVisible();
  expect(screen.getByRole('button', { name: 'CONNECT WALLET' })).toBeEnabled();
});
