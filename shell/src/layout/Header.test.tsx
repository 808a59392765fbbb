import { act, render, screen } from '@testing-library/react';
import { network$, session$, setNetworks, type NetworksFile } from '@jmswap/shared-chain';
import { Header } from './Header';
import { WALLET_RESTORE_ATTRIBUTE } from '../walletEarly';
import { BSC_NETWORK } from '../testing/networks';

beforeEach(() => {
  setNetworks({
    profile: 'production',
    version: 't',
    networks: { BSC: BSC_NETWORK },
  } as NetworksFile);
  network$.next('BSC');
});

afterEach(() => act(() => session$.next({ connected: false })));

it('while the wallet of the last visit is asked again, the header says so instead of offering CONNECT WALLET', () => {
  // The head script's mark: CONNECT WALLET hidden in the first frame.
  document.documentElement.setAttribute(WALLET_RESTORE_ATTRIBUTE, '');
  act(() => session$.next({ connected: false, restoring: true }));
  render(<Header />);
  const connecting = screen.getByRole('button', { name: 'Connecting wallet…' });
  expect(connecting).toBeDisabled();
  expect(screen.queryByRole('button', { name: 'CONNECT WALLET' })).toBeNull();
  // The header speaks for itself now: the first frame's mark is gone.
  expect(document.documentElement.hasAttribute(WALLET_RESTORE_ATTRIBUTE)).toBe(false);

  act(() =>
    session$.next({ connected: true, name: 'MetaMask', address: '0xabc', balance: 10n ** 18n }),
  );
  expect(screen.getByText('Welcome MetaMask')).toBeVisible();
  expect(screen.getByText('1.000000 BNB')).toBeVisible();

  // A wallet that did not come back: the offer to connect one.
  act(() => session$.next({ connected: false }));
  expect(screen.getByRole('button', { name: 'CONNECT WALLET' })).toBeEnabled();
});
