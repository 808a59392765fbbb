import { useEffect } from 'react';
import {
  NetworkNotConfigured,
  TokenLogo,
  setLoading,
  useNetworkConfig,
  type PoolConfig,
  type NetworkConfig,
  type RemoteScreenProps,
} from '@jmswap/shared-chain';

function PoolRow({ pool, network }: { pool: PoolConfig; network: NetworkConfig }) {
  const a = network.tokens[pool.symbolA];
  const b = network.tokens[pool.symbolB];
  return (
    <li className="jm-pool" data-testid="pool-item">
      {a && <TokenLogo token={a} />}
      {b && <TokenLogo token={b} />}
      <span className="jm-pool-pair">
        {pool.symbolA}/{pool.symbolB}
      </span>
    </li>
  );
}

/** The pools page: the pools configured for the selected network. */
export function PoolsPage({ network: networkId }: RemoteScreenProps) {
  const state = useNetworkConfig(networkId);
  useEffect(() => {
    if (state.status !== 'loading') setLoading(false);
  }, [state.status]);

  return (
    <section className="jm-card" data-remote="pools" data-remote-version={__APP_VERSION__}>
      <h2>Pools on {networkId}</h2>
      {state.status === 'error' && <p role="alert">{state.message}</p>}
      {state.status === 'ready' && (
        <>
          <NetworkNotConfigured network={state.network} />
          <ul className="jm-pool-list" aria-label="Pools">
            {state.network.pools.map((pool) => (
              <PoolRow
                key={`${pool.symbolA}-${pool.symbolB}`}
                pool={pool}
                network={state.network}
              />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

export default PoolsPage;
