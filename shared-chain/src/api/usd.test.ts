import { formatUsd } from '../history';

it('writes USD figures exactly as Intl en-US currency does, rounding and sign included', () => {
  const intl = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: 2,
  });
  const values = [0, -0, 0.004, 0.005, 0.015, 1.005, 2.675, 999.995, 1e-7, 0.1 + 0.2, 1e21, 1.5e22];
  values.push(-0.5, -1234.565, -1e21);
  for (let i = 0; i < 2000; i += 1) values.push(Math.random() * 10 ** (Math.random() * 14));
  for (const value of values) expect(formatUsd(value)).toBe(intl.format(value));
  expect(formatUsd(600_000)).toBe('$600,000.00');
  expect(formatUsd(1234.5)).toBe('$1,234.50');
});

it('writes the given text, "-" by default, when there is no finite figure', () => {
  expect(formatUsd(null)).toBe('-');
  expect(formatUsd(undefined, 'n/a')).toBe('n/a');
  expect(formatUsd(Number.NaN, 'n/a')).toBe('n/a');
  expect(formatUsd(Number.POSITIVE_INFINITY)).toBe('-');
});
