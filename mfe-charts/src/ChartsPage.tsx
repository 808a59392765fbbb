import './messages';
import { useEffect } from 'react';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import {
  CHART_NETWORKS,
  CHART_PRICE_DISPLAY_DECIMALS,
  setLoading,
  showToast,
  useNetworkConfig,
  type NetworkConfig,
  type RemoteScreenProps,
} from '@jmswap/shared-chain';
import { fetchAllPages, fetchTrades } from '@jmswap/shared-chain/history';
import { Chart } from './Chart';
import { historyPair, pairName } from './chartRules';
import { downloadCsv } from './csv';
import { pairTradesCsv } from './exports';
import { priceFigure } from './format';
import { chartPairOf, chartTokenText, indexedPrice, resolveChartPair } from './pairs';
import { PairPicker } from './PairPicker';
import { PairStats, pairPrice } from './PairStats';
import { MyTrades } from './MyTrades';
import { pairAddresses, TRADES_PAGE } from './useTrades';
import { useIndexedPair } from './useIndexedPair';
import { useInfo } from './useInfo';
import './charts.css';

/** The charts page: network pills, pair dropdown, the pair's 4-hour candles and figures. */
export function ChartsPage({ network: networkId, query, setQuery }: RemoteScreenProps) {
  const { t } = useLingui();
  const state = useNetworkConfig(networkId);
  useEffect(() => {
    if (state.status === 'error') setLoading(false);
  }, [state.status]);
  if (state.status !== 'ready')
    return <section className="jm-card">{state.status === 'error' ? state.message : null}</section>;
  return (
    <section className="jm-card" data-remote="charts" data-remote-version={__APP_VERSION__}>
      <nav className="jm-pills" aria-label={t`Chart networks`}>
        {CHART_NETWORKS.map((id) => (
          <button
            key={id}
            type="button"
            aria-pressed={id === networkId}
            onClick={() =>
              setQuery?.({ n: id, symbolA: undefined, symbolB: undefined, invert: undefined })
            }
          >
            {id}
          </button>
        ))}
      </nav>
      <PairScreen network={state.network} query={query} setQuery={setQuery} />
    </section>
  );
}

/**
 * A link naming a pair the page cannot show (an unknown symbol, a pair of another network) loses
 * it, as the swap page clears an unknown from or to: the address bar then names what is shown,
 * the network's default pair, and a link copied from it says no more than that.
 */
function useUnknownPairCleared(
  network: NetworkConfig,
  { symbolA, symbolB }: RemoteScreenProps['query'],
  setQuery: RemoteScreenProps['setQuery'],
) {
  const unknown =
    (symbolA !== undefined || symbolB !== undefined) && !chartPairOf(network, symbolA, symbolB);
  useEffect(() => {
    if (unknown)
      setQuery?.({ symbolA: undefined, symbolB: undefined, invert: undefined }, { replace: true });
  }, [unknown, setQuery]);
}

function PairScreen({
  network,
  query,
  setQuery,
}: Pick<RemoteScreenProps, 'query' | 'setQuery'> & { network: NetworkConfig }) {
  const { symbolA: a, symbolB: b } = resolveChartPair(network, query.symbolA, query.symbolB);
  useUnknownPairCleared(network, query, setQuery);
  const { loading, info } = useInfo(network);
  // Quote per base (a stablecoin, else the base coin, else the pool's invert); "Show as" turns it
  // round in the address (invert=1, dropped with another pair), so a reload or a copied link
  // shows the side the user chose. It replaces the entry: Back skips the toggles.
  const inverted = query.invert === '1';
  const shown = historyPair(network, a, b, inverted);
  // A pair of the api's index is named by addresses: shown by its tokens' symbols (the page's,
  // else the api's), its price from its reserves (the info figures have configured pairs only).
  const indexed = useIndexedPair(network, a, b);
  const price =
    pairPrice(info, ...shown).price ?? (indexed && indexedPrice(network, indexed, shown[0]));
  const { t } = useLingui();
  const names: [string, string] = [
    chartTokenText(network, shown[0], indexed),
    chartTokenText(network, shown[1], indexed),
  ];
  const pair = pairName(names);
  const other = pairName([names[1], names[0]]);
  return (
    <>
      <div className="jm-charts-head">
        <PairPicker
          network={network}
          pair={[a, b]}
          indexed={indexed}
          onPick={(symbolA, symbolB) => setQuery?.({ symbolA, symbolB, invert: undefined })}
        />
        <h2>
          <span data-figure="title-pair">{pair}</span>{' '}
          <span data-figure="title-price">{priceFigure(price, CHART_PRICE_DISPLAY_DECIMALS)}</span>{' '}
          <span className="jm-muted" data-figure="title-unit">
            {t`${names[0]} per ${names[1]}`}
          </span>
        </h2>
        <button
          type="button"
          className="jm-link-button"
          aria-pressed={inverted}
          onClick={() => setQuery?.({ invert: inverted ? undefined : '1' }, { replace: true })}
        >
          {t`Show as ${other}`}
        </button>
      </div>
      <Chart
        network={network}
        symbolA={a}
        symbolB={b}
        kind="candle"
        window="3m"
        firstSpan="1w"
        width={470}
        height={400}
        precision={10}
        hideLink
        held={loading}
        inverted={inverted}
        indexed={indexed}
      />
      {loading ? (
        <p role="status">{t`Loading...`}</p>
      ) : info ? (
        <PairStats info={info} pair={shown} unit={names[0]} price={price} />
      ) : (
        <p role="status" className="jm-warning">
          {t`Market data is unavailable right now; the chart and figures come back with it. Try again in a few minutes.`}
        </p>
      )}
      <button
        type="button"
        className="jm-link-button"
        onClick={() =>
          void exportPair(network, shown, names).then(
            (failed) => failed && showToast('error', failed),
          )
        }
      >
        {t`Download ${pair} trades (CSV)`}
      </button>
      <MyTrades network={network} />
    </>
  );
}

/**
 * Saves the pair's trades as CSV, priced as the page shows them (`pair`: quote, base) and with
 * its tokens named as the page names them (`names`: a token beyond the configuration by the
 * symbol its contract gives, not its address); what to tell the user when they could not be read.
 */
async function exportPair(network: NetworkConfig, pair: [string, string], names: [string, string]) {
  const [addressA, addressB] = pairAddresses(network, ...pair);
  const rows = await fetchAllPages(
    (before) =>
      fetchTrades(network.api.url, network.id, addressA, addressB, {
        limit: TRADES_PAGE,
        before,
        fresh: true,
      }),
    TRADES_PAGE,
  );
  if (!rows) return msg`The trades could not be read. Try again in a minute.`;
  const file = (name: string) => name.replace(/[^\w.-]+/g, '_');
  downloadCsv(
    `jmswap-${network.id.toLowerCase()}-${file(names[1])}-${file(names[0])}-trades.csv`,
    pairTradesCsv(network, names, rows),
  );
  return undefined;
}

export default ChartsPage;
