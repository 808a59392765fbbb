import { memo } from 'react';
import { useLingui } from '@lingui/react/macro';
import { formatAmount, formatAmountUp, formatBps, type TokenConfig } from '@jmswap/shared-chain';
import type { TaxCheck } from '@jmswap/shared-chain/swap';
import { tokenText } from '@jmswap/shared-chain/tokens';
import type { SwapQuote } from '../form/swapForm';

/** Price impact above these shows amber, and needs an explicit confirmation. */
export const IMPACT_WARNING_BPS = 500n;
export const IMPACT_CONFIRM_BPS = 1500n;

export const impactLevel = (bps: bigint): 'ok' | 'warning' | 'danger' =>
  bps > IMPACT_CONFIRM_BPS ? 'danger' : bps > IMPACT_WARNING_BPS ? 'warning' : 'ok';

interface Props {
  quote: SwapQuote;
  tokens: Record<string, TokenConfig>;
  /** The transaction deadline the swap will carry (settings), in minutes. */
  deadlineMinutes?: number;
  /** What the price impact costs in dollars ("$12.34"); absent when no token has a price. */
  impactUsd?: string;
}

/**
 * The path's taxed tokens with the tax the estimate used: the one detected on chain (the
 * estimate's taxChecks) when it differs from the config, with the warning saying so.
 */
function taxLines(
  quote: SwapQuote,
  tokens: Record<string, TokenConfig>,
): { symbol: string; shown: string; differs?: TaxCheck }[] {
  const checks = (quote.source as { taxChecks?: TaxCheck[] } | undefined)?.taxChecks ?? [];
  return quote.path.flatMap((symbol) => {
    const token = tokens[symbol];
    const check = checks.find((c) => c.symbol === symbol);
    if (!token || token.isBase) return [];
    // Tokens beyond the config are keyed by address: the line names the token by its symbol
    // (with its short address when it copies a listed one's).
    const named = tokenText(tokens, symbol);
    if (!check?.differs) return token.tax === 0 ? [] : [{ symbol: named, shown: `${token.tax}%` }];
    return [{ symbol: named, shown: check.label, differs: check }];
  });
}

/** Minimum received or Maximum sold, Price impact, Liquidity provider fee, Path, and taxes. */
export const InfoBlock = memo(function InfoBlock({
  quote,
  tokens,
  deadlineMinutes,
  impactUsd,
}: Props) {
  const [first, last] = [quote.path[0] as string, quote.path[quote.path.length - 1] as string];
  const boundToken = quote.kind === 'exactIn' ? tokens[last] : tokens[first];
  const feeToken = tokens[quote.feeSymbol];
  const taxed = taxLines(quote, tokens);
  const { t } = useLingui();
  // shared-chain's check words it in English; the same sentence here, in the language shown.
  const taxWarning = ({ symbol, label, configuredPercent, usedPercent }: TaxCheck) =>
    t`${symbol} now takes ${label} on every transfer, not the ${configuredPercent}% listed for it. The estimate uses ${usedPercent}%.`;
  return (
    <dl className="jm-info-block" aria-label={t`Swap details`}>
      <dt>{quote.kind === 'exactIn' ? t`Minimum received` : t`Maximum sold`}</dt>
      <dd data-testid="bound">
        {/* Maximum sold rounds up: never shown below the bound that is sent. One text with its
            symbol: a page translator's copy of a symbol beside the figure would not change. */}
        {`${
          quote.kind === 'exactIn'
            ? formatAmount(quote.bound, boundToken?.decimals ?? 18, undefined, { dust: true })
            : formatAmountUp(quote.bound, boundToken?.decimals ?? 18)
        }${boundToken ? ` ${boundToken.symbol}` : ''}`}
      </dd>
      <dt>{t`Price impact`}</dt>
      <dd data-testid="price-impact" className={`jm-impact-${impactLevel(quote.priceImpactBps)}`}>
        {formatBps(quote.priceImpactBps)}%
        {impactUsd !== undefined && (
          <span className="jm-impact-usd" data-testid="price-impact-usd">
            {' '}
            (-{impactUsd})
          </span>
        )}
      </dd>
      <dt>{t`Liquidity provider fee`}</dt>
      <dd data-testid="lp-fee">
        {`${formatAmount(quote.liquidityProviderFee, feeToken?.decimals ?? 18, undefined, {
          dust: true,
        })} ${feeToken?.symbol ?? quote.feeSymbol}`}
      </dd>
      <dt>{t`Path`}</dt>
      <dd data-testid="path">{quote.path.map((key) => tokens[key]?.symbol ?? key).join(' → ')}</dd>
      {deadlineMinutes !== undefined && (
        <>
          <dt>{t`Transaction deadline`}</dt>
          <dd data-testid="deadline">{t`${deadlineMinutes} min`}</dd>
        </>
      )}
      {taxed.map(({ symbol, shown, differs }) => (
        // A div: the one element a list of terms may group a term and its definitions in.
        <div key={symbol} className="jm-tax-line">
          <dt>{t`${symbol} tax`}</dt>
          <dd>{t`${shown} on every transfer`}</dd>
          {differs?.warning && (
            <dd className="jm-warning jm-tax-warning" role="note" data-testid="tax-warning">
              {taxWarning({ ...differs, symbol })}
            </dd>
          )}
        </div>
      ))}
    </dl>
  );
});
