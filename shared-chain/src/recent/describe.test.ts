import { MAX_APPROVAL } from '../core/constants';
import { fakeEvmNetwork } from '../services/testing/networks';
import { describeApprove, describeReceived, describeSwap } from './describe';

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

test("an imported token's approval and revoke name it by its symbol, its address in any case", () => {
  expect(describeApprove(network, SIX.toLowerCase(), MAX_APPROVAL).summary).toBe('Unlimited SIX');
  expect(describeApprove(network, SIX, 0n).summary).toBe('SIX: allowance 0');
  expect(describeApprove(network, SIX, 2n * 10n ** 9n).summary).toBe('2 SIX');
  expect(describeApprove(network, `0x${'44'.repeat(20)}`, 0n).summary).toBe(
    'LP tokens: allowance 0',
  );
});
