/**
 * @jest-environment jest-fixed-jsdom
 */
import '@testing-library/jest-dom';
import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Modal } from './Modal';

function Page({ closeOnBackdrop = false }: { closeOnBackdrop?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && (
        <Modal
          label="FUNDS ON THE WAY"
          onClose={() => setOpen(false)}
          closeOnBackdrop={closeOnBackdrop}
        >
          <a href="#tx">Transaction</a>
          <button type="button" data-autofocus onClick={() => setOpen(false)}>
            CLOSE
          </button>
        </Modal>
      )}
    </>
  );
}

test('opens as a modal with the focus on its marked control; Escape closes it and the focus goes back', async () => {
  const user = userEvent.setup();
  render(<Page />);
  await user.click(screen.getByRole('button', { name: 'Open' }));
  const dialog = screen.getByRole('dialog', { name: 'FUNDS ON THE WAY' });
  expect(dialog).toHaveAttribute('open');
  expect(screen.getByRole('button', { name: 'CLOSE' })).toHaveFocus();
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
});

test('a click beside the dialog closes it only where that is asked for', async () => {
  const user = userEvent.setup();
  const { unmount } = render(<Page />);
  await user.click(screen.getByRole('button', { name: 'Open' }));
  // The dialog element itself is what lies beside its body (the body has the padding).
  await user.click(screen.getByRole('dialog'));
  expect(screen.getByRole('dialog')).toBeInTheDocument();
  unmount();
  render(<Page closeOnBackdrop />);
  await user.click(screen.getByRole('button', { name: 'Open' }));
  await user.click(screen.getByRole('link', { name: 'Transaction' }));
  expect(screen.getByRole('dialog')).toBeInTheDocument();
  await user.click(screen.getByRole('dialog'));
  expect(screen.queryByRole('dialog')).toBeNull();
});

/** CONNECT WALLET: the dialog's choice replaces the button that opened it with the wallet. */
function Connect() {
  const [state, setState] = useState<'idle' | 'choosing' | 'connected'>('idle');
  return (
    <>
      {state === 'connected' ? (
        <div data-testid="wallet" tabIndex={-1}>
          Welcome
        </div>
      ) : (
        <button type="button" onClick={() => setState('choosing')}>
          CONNECT WALLET
        </button>
      )}
      {state === 'choosing' && (
        <Modal
          label="Connect a wallet"
          onClose={() => setState('idle')}
          returnFocus={() => document.querySelector<HTMLElement>('[data-testid="wallet"]')}
        >
          <button type="button" onClick={() => setState('connected')}>
            MetaMask
          </button>
        </Modal>
      )}
    </>
  );
}

test('the focus goes to `returnFocus` when the control that opened the dialog is gone', async () => {
  const user = userEvent.setup();
  render(<Connect />);
  await user.click(screen.getByRole('button', { name: 'CONNECT WALLET' }));
  await user.click(screen.getByRole('button', { name: 'MetaMask' }));
  expect(screen.queryByRole('dialog')).toBeNull();
  await waitFor(() => expect(screen.getByTestId('wallet')).toHaveFocus());
});
