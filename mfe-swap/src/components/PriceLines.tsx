import { memo } from 'react';
import { useLingui } from '@lingui/react/macro';
import { formatPrice } from '@jmswap/shared-chain';

/** "Price of X" and "Price of Y", 8 decimals (prices are 10^18-scaled bigints). */
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
        {t`Price of ${from}:`}{' '}
        <span data-testid="price-from">
          {fromInTo !== undefined ? `${formatPrice(fromInTo)} ${to}` : '-'}
        </span>
      </p>
      <p>
        {t`Price of ${to}:`}{' '}
        <span data-testid="price-to">
          {toInFrom !== undefined ? `${formatPrice(toInFrom)} ${from}` : '-'}
        </span>
      </p>
    </div>
  );
});
