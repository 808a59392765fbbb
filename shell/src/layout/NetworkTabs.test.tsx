import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NetworkTabs } from './NetworkTabs';

test('one Tab stop on the selected network; arrows, Home and End move round; Enter switches', async () => {
  window.history.pushState({}, '', '/pools?n=TRON');
  const user = userEvent.setup();
  render(
    <>
      <button type="button">before</button>
      <NetworkTabs />
      <button type="button">after</button>
    </>,
  );
  const tab = (name: string) => screen.getByRole('tab', { name });
  await user.click(screen.getByRole('button', { name: 'before' }));
  await user.tab();
  expect(tab('TRON')).toHaveFocus();
  await user.tab();
  expect(screen.getByRole('button', { name: 'after' })).toHaveFocus();
  await user.tab({ shift: true });
  await user.keyboard('{ArrowLeft}');
  expect(tab('ETH')).toHaveFocus();
  await user.keyboard('{ArrowRight}');
  expect(tab('TRON')).toHaveFocus();
  await user.keyboard('{End}{ArrowLeft}');
  expect(tab('BTTC')).toHaveFocus();
  await user.keyboard('{Home}{ArrowRight}');
  expect(tab('BSC')).toHaveFocus();
  // Moving the focus switched nothing; Enter does.
  expect(window.location.search).toBe('?n=TRON');
  await user.keyboard('{Enter}');
  expect(window.location.search).toBe('?n=BSC');
});

test('a switch is a new history entry; the entry left keeps its network; the selected tab does nothing', async () => {
  window.history.replaceState({}, '', '/charts?symbolA=TRX');
  const user = userEvent.setup();
  render(<NetworkTabs />);
  const length = window.history.length;
  await user.click(screen.getByRole('tab', { name: 'TRON' }));
  expect(window.location.search).toBe('?symbolA=TRX');
  expect(window.history.length).toBe(length);
  await user.click(screen.getByRole('tab', { name: 'BSC' }));
  expect(window.location.search).toBe('?symbolA=TRX&n=BSC');
  expect(window.history.length).toBe(length + 1);
  window.history.back();
  await waitFor(() => expect(window.location.search).toBe('?symbolA=TRX&n=TRON'));
});
