/**
 * @jest-environment jest-fixed-jsdom
 */
import { fireEvent, render, screen } from '@testing-library/react';
import type { TokenConfig } from '../config/types';
import { TokenLogo } from './components';

const token = (symbol: string, logoURI: string): TokenConfig => ({
  symbol,
  name: symbol,
  address: 'T1',
  decimals: 6,
  logoURI,
  tax: 0,
});

test('a token with a logo shows its image, named by its symbol', () => {
  render(<TokenLogo token={token('JM', '/assets/currency/jm.svg')} />);
  const logo = screen.getByRole('img', { name: 'JM' });
  expect(logo.tagName).toBe('IMG');
  expect(logo.getAttribute('src')).toBe('/assets/currency/jm.svg');
});

test('a token without a logo shows its first letter instead of a broken image', () => {
  render(<TokenLogo token={token('tk001', '  ')} size={32} />);
  const logo = screen.getByRole('img', { name: 'tk001' });
  expect(logo.tagName).toBe('SPAN');
  expect(logo.textContent).toBe('T');
  expect(logo.style.width).toBe('32px');
});

test('a logo that fails to load falls back to the letter, and a new logo is tried again', () => {
  const { rerender } = render(<TokenLogo token={token('USDT', '/gone.svg')} />);
  fireEvent.error(screen.getByRole('img', { name: 'USDT' }));
  expect(screen.getByRole('img', { name: 'USDT' }).textContent).toBe('U');
  rerender(<TokenLogo token={token('USDT', '/assets/currency/usdt.svg')} />);
  expect(screen.getByRole('img', { name: 'USDT' }).tagName).toBe('IMG');
});
