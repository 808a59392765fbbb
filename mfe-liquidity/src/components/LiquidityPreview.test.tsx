import { render, screen } from '@testing-library/react';
import { previewAdd, previewRemove } from '@jmswap/shared-chain/liquidity';
import LiquidityPreview from './LiquidityPreview';

jest.mock('@jmswap/shared-chain/liquidity', () => ({
  previewAdd: jest.fn(),
  previewRemove: jest.fn(),
}));

afterEach(() => jest.clearAllMocks());

const add = {
  action: 'add' as const,
  networkId: 'TRON' as const,
  symbolA: 'TRX',
  symbolB: 'JM',
  amountA: 10n,
  amountB: 20n,
};

it('an add: what leaves, what arrives and the network fee from its simulation', async () => {
  (previewAdd as jest.Mock).mockResolvedValue({
    result: 'Simulated: 10 TRX and 20 JM leave your wallet, 14.1 LP tokens arrive.',
    fee: 'Estimated network fee: 31.2 TRX (you have 0 energy)',
  });
  render(<LiquidityPreview request={add} />);
  expect(
    await screen.findByText(
      'Simulated: 10 TRX and 20 JM leave your wallet, 14.1 LP tokens arrive.',
    ),
  ).toBeInTheDocument();
  expect(screen.getByTestId('network-fee')).toHaveTextContent(
    'Estimated network fee: 31.2 TRX (you have 0 energy)',
  );
  expect(previewAdd).toHaveBeenCalledWith(add);
});

it('a removal beyond the slippage is an alert with what to do', async () => {
  (previewRemove as jest.Mock).mockResolvedValue({
    warning:
      'The pool moved: removing this liquidity now gives less than your 5.0% slippage allows.',
  });
  render(
    <LiquidityPreview
      request={{ action: 'remove', networkId: 'BSC', symbolA: 'BNB', symbolB: 'JM', lpTokens: 5n }}
    />,
  );
  expect(await screen.findByRole('alert')).toHaveTextContent('The pool moved');
  expect(previewAdd).not.toHaveBeenCalled();
});

it('nothing to show (approval still needed): nothing rendered', async () => {
  (previewAdd as jest.Mock).mockResolvedValue(undefined);
  render(<LiquidityPreview request={add} />);
  await new Promise((r) => setTimeout(r, 400));
  expect(previewAdd).toHaveBeenCalledTimes(1);
  expect(screen.queryByTestId('simulated-result')).toBeNull();
});

it('a token still needs its approval: says when the result will be simulated', async () => {
  (previewAdd as jest.Mock).mockResolvedValue({
    note: 'The result is simulated once the approval is confirmed.',
  });
  render(<LiquidityPreview request={add} />);
  expect(await screen.findByTestId('simulated-note')).toHaveTextContent(
    'The result is simulated once the approval is confirmed.',
  );
});
