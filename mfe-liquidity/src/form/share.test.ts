import { shareText } from './share';

it('writes a share to 2 decimals, and one below 0.01% of a holder as "<0.01"', () => {
  expect(shareText(100n, true)).toBe('1.00');
  expect(shareText(49n, true)).toBe('0.49');
  expect(shareText(1n, true)).toBe('0.01');
  expect(shareText(0n, true)).toBe('<0.01');
  expect(shareText(0n, false)).toBe('0.00');
  expect(shareText(10_000n, true)).toBe('100.00');
});
