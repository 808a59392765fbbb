import { useLingui } from '@lingui/react/macro';
import { shareText } from '../form/share';
import { formatAmount, lpTokensText, formatPrice, type TokenConfig } from '@jmswap/shared-chain';
import type { LiquidityAddPlan } from '@jmswap/shared-chain/liquidity';

interface Props {
  a: TokenConfig;
  b: TokenConfig;
  plan?: LiquidityAddPlan;
  prices: { aInB?: bigint | null; bInA?: bigint | null };
  firstProvider: boolean;
}

/** "Prices and pool share": both prices (8 decimals), the share and the pool tokens to receive. */
export function PoolShare({ a, b, plan, prices, firstProvider }: Props) {
  const { t } = useLingui();
  const symbolA = a.symbol;
  const symbolB = b.symbol;
  const price = (v?: bigint | null) => (v === undefined || v === null ? '-' : formatPrice(v));
  return (
    <section className="jm-lq-share" aria-label={t`Prices and pool share`}>
      <h3>{t`Prices and pool share`}</h3>
      {firstProvider && (
        <p role="note" className="jm-note">
          {t`You are the first liquidity provider. The ratio of tokens you add will set the price of this pool.`}
        </p>
      )}
      <dl>
        <dt>{t`${symbolB} per ${symbolA}`}</dt>
        <dd data-testid="price-a-in-b">{price(prices.aInB)}</dd>
        <dt>{t`${symbolA} per ${symbolB}`}</dt>
        <dd data-testid="price-b-in-a">{price(prices.bInA)}</dd>
        <dt>{t`Share of pool`}</dt>
        <dd data-testid="share">
          {firstProvider
            ? '100.00'
            : plan
              ? shareText(plan.shareOfPoolBps, plan.lpTokens > 0n)
              : '0.00'}
          %
        </dd>
        <dt>{t`You deposit`}</dt>
        <dd data-testid="deposit">
          {plan
            ? `${formatAmount(plan.amountA, a.decimals, undefined, { dust: true })} ${a.symbol} + ${formatAmount(plan.amountB, b.decimals, undefined, { dust: true })} ${b.symbol}`
            : '-'}
        </dd>
        <dt>{t`Pool tokens you receive`}</dt>
        <dd data-testid="lp-to-receive" data-value={plan?.lpTokens.toString()}>
          {plan ? lpTokensText(plan.lpTokens) : '-'}
        </dd>
      </dl>
    </section>
  );
}
