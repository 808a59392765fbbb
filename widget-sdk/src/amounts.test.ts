import { formatUnits, normaliseLog, swapAmounts, type ReceiptLog } from './amounts';
import { ACCOUNT, BSC, ROUTER, USDT, WBNB, word } from './fixtures.test-util';

const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const WITHDRAWAL = '0x7fcf532c15f0a6db0bd6d0e038bea71d30d808c7d98cb3bf7268a95bf5081b65';
const PAIR = '0x8464135c8F25Da09e49BC8782676a84730C318bC';
const log = (address: string, topics: string[], amount: bigint) =>
  normaliseLog({ address, topics, data: `0x${word(amount.toString(16))}` }) as ReceiptLog;

describe('swap amounts from the receipt', () => {
  it('reads what the account paid and what arrived, base coin out through the wrapped base', () => {
    const logs = [
      log(USDT, [TRANSFER, word(ACCOUNT), word(PAIR)], 25n * 10n ** 17n),
      log(WBNB, [TRANSFER, word(PAIR), word(ROUTER)], 123456789n),
      log(WBNB, [WITHDRAWAL, word(ROUTER)], 123456789n),
    ];
    expect(swapAmounts(BSC, ACCOUNT, logs)).toEqual({
      symbolIn: 'USDT',
      amountIn: '2.5',
      symbolOut: 'BNB',
      amountOut: '0.000000000123456789',
    });
  });

  it('finds nothing in a receipt that paid the account nothing', () => {
    expect(swapAmounts(BSC, ACCOUNT, [log(USDT, [TRANSFER, word(ACCOUNT), word(PAIR)], 1n)])).toBe(
      undefined,
    );
  });

  it('formats base units exactly', () => {
    expect(formatUnits(1n, 6)).toBe('0.000001');
    expect(formatUnits(1_500_000n, 6)).toBe('1.5');
    expect(formatUnits(10n ** 20n, 18)).toBe('100');
  });

  it('reads TRON logs (hex addresses without prefix)', () => {
    expect(
      normaliseLog({
        address: 'a614f803b6fd780986a42c78ec9c7f77e6ded13c',
        topics: ['AB'],
        data: 'CD',
      }),
    ).toEqual({ address: 'a614f803b6fd780986a42c78ec9c7f77e6ded13c', topics: ['ab'], data: 'cd' });
  });
});
