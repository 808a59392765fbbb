import { memo } from 'react';
import { useLingui } from '@lingui/react/macro';
import { formatPrice } from '@jmswap/shared-chain';

/**
 * "Price of X" and "Price of Y", 8 decimals (prices are 10^18-scaled bigints). Each text that
 * changes is its element's only child: a page translator (Chrome's) swaps text nodes for its own,
 * and React's later change of a text node beside other children would not show (a stale token).
 */
export const PriceLines = memo(function PriceLines({
  from,
  to,
  fromInTo,
  toInFrom,
}: {
  from: string;
  to: string;
  fromInTo?: bigint;
  toInFrom?: bigint;
}) {
  const { t } = useLingui();
  return (
    <div className="jm-prices">
      <p>
        <span>{t`Price of ${from}:`}</span>{' '}
        <span data-testid="price-from">
          {fromInTo !== undefined ? `${formatPrice(fromInTo)} ${to}` : '-'}
        </span>
      </p>
      <p>
        <span>{t`Price of ${to}:`}</span>{' '}
        <span data-testid="price-to">
          {toInFrom !== undefined ? `${formatPrice(toInFrom)} ${from}` : '-'}
        </span>
      </p>
    </div>
  );
});
