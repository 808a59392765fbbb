import { usd, usdPrice } from './format';

it('writes USD as toLocaleString en-US does, rounding included', () => {
  const values = [0, 0.004, 0.005, 0.015, 1.005, 2.675, 999.995, 1e-7, 0.1 + 0.2, 1e21];
  for (let i = 0; i < 2000; i += 1) values.push(Math.random() * 10 ** (Math.random() * 14));
  for (const value of values)
    expect(usd(value)).toBe(
      `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
    );
  expect(usd(1234.5)).toBe('$1,234.50');
  // The sign before the symbol, as Intl's currency format (shared-chain's formatUsd).
  expect(usd(-12.5)).toBe('-$12.50');
  expect(usdPrice(1234.5)).toBe('$1,234.50');
  expect(usd(null)).toBe('-');
});
