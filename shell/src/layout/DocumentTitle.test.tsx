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
