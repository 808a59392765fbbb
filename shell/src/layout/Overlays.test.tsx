import { act, render, screen } from '@testing-library/react';
import { disconnectWallet, emit, session$ } from '@jmswap/shared-chain';
import { Toasts } from './Overlays';

jest.mock('@jmswap/shared-chain', () => ({
  ...jest.requireActual('@jmswap/shared-chain'),
  disconnectWallet: jest.fn(async () => undefined),
}));

it('logged out disconnects through the wallet service and says so', async () => {
  const connected = { connected: true, address: 'TXyz', name: 'TronLink' } as const;
  session$.next(connected);
  render(<Toasts />);
  act(() => emit({ type: 'loggedOut' }));
  expect(disconnectWallet).toHaveBeenCalledTimes(1);
  // the shell leaves the session to the wallet service (here mocked, so it stays)
  expect(session$.getValue()).toEqual(connected);
  expect(await screen.findByText('You have been logged out')).toBeInTheDocument();
});
