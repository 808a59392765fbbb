import { render, screen } from '@testing-library/react';
import production from '@jmswap/shared-chain/config/networks.production.json';
import { parseNetworksFile } from '@jmswap/shared-chain';
import type { TaxCheck } from '@jmswap/shared-chain/swap';
import type { SwapQuote } from '../form/swapForm';
import { InfoBlock } from './InfoBlock';

const { tokens } = parseNetworksFile(production).networks.TRON;

/** Tax checks as the estimate carries them (shared-chain core/taxDetection's checkTax). */
const ZLF_RAISED: TaxCheck = {
  symbol: 'ZLF',
  configuredPercent: 0,
  detected: { bps: 400n, exact: true },
  usedPercent: 4,
  differs: true,
  label: '4%',
  warning: 'ZLF now takes 4% on every transfer, not the 0% listed for it. The estimate uses 4%.',
};
const JM_AS_LISTED: TaxCheck = {
  symbol: 'JM',
  configuredPercent: 3,
  detected: { bps: 300n, exact: true },
  usedPercent: 3,
  differs: false,
  label: '3%',
};

const quote = (path: string[], taxChecks?: unknown): SwapQuote => ({
  kind: 'exactIn',
  amountIn: 1_000_000n,
  amountOut: 1_000_000n,
  bound: 950_000n,
  priceImpactBps: 10n,
  liquidityProviderFee: 3_000n,
  feeSymbol: path[path.length - 1] as string,
  path,
  source: { taxChecks },
});

it('shows the tax the chain takes and says what differs from the config', () => {
  render(<InfoBlock quote={quote(['TRX', 'ZLF'], [ZLF_RAISED])} tokens={tokens} />);
  expect(screen.getByText('ZLF tax').nextSibling).toHaveTextContent('4% on every transfer');
  expect(screen.getByTestId('tax-warning')).toHaveTextContent(
    'ZLF now takes 4% on every transfer, not the 0% listed for it. The estimate uses 4%.',
  );
});

it('keeps the configured tax line without a warning when the chain agrees', () => {
  render(<InfoBlock quote={quote(['TRX', 'JM'], [JM_AS_LISTED])} tokens={tokens} />);
  expect(screen.getByText('JM tax').nextSibling).toHaveTextContent('3% on every transfer');
  expect(screen.queryByTestId('tax-warning')).toBeNull();
  expect(screen.queryByText('TRX tax')).toBeNull();
});

it('names an imported token by its symbol in its tax line and warning, not by its address', () => {
  const address = 'TPcxkw174MokUQPNgtfU9UVRHoPwGJiHyD';
  const imported = {
    ...tokens,
    [address]: { ...tokens.JM!, symbol: 'FIVE', address, tax: 5, origin: 'imported' as const },
  };
  const raised: TaxCheck = { ...ZLF_RAISED, symbol: address, configuredPercent: 5, usedPercent: 7 };
  render(<InfoBlock quote={quote(['TRX', address], [raised])} tokens={imported} />);
  expect(screen.getByText('FIVE tax').nextSibling).toHaveTextContent('4% on every transfer');
  expect(screen.getByTestId('tax-warning')).toHaveTextContent(
    'FIVE now takes 4% on every transfer, not the 5% listed for it.',
  );
  expect(screen.getByTestId('tax-warning')).not.toHaveTextContent(address);
});

it('a few wei to receive read as a tiny amount, not "0" (the swap still goes through)', () => {
  const bsc = parseNetworksFile(production).networks.BSC.tokens;
  const dust = {
    ...quote(['BNB', 'USDT']),
    amountOut: 628n,
    bound: 596n,
    liquidityProviderFee: 1n,
  };
  render(<InfoBlock quote={dust} tokens={bsc} />);
  expect(screen.getByTestId('bound')).toHaveTextContent('0.0₁₅596 USDT');
  expect(screen.getByTestId('lp-fee')).toHaveTextContent('0.0₁₇1 USDT');
});
