/**
 * @jest-environment jest-fixed-jsdom
 */
import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import '@testing-library/jest-dom';
import userEvent from '@testing-library/user-event';
import type { TokenConfig } from '../config/types';
import { AmountField, TokenLogo } from './components';

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

test('a paste replacing the amount is cleaned up; one into part of it is typing', async () => {
  const typed: string[] = [];
  function Field() {
    const [value, setValue] = useState('');
    return (
      <AmountField
        label="Tokens to swap"
        value={value}
        onChange={(text) => {
          typed.push(text);
          setValue(text);
        }}
      >
        {null}
      </AmountField>
    );
  }
  render(<Field />);
  const field = screen.getByRole<HTMLInputElement>('textbox', { name: 'Tokens to swap' });
  await userEvent.click(field);
  await userEvent.paste(' 1,000.50 \n');
  expect(field).toHaveValue('1000.50');
  // The caret after "1000.5": what is pasted there is typed as it is.
  field.setSelectionRange(6, 6);
  await userEvent.paste('9');
  expect(field).toHaveValue('1000.590');
  await userEvent.tripleClick(field);
  await userEvent.paste('1.000.000,25');
  expect(field).toHaveValue('1000000.25');
  expect(typed.at(-1)).toBe('1000000.25');
});

test('digits typed by a full-width input method (Chinese, Japanese) are the amount', async () => {
  function Field() {
    const [value, setValue] = useState('');
    return (
      <AmountField label="Tokens to swap" value={value} onChange={setValue}>
        {null}
      </AmountField>
    );
  }
  render(<Field />);
  const field = screen.getByRole<HTMLInputElement>('textbox', { name: 'Tokens to swap' });
  await userEvent.type(field, '０。５');
  expect(field).toHaveValue('0.5');
});
