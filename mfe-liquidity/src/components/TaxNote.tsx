import { useLingui } from '@lingui/react/macro';
import { formatAmount, type TokenConfig } from '@jmswap/shared-chain';

interface Props {
  tokens: TokenConfig[];
  /** The pair's liquidity goes through the normal ROUTER (SafeMoney, PSRS): the tax applies. */
  taxApplies: boolean;
  /** Per taxed symbol, what actually moves (to the pool on an add, to the wallet on a removal). */
  moved: Record<string, bigint | undefined>;
  /** Where it moves: the pool (an add) or the wallet (a removal). */
  verb: 'pool' | 'wallet';
}

/** The tax promise made visible: tax-free through the liquidity router, or what the tax leaves. */
export function TaxNote({ tokens, taxApplies, moved, verb }: Props) {
  const { t } = useLingui();
  const taxed = tokens.filter((token) => token.tax > 0 && !token.isBase);
  if (taxed.length === 0) return null;
  if (!taxApplies) {
    const taxes = taxed
      .map(({ symbol, tax }) => t`${symbol} (${tax}% tax)`)
      .join(t({ message: ', ', comment: 'between the taxed tokens of a pair' }));
    return (
      <p role="note" className="jm-tax-free">
        {t`${taxes}: adding and removing liquidity is tax-free.`}
      </p>
    );
  }
  return (
    <p role="note" className="jm-tax-applies">
      {taxed.map(({ symbol, tax, decimals }) => {
        const v = moved[symbol];
        const amount = v === undefined ? '-' : formatAmount(v, decimals);
        const text =
          verb === 'pool'
            ? t`The ${symbol} tax of ${tax}% applies to liquidity on every transfer: ${amount} ${symbol} reaches the pool.`
            : t`The ${symbol} tax of ${tax}% applies to liquidity on every transfer: ${amount} ${symbol} arrives in your wallet.`;
        return (
          <span key={symbol} data-testid={`tax-${symbol}`} data-value={v?.toString()}>
            {text}{' '}
          </span>
        );
      })}
    </p>
  );
}
