/** @jest-environment jest-fixed-jsdom */
import '@testing-library/jest-dom';
import { fireEvent, render, screen } from '@testing-library/react';
import { AppLink } from './AppLink';

beforeEach(() => {
  window.history.replaceState(null, '', '/');
  window.scrollTo = jest.fn(); // jsdom does not scroll
});

test('a plain click moves the page to the link in place (the page is not loaded again)', () => {
  render(<AppLink href="/charts?n=BSC&symbolA=BNB&symbolB=USDT">BNB/USDT chart</AppLink>);
  const link = screen.getByRole('link', { name: 'BNB/USDT chart' });
  expect(link).toHaveAttribute('href', '/charts?n=BSC&symbolA=BNB&symbolB=USDT');
  const unhandled = fireEvent.click(link);
  expect(unhandled).toBe(false); // the browser's own navigation was prevented
  expect(window.location.pathname + window.location.search).toBe(
    '/charts?n=BSC&symbolA=BNB&symbolB=USDT',
  );
});

test('Ctrl-click, a middle click and a new-tab link are left to the browser', () => {
  render(
    <>
      <AppLink href="/pools">Pools</AppLink>
      <AppLink href="/charts" target="_blank">
        Charts
      </AppLink>
    </>,
  );
  const pools = screen.getByRole('link', { name: 'Pools' });
  expect(fireEvent.click(pools, { ctrlKey: true })).toBe(true);
  expect(fireEvent.click(pools, { button: 1 })).toBe(true);
  expect(fireEvent.click(screen.getByRole('link', { name: 'Charts' }))).toBe(true);
  expect(window.location.pathname).toBe('/');
});
