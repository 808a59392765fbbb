import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emit } from '@jmswap/shared-chain';
import { Toasts } from './Overlays';

// Its own file: the toast library must not have been loaded by another test before. Its chunk
// does not arrive twice (the first toasts of a visit came while offline), then does.
let sonnerLoads = 0;
jest.mock('sonner', () => {
  if (++sonnerLoads <= 2) throw new Error('offline');
  return jest.requireActual('sonner');
});

it('toasts whose library did not load are shown by the page itself, until a toast loads it', async () => {
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  render(<Toasts />);
  act(() =>
    emit({
      type: 'toast',
      kind: 'error',
      text: 'The wallet list did not load. Check your connection and try again.',
      durationMs: 5000,
    }),
  );
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent(
    'The wallet list did not load. Check your connection and try again.',
  );
  expect(error).toHaveBeenCalledWith('[jmswap] the toasts could not be loaded', expect.anything());
  await userEvent.click(within(alert).getByRole('button', { name: 'Close' }));
  expect(screen.queryByRole('alert')).toBeNull();

  // Each toast tries the library again; a plain one goes by itself after its time.
  act(() => emit({ type: 'toast', kind: 'info', text: 'Copied', durationMs: 50 }));
  expect(await screen.findByRole('status')).toHaveTextContent('Copied');
  await waitFor(() => expect(screen.queryByText('Copied')).toBeNull());
  expect(sonnerLoads).toBe(2);

  // Back online: the library shows the next one.
  act(() => emit({ type: 'toast', kind: 'success', text: 'Liquidity added', durationMs: 5000 }));
  const shown = await screen.findByText('Liquidity added');
  expect(shown.closest('[data-sonner-toast]')).not.toBeNull();
  expect(document.querySelector('.jm-plain-toasts')).toBeNull();
  error.mockRestore();
});
