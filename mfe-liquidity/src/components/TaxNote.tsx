import { useLingui } from '@lingui/react/macro';
import { formatAmount, type TokenConfig } from '@jmswap/shared-chain';

interface Props {
  tokens: readonly [TokenConfig, TokenConfig];
  /** The pair's liquidity goes through the normal ROUTER (SafeMoney, PSRS): the tax applies. */
  taxApplies: boolean;
  /**
   * What actually moves of each of `tokens` (to the pool on an add, to the wallet on a removal).
   * By place, not symbol: an imported token may carry the other one's symbol.
   */
  moved: readonly [bigint | undefined, bigint | undefined];
  /** Where it moves: the pool (an add) or the wallet (a removal). */
  verb: 'pool' | 'wallet';
}

/** The tax promise made visible: tax-free through the liquidity router, or what the tax leaves. */
export function TaxNote({ tokens, taxApplies, moved, verb }: Props) {
  const { t } = useLingui();
  const taxed = tokens
    .map((token, i) => ({ token, moved: moved[i] }))
    .filter(({ token }) => token.tax > 0 && !token.isBase);
  if (taxed.length === 0) return null;
  if (!taxApplies) {
    const taxes = taxed
      .map(({ token: { symbol, tax } }) => t`${symbol} (${tax}% tax)`)
      .join(t({ message: ', ', comment: 'between the taxed tokens of a pair' }));
    return (
      <p role="note" className="jm-tax-free">
        {t`${taxes}: adding and removing liquidity is tax-free.`}
      </p>
    );
  }
  return (
    <p role="note" className="jm-tax-applies">
      {taxed.map(({ token: { symbol, tax, decimals }, moved: v }, i) => {
        const amount = v === undefined ? '-' : formatAmount(v, decimals, undefined, { dust: true });
        const text =
          verb === 'pool'
            ? t`The ${symbol} tax of ${tax}% applies to liquidity on every transfer: ${amount} ${symbol} reaches the pool.`
            : t`The ${symbol} tax of ${tax}% applies to liquidity on every transfer: ${amount} ${symbol} arrives in your wallet.`;
        return (
          <span key={i} data-testid={`tax-${symbol}`} data-value={v?.toString()}>
            {text}{' '}
          </span>
        );
      })}
    </p>
  );
}
