import { useEffect, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { NetworkConfig } from '@jmswap/shared-chain';
import { isAddressKey, tokenParam } from '@jmswap/shared-chain/tokens';
import { swapApi } from '../swapApi';
import { AppLink } from '@jmswap/shared-chain/links';

/**
 * "No JMSwap pool for X yet." when no path of pools joins the two tokens (X: the token beyond
 * the config, else the receive token), with a link that opens Liquidity with the pair filled in
 * (not in the widget, which has no liquidity). Checked when the tokens change, before any amount.
 */
export function NoPool({
  network,
  from,
  to,
  widget,
  refresh,
}: {
  network: NetworkConfig;
  from?: string;
  to?: string;
  widget?: boolean;
  /** Checked again with the box's periodic refresh (a pool may be created meanwhile). */
  refresh?: unknown;
}) {
  const { t } = useLingui();
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    setMissing(false);
    if (!from || !to || !swapApi().routeExists) return;
    let live = true;
    swapApi()
      .routeExists?.(network.id, from, to)
      .then(
        (exists) => live && setMissing(exists === false),
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [network.id, from, to, refresh]);
  if (!missing || !from || !to) return null;
  const key =
    isAddressKey(network.platform, from) && !isAddressKey(network.platform, to) ? from : to;
  const symbol = network.tokens[key]?.symbol ?? key;
  const href = `/?n=${network.id}&t=addLiquidity&from=${encodeURIComponent(
    tokenParam(network, from),
  )}&to=${encodeURIComponent(tokenParam(network, to))}`;
  return (
    <p className="jm-warning" role="status" data-testid="no-pool">
      {t`No JMSwap pool for ${symbol} yet.`}{' '}
      {!widget && <AppLink href={href}>{t`Add liquidity to create it`}</AppLink>}
    </p>
  );
}
