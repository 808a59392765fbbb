import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { POOL_RELOAD_MS, type NetworkConfig, type WalletSession } from '@jmswap/shared-chain';
import { type UserPosition } from '@jmswap/shared-chain/liquidity';
import { liquidityApi } from './liquidityApi';

export type PositionsStatus = 'idle' | 'loading' | 'ready' | 'error';

const visible = () => typeof document === 'undefined' || document.visibilityState !== 'hidden';

/**
 * The connected wallet's positions (product.md section 4): loaded when the panel is shown with a
 * wallet (the t=addLiquidity deep link mounts it), when the tab becomes visible and nothing is
 * loaded yet, and again 1 s after a liquidity send (`reloadSoon`). `positions` grows as pages
 * arrive while `status` is 'loading' (a wallet in a thousand pools waits for many pages); after a
 * failed page it keeps the rows read so far with status 'error'.
 */
export function usePositions(network: NetworkConfig, session: WalletSession) {
  const [positions, setPositions] = useState<UserPosition[]>();
  const [status, setStatus] = useState<PositionsStatus>('idle');
  const owner = session.connected ? session.address : undefined;
  const request = useRef(0);

  const load = useCallback(async () => {
    const id = ++request.current;
    if (!owner) {
      setPositions(undefined);
      return setStatus('idle');
    }
    setStatus('loading');
    // Rows are appended in transitions, so a thousand of them never block a click or a key;
    // a retry keeps the rows shown until its pages bring more.
    const arrived = (soFar: UserPosition[]) =>
      id === request.current &&
      startTransition(() =>
        setPositions((shown) => (shown && shown.length > soFar.length ? shown : soFar)),
      );
    try {
      const list = await liquidityApi().positions(network.id, arrived);
      if (id !== request.current) return;
      startTransition(() => {
        if (list) setPositions(list);
        setStatus(list ? 'ready' : 'error');
      });
    } catch {
      if (id === request.current) setStatus('error');
    }
  }, [network.id, owner]);

  useEffect(() => {
    if (visible()) void load();
    const onVisible = () => visible() && status === 'idle' && void load();
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load once per wallet, not per status
  }, [load]);

  const reloadSoon = useCallback(() => {
    // The old figures are wrong now: nobody may remove from them while the chain settles.
    request.current += 1;
    setPositions(undefined);
    setStatus('loading');
    setTimeout(() => void load(), POOL_RELOAD_MS);
  }, [load]);

  return { positions, status, reload: load, reloadSoon };
}
