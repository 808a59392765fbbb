import { render, screen } from '@testing-library/react';
import production from '@jmswap/shared-chain/config/networks.production.json';
import { parseNetworksFile } from '@jmswap/shared-chain';
import { previewSwap } from '@jmswap/shared-chain/swap';
import type { SwapQuote } from '../form/swapForm';
import SimulatedResult from './SimulatedResult';

jest.mock('@jmswap/shared-chain/swap', () => ({ previewSwap: jest.fn() }));

const { networks } = parseNetworksFile(production);
const quoteOn = (networkId: string) => ({ source: { networkId } }) as unknown as SwapQuote;

afterEach(() => jest.clearAllMocks());

it('shows what leaves and what arrives, and on EVM the network fee', async () => {
  (previewSwap as jest.Mock).mockResolvedValue({
    result: 'Simulated: 1 BNB leaves your wallet, 312.4 USDT arrives (at least 310.8 USDT).',
    fee: 'Estimated network fee: 0.00105 BNB',
  });
  render(<SimulatedResult network={networks.BSC} quote={quoteOn('BSC')} slippageBps={50} />);
  expect(
    await screen.findByText(
      'Simulated: 1 BNB leaves your wallet, 312.4 USDT arrives (at least 310.8 USDT).',
    ),
  ).toBeInTheDocument();
  expect(screen.getByTestId('network-fee')).toHaveTextContent('Estimated network fee: 0.00105 BNB');
  expect(previewSwap).toHaveBeenCalledWith({ networkId: 'BSC' }, 50);
});

it('a pool moved beyond the slippage is an alert; TRON leaves the fee to NetworkFee', async () => {
  (previewSwap as jest.Mock).mockResolvedValue({
    warning: 'The pool now gives 295.1 JM, 5.5% less than quoted: more than your 0.5% slippage.',
    fee: 'Estimated network fee: 12.4 TRX (you have 0 energy)',
  });
  render(<SimulatedResult network={networks.TRON} quote={quoteOn('TRON')} slippageBps={50} />);
  expect(await screen.findByRole('alert')).toHaveTextContent('The pool now gives 295.1 JM');
  expect(screen.queryByTestId('network-fee')).toBeNull();
});

it('a quote of another network is not simulated', async () => {
  render(<SimulatedResult network={networks.BSC} quote={quoteOn('TRON')} slippageBps={50} />);
  await new Promise((r) => setTimeout(r, 400));
  expect(previewSwap).not.toHaveBeenCalled();
  expect(screen.queryByTestId('simulated-result')).toBeNull();
});

it('a first-time user (no allowance yet) is told when the swap will be simulated', async () => {
  (previewSwap as jest.Mock).mockResolvedValue({
    note: 'The result is simulated once the approval is confirmed.',
  });
  render(<SimulatedResult network={networks.TRON} quote={quoteOn('TRON')} slippageBps={50} />);
  expect(await screen.findByTestId('simulated-note')).toHaveTextContent(
    'The result is simulated once the approval is confirmed.',
  );
});

it('a dust swap whose network fee is worth more than what it swaps says so; a usual one does not', async () => {
  (previewSwap as jest.Mock).mockResolvedValue({
    result: 'Simulated: 0.00001 BNB leaves your wallet, 0.006 USDT arrives (at least 0.0057 USDT).',
    fee: 'Estimated network fee: 0.000127 BNB',
    feeAmount: 127_000_000_000_000n, // $0.08 at $600
  });
  const prices = { BNB: 600 };
  const cent = 10n ** 16n; // a dollar value's scale (18 decimals)
  const dust = render(
    <SimulatedResult
      network={networks.BSC}
      quote={quoteOn('BSC')}
      slippageBps={50}
      worth={{ prices, sellUsd: cent }}
    />,
  );
  expect(await screen.findByTestId('fee-outweighs')).toHaveTextContent(
    'The network fee (≈ $0.08) is more than this swap is worth (≈ $0.01).',
  );
  dust.unmount();
  render(
    <SimulatedResult
      network={networks.BSC}
      quote={quoteOn('BSC')}
      slippageBps={50}
      worth={{ prices, sellUsd: 500n * cent }}
    />,
  );
  expect(await screen.findByTestId('network-fee')).toBeInTheDocument();
  expect(screen.queryByTestId('fee-outweighs')).toBeNull();
});
