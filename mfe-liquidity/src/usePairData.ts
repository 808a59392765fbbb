import { useCallback, useEffect, useState } from 'react';
import { WALLET_BALANCES_REFRESH_MS, type NetworkConfig } from '@jmswap/shared-chain';
import { type LiquidityPair } from '@jmswap/shared-chain/liquidity';
import { liquidityApi } from './liquidityApi';

/**
 * The pair state, balances and (TRON) energy for the chosen tokens: read when the tokens or the
 * wallet change and every 12 s while visible, never per keystroke (estimates are local math).
 */
export function usePairData(
  network: NetworkConfig,
  owner: string | undefined,
  symbolA?: string,
  symbolB?: string,
) {
  const [pair, setPair] = useState<LiquidityPair>();
  const [unreachable, setUnreachable] = useState(false);
  const [balances, setBalances] = useState<Record<string, bigint>>({});
  const [energy, setEnergy] = useState<bigint>();
  const [tick, setTick] = useState(0);
  const refresh = useCallback(() => setTick((t) => t + 1), []);

  useEffect(() => {
    if (!symbolA || !symbolB) return;
    let live = true;
    setPair((p) => (p?.symbolA === symbolA && p.symbolB === symbolB ? p : undefined));
    liquidityApi()
      .pair(network.id, symbolA, symbolB)
      .then(
        (p) => live && (setPair(p), setUnreachable(p === undefined)),
        () => live && setUnreachable(true),
      );
    return () => {
      live = false;
    };
  }, [network.id, symbolA, symbolB, tick]);

  useEffect(() => {
    let live = true;
    if (!owner || !symbolA || !symbolB) return setBalances({});
    const symbols = [...new Set([symbolA, symbolB, network.baseToken])];
    void Promise.all([
      liquidityApi().balances(network.id, owner, symbols),
      network.platform === 'tron' ? liquidityApi().energy(network.id, owner) : undefined,
    ]).then(([b, e]) => {
      if (!live) return;
      setBalances(b ?? {});
      setEnergy(e);
    });
    return () => {
      live = false;
    };
  }, [network.id, network.platform, network.baseToken, owner, symbolA, symbolB, tick]);

  useEffect(() => {
    const timer = setInterval(
      () => document.visibilityState !== 'hidden' && refresh(),
      WALLET_BALANCES_REFRESH_MS,
    );
    return () => clearInterval(timer);
  }, [refresh]);

  /**
   * The balances of `symbols`, those not read yet read now (SUPPLY or MAX pressed right after
   * connecting or choosing a token); undefined when the node does not answer. Never 0 for
   * unknown: that told a user with funds "Insufficient balance".
   */
  const balancesNow = useCallback(
    async (symbols: string[]): Promise<Record<string, bigint> | undefined> => {
      const missing = symbols.filter((s) => balances[s] === undefined);
      if (!owner) return undefined;
      if (missing.length === 0) return balances;
      const read = await liquidityApi()
        .balances(network.id, owner, missing)
        .catch(() => undefined);
      return read && { ...balances, ...read };
    },
    [network.id, owner, balances],
  );

  const energyNow = useCallback(
    async () =>
      owner
        ? liquidityApi()
            .energy(network.id, owner)
            .catch(() => undefined)
        : undefined,
    [network.id, owner],
  );

  return { pair, unreachable, balances, balancesNow, energy, energyNow, refresh };
}
