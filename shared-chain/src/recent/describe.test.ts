import { MAX_APPROVAL } from '../core/constants';
import { fakeEvmNetwork } from '../services/testing/networks';
import {
  describeApprove,
  describeLpReceived,
  describeReceived,
  describeRemove,
  describeSwap,
} from './describe';

// Recent transactions name an imported token (keyed by its address) by its symbol.
const SIX = '0x95bD8D42f30351685e96C62EDdc0d0613bf9a87A';
const network = fakeEvmNetwork();
network.tokens[SIX] = {
  symbol: 'SIX',
  name: 'Six Tax',
  address: SIX,
  decimals: 9,
  logoURI: '',
  tax: 6,
  origin: 'imported',
};

test('a swap to an imported token reads with its symbol and its own decimals', () => {
  const line = describeSwap(network, {
    kind: 'exactIn',
    path: ['BNB', SIX],
    amount: 5n * 10n ** 16n,
    bound: 444_494_869_931n,
    recipient: '0x1',
    deadline: 0,
  } as never);
  expect(line.summary).toBe('0.05 BNB → min 444.494869 SIX');
  expect(describeReceived(network, [{ symbol: SIX, amount: 468_356_524_272n }])).toBe(
    'Received 468.356524 SIX',
  );
});

test('a swap for a few wei reads its tiny amounts, not "0"', () => {
  const line = describeSwap(network, {
    kind: 'exactIn',
    path: ['BNB', SIX],
    amount: 1n,
    bound: 596n,
    recipient: '0x1',
    deadline: 0,
  } as never);
  expect(line.summary).toBe('0.0₁₇1 BNB → min 0.0₆596 SIX');
});

test("an imported token's approval and revoke name it by its symbol, its address in any case", () => {
  expect(describeApprove(network, SIX.toLowerCase(), MAX_APPROVAL).summary).toBe('Unlimited SIX');
  expect(describeApprove(network, SIX, 0n).summary).toBe('SIX: allowance 0');
  expect(describeApprove(network, SIX, 2n * 10n ** 9n).summary).toBe('2 SIX');
  expect(describeApprove(network, `0x${'44'.repeat(20)}`, 0n).summary).toBe(
    'LP tokens: allowance 0',
  );
});

test("a TRON pair's pool tokens, far below 0.000001, never read 0", () => {
  // 100 TRX and 1 922 of a token without decimals mint 447 213 base units (4.47e-13).
  expect(describeLpReceived(447_213n)).toBe('Received 0.0₁₂4472 LP tokens');
  // TRX/USDT, 6 decimals each: 1e-10 shows with 12 decimals as every amount does.
  expect(describeLpReceived(99_999_999n * 1000n)).toBe('Received 0.000000099999 LP tokens');
  expect(
    describeRemove(network, {
      symbolA: 'BNB',
      symbolB: 'USDT',
      lpTokens: 223_606n,
      minA: 10n ** 15n,
      minB: 10n ** 18n,
    } as never).summary,
  ).toBe('0.0₁₂2236 LP → min 0.001 BNB + 1 USDT');
  expect(describeApprove(network, `0x${'44'.repeat(20)}`, 447_213n).summary).toBe(
    '0.0₁₂4472 LP tokens',
  );
});
