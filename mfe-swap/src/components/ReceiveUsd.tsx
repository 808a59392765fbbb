import { useLingui } from '@lingui/react/macro';
import { formatBps } from '@jmswap/shared-chain';
import { impactLevel } from './InfoBlock';

/**
 * The receive side's dollar line with what it is worth against the sell side: "$97.12 (-2.88%)",
 * amber from a 5% loss and red from 15%, as the price impact. A gain (two prices of the api that
 * disagree) stays muted.
 */
export function ReceiveUsd({ usd, difference }: { usd: string; difference?: bigint }) {
  const { t } = useLingui();
  if (difference === undefined) return usd;
  return (
    <>
      {usd}{' '}
      <span
        className={`jm-impact-${difference < 0n ? impactLevel(-difference) : 'ok'}`}
        data-testid="usd-difference"
        title={t`What you receive is worth this much more or less than what you sell, at today's dollar prices`}
      >
        ({difference > 0n ? '+' : ''}
        {formatBps(difference)}%)
      </span>
    </>
  );
}
