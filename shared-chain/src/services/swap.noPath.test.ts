/**
 * "No swap path found" is logged and thrown (chain-layer.md section 8): the estimate services
 * over a network whose pools do not join the two tokens.
 */
import { fakeEvmNetwork } from './testing/networks';

const network = fakeEvmNetwork({ id: 'BSC', name: 'BNB Smart Chain', chainId: 56 });
jest.mock('../singleton', () => ({
  ...jest.requireActual('../singleton'),
  networkById: async () => network,
  readerFor: async () => ({ pairReserves: async () => [] }),
  sessionEpoch: () => 0,
}));
jest.mock('./taxDetection', () => ({
  detectTaxes: async () => ({}),
  withDetectedTaxes: (tokens: unknown) => tokens,
}));

import { getAmountNeeded, getSwapEstimate } from './swap';

it('logs "No swap path found" with the pair and the network, and throws it', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  await expect(getSwapEstimate({ from: 'BNB', to: 'USDT', amountIn: 10n })).rejects.toMatchObject({
    code: 'NO_PATH',
    message: 'No swap path found',
  });
  expect(warn).toHaveBeenCalledWith('[shared-chain] BSC: No swap path found: BNB -> USDT');
  await expect(getAmountNeeded({ from: 'USDT', to: 'BNB', amountOut: 10n })).rejects.toMatchObject({
    code: 'NO_PATH',
  });
  expect(warn).toHaveBeenLastCalledWith('[shared-chain] BSC: No swap path found: USDT -> BNB');
  warn.mockRestore();
});
