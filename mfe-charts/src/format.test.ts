import { plainDecimal, priceFigure, usd, usdPrice } from './format';

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

describe('a price the API sent as a number', () => {
  it.each([
    [531.471537, '531.47154'],
    [0.000100955, '0.00010'],
    [1.013e-15, '0.0₁₄1013'],
    [0.00001234567, '0.0₄1234'],
    [980325167976266.75, '980.33T'],
    [1e15, '1.00Q'],
    [2.5e18, '2,500.00Q'],
    [999_999_999, '1.00B'],
    [1_234_567.891, '1.23M'],
    [999_999.12345, '999999.12345'],
    [-3_400_000, '-3.40M'],
    [0.0001, '0.00010'],
    [0.00009999, '0.0₄9999'],
    [0, '0.00000'],
    [null, '-'],
    [Number.NaN, '-'],
  ])('%s reads %s at 5 places', (value, text) => {
    expect(priceFigure(value, 5)).toBe(text);
  });

  it('is written as a plain decimal, never an exponent', () => {
    expect(plainDecimal(1.013e-15)).toBe('0.000000000000001013');
    expect(plainDecimal(1e21)).toBe('1000000000000000000000');
    expect(plainDecimal(-2.5)).toBe('-2.5');
    expect(plainDecimal(120)).toBe('120');
    expect(plainDecimal(0)).toBe('0');
  });
});
