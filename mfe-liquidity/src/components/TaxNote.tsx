import { formatAmount, type TokenConfig } from '@jmswap/shared-chain';

interface Props {
  tokens: TokenConfig[];
  /** The pair's liquidity goes through the normal ROUTER (SafeMoney, PSRS): the tax applies. */
  taxApplies: boolean;
  /** Per taxed symbol, what actually moves (to the pool on an add, to the wallet on a removal). */
  moved: Record<string, bigint | undefined>;
  verb: 'reaches the pool' | 'arrives in your wallet';
}

/** The tax promise made visible: tax-free through the liquidity router, or what the tax leaves. */
export function TaxNote({ tokens, taxApplies, moved, verb }: Props) {
  const taxed = tokens.filter((t) => t.tax > 0 && !t.isBase);
  if (taxed.length === 0) return null;
  if (!taxApplies)
    return (
      <p role="note" className="jm-tax-free">
        {taxed.map((t) => `${t.symbol} (${t.tax}% tax)`).join(', ')}: adding and removing liquidity
        is tax-free.
      </p>
    );
  return (
    <p role="note" className="jm-tax-applies">
      {taxed.map((t) => {
        const v = moved[t.symbol];
        const amount = v === undefined ? '-' : formatAmount(v, t.decimals);
        return (
          <span key={t.symbol} data-testid={`tax-${t.symbol}`} data-value={v?.toString()}>
            The {t.symbol} tax of {t.tax}% applies to liquidity on every transfer: {amount}{' '}
            {t.symbol} {verb}.{' '}
          </span>
        );
      })}
    </p>
  );
}
