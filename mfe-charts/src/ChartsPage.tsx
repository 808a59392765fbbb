import { useEffect } from 'react';
import { setLoading, useNetworkConfig, type RemoteScreenProps } from '@jmswap/shared-chain';
import { Chart } from './Chart';
import { CHART_NETWORKS, chartPairs, resolveChartPair } from './pairs';

/** The charts page: network pills, pair dropdown, the pair's chart. */
export function ChartsPage({ network: networkId, query, setQuery }: RemoteScreenProps) {
  const state = useNetworkConfig(networkId);
  useEffect(() => {
    if (state.status !== 'loading') setLoading(false);
  }, [state.status]);
  if (state.status !== 'ready')
    return <section className="jm-card">{state.status === 'error' ? state.message : null}</section>;
  const { network } = state;
  const pair = resolveChartPair(network, query.symbolA, query.symbolB);
  return (
    <section className="jm-card" data-remote="charts" data-remote-version={__APP_VERSION__}>
      <nav className="jm-pills" aria-label="Chart networks">
        {CHART_NETWORKS.map((id) => (
          <button
            key={id}
            type="button"
            aria-pressed={id === networkId}
            onClick={() => setQuery?.({ n: id })}
          >
            {id}
          </button>
        ))}
      </nav>
      <label>
        Pair{' '}
        <select
          aria-label="Pair"
          value={`${pair.symbolA}/${pair.symbolB}`}
          onChange={(e) => {
            const [symbolA, symbolB] = e.target.value.split('/');
            setQuery?.({ symbolA, symbolB });
          }}
        >
          {!chartPairs(network).some(
            (p) => `${p.symbolA}/${p.symbolB}` === `${pair.symbolA}/${pair.symbolB}`,
          ) && <option>{`${pair.symbolA}/${pair.symbolB}`}</option>}
          {chartPairs(network).map((p) => (
            <option key={`${p.symbolA}/${p.symbolB}`}>{`${p.symbolA}/${p.symbolB}`}</option>
          ))}
        </select>
      </label>
      <h2>
        {pair.symbolA}/{pair.symbolB}
      </h2>
      <Chart
        network={networkId}
        symbolA={pair.symbolA}
        symbolB={pair.symbolB}
        points={[]}
        width={470}
        height={400}
        precision={10}
      />
    </section>
  );
}

export default ChartsPage;
