import { act, render } from '@testing-library/react';
import { activateLanguage } from '@jmswap/shared-chain';
import { DocumentTitle, pageTitle } from './DocumentTitle';
// The shell's catalogue, as the page registers it.
import '../language';

const english = (m: { message?: string }) => m.message ?? '';

test('each page is named in its title, the brand last', () => {
  expect(pageTitle('/', '', english)).toBe('Swap | JMSwap');
  expect(pageTitle('/', '?n=BSC&t=addLiquidity', english)).toBe('Liquidity | JMSwap');
  expect(pageTitle('/charts', '?symbolA=TRX&symbolB=JM', english)).toBe('Charts | JMSwap');
  expect(pageTitle('/pools/', '', english)).toBe('Pools | JMSwap');
  expect(pageTitle('/listing', '', english)).toBe('List a token | JMSwap');
  expect(pageTitle('/info', '', english)).toBe('For projects | JMSwap');
  expect(pageTitle('/help', '?t=1', english)).toBe('Help center | JMSwap');
  expect(pageTitle('/nope', '', english)).toBe('Page not found | JMSwap');
});

test('the title follows navigation and the language', async () => {
  window.history.pushState({}, '', '/pools');
  render(<DocumentTitle />);
  expect(document.title).toBe('Pools | JMSwap');
  act(() => window.history.pushState({}, '', '/?t=addLiquidity'));
  expect(document.title).toBe('Liquidity | JMSwap');
  await act(() => activateLanguage('zh-CN'));
  try {
    expect(document.title).toBe('流动性 | JMSwap');
  } finally {
    await act(() => activateLanguage('en'));
  }
  expect(document.title).toBe('Liquidity | JMSwap');
});

test("screen readers hear the new page's name when a link moves to it, not on a language switch", async () => {
  window.history.pushState({}, '', '/pools');
  const view = render(<DocumentTitle />);
  const announcer = view.getByTestId('route-announcer');
  expect(announcer).toHaveAttribute('aria-live', 'assertive');
  // The first page is the browser's to announce.
  expect(announcer).toHaveTextContent(/^$/);
  act(() => window.history.pushState({}, '', '/charts?symbolA=TRX&symbolB=JM'));
  expect(announcer).toHaveTextContent('Charts | JMSwap');
  act(() => window.history.pushState({}, '', '/charts?symbolA=TRX&symbolB=USDT'));
  expect(announcer).toHaveTextContent('Charts | JMSwap');
  await act(() => activateLanguage('zh-CN'));
  try {
    expect(announcer).toHaveTextContent('Charts | JMSwap');
    act(() => window.history.pushState({}, '', '/listing'));
    expect(announcer).not.toHaveTextContent('Charts');
    expect(announcer.textContent).toMatch(/\| JMSwap$/);
  } finally {
    await act(() => activateLanguage('en'));
  }
});
