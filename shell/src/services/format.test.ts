import { formatHeaderBalance } from './format';

it('shows the header balance to 6 decimals, truncated', () => {
  expect(formatHeaderBalance(1234567891n, 6)).toBe('1234.567891');
  expect(formatHeaderBalance(1999999999999999999n, 18)).toBe('1.999999');
  expect(formatHeaderBalance(5n, 18)).toBe('0.000000');
  expect(formatHeaderBalance(0n, 6)).toBe('0.000000');
  expect(formatHeaderBalance(12n, 0)).toBe('12.000000');
});
