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

it("a toast's link is a link inside its message (the TRON fee message's buy energy), one toast", async () => {
  render(<Toasts />);
  act(() =>
    emit({
      type: 'toast',
      kind: 'error',
      text: 'You should have free energy or at least 47 TRX for the fees.',
      durationMs: 10_000,
      link: { href: 'https://energy.example/', label: 'Buy energy at a discount' },
    }),
  );
  const link = await screen.findByRole('link', { name: 'Buy energy at a discount' });
  expect(link).toHaveAttribute('href', 'https://energy.example/');
  expect(link).toHaveAttribute('target', '_blank');
  expect(link.closest('li')).toHaveTextContent(
    'You should have free energy or at least 47 TRX for the fees. Buy energy at a discount',
  );
  expect(screen.queryByText(/https:\/\/energy\.example/)).toBeNull();
});
