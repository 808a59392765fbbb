import { render, screen } from '@testing-library/react';
import type { TokenConfig } from '@jmswap/shared-chain';
import { TaxNote } from './TaxNote';

const token = (symbol: string, tax: number, extra: Partial<TokenConfig> = {}): TokenConfig => ({
  symbol,
  name: symbol,
  address: `0x${symbol.length}${'0'.repeat(39)}`,
  decimals: 0,
  logoURI: '',
  tax,
  ...extra,
});

it('says what each taxed token of the pair moves, also when an import carries the other one’s symbol', () => {
  const listed = token('JM', 3);
  const copy = token('JM', 5, { address: `0x${'4'.repeat(40)}`, origin: 'imported' });
  render(<TaxNote tokens={[listed, copy]} taxApplies moved={[97n, 95n]} verb="pool" />);
  const notes = screen.getAllByTestId('tax-JM');
  expect(notes.map((n) => n.getAttribute('data-value'))).toEqual(['97', '95']);
  expect(notes[0]).toHaveTextContent(
    'The JM tax of 3% applies to liquidity on every transfer: 97 JM reaches the pool.',
  );
  expect(notes[1]).toHaveTextContent(
    'The JM tax of 5% applies to liquidity on every transfer: 95 JM reaches the pool.',
  );
});

it('through the liquidity router: tax-free, and nothing for an untaxed pair', () => {
  const { rerender } = render(
    <TaxNote
      tokens={[token('TRX', 0, { isBase: true }), token('JM', 3)]}
      taxApplies={false}
      moved={[1n, 2n]}
      verb="wallet"
    />,
  );
  expect(screen.getByRole('note')).toHaveTextContent(
    'JM (3% tax): adding and removing liquidity is tax-free.',
  );
  rerender(
    <TaxNote
      tokens={[token('TRX', 0), token('USDT', 0)]}
      taxApplies
      moved={[1n, 2n]}
      verb="wallet"
    />,
  );
  expect(screen.queryByRole('note')).toBeNull();
});
