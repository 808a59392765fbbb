/**
 * @jest-environment jest-fixed-jsdom
 */
import '@testing-library/jest-dom';
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
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
