/**
 * @jest-environment jest-fixed-jsdom
 */
import '@testing-library/jest-dom';
import { useRef, useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useDismiss } from './useDismiss';

/** A disclosure and its panel; `pressOutside`: whether a press elsewhere closes it. */
function Popup({ pressOutside }: { pressOutside: boolean }) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const root = useRef<HTMLDivElement>(null);
  useDismiss(open, () => setOpen(false), {
    returnTo: opener,
    inside: pressOutside ? (target) => root.current?.contains(target) === true : undefined,
  });
  return (
    <>
      <div ref={root}>
        <button ref={opener} type="button" onClick={() => setOpen((o) => !o)}>
          Open
        </button>
        {open && (
          <p role="note">
            Panel <button type="button">Inside</button>
          </p>
        )}
      </div>
      <button type="button">Elsewhere</button>
    </>
  );
}

test('Escape closes it and hands the focus back to what opened it', async () => {
  render(<Popup pressOutside />);
  await userEvent.click(screen.getByRole('button', { name: 'Open' }));
  await userEvent.click(screen.getByRole('button', { name: 'Inside' }));
  expect(screen.getByRole('note')).toBeVisible();
  await userEvent.keyboard('{Escape}');
  expect(screen.queryByRole('note')).toBeNull();
  expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
});

test('a press elsewhere closes it, a press inside does not; without `inside` only Escape does', async () => {
  const { unmount } = render(<Popup pressOutside />);
  await userEvent.click(screen.getByRole('button', { name: 'Open' }));
  await userEvent.click(screen.getByRole('button', { name: 'Inside' }));
  expect(screen.getByRole('note')).toBeVisible();
  await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
  expect(screen.queryByRole('note')).toBeNull();
  unmount();
  render(<Popup pressOutside={false} />);
  await userEvent.click(screen.getByRole('button', { name: 'Open' }));
  await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
  expect(screen.getByRole('note')).toBeVisible();
});
