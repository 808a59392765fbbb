import { startTransition, useEffect, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import {
  requestWalletConnect,
  showToast,
  useLanguageCode,
  useWalletSession,
  type NetworkConfig,
} from '@jmswap/shared-chain';
import {
  fetchAccountTrades,
  fetchAllPages,
  useReadAgainAfterLanding,
  type AccountTrade,
} from '@jmswap/shared-chain/history';
import { downloadCsv } from './csv';
import { myTradesCsv } from './exports';
import { fixedDecimal, tradeTime, usd } from './format';
import { Figure } from './Figure';

const PAGE = 50;

/** "My trades": the connected wallet's swaps on this network, with a CSV export for taxes. */
export function MyTrades({ network }: { network: NetworkConfig }) {
  const { t } = useLingui();
  const { connected, address, restoring } = useWalletSession();
  const [trades, setTrades] = useState<AccountTrade[] | undefined>();
  useEffect(() => setTrades(undefined), [network, address]);
  // A swap of this browser that landed is read a few times as the api stores it, past the caches.
  const again = useReadAgainAfterLanding(network.id);
  useEffect(() => {
    if (!address) return;
    const abort = new AbortController();
    fetchAccountTrades(network.api.url, network.id, address, {
      limit: PAGE,
      signal: abort.signal,
      fresh: again > 0,
    }).then((rows) => {
      if (abort.signal.aborted) return;
      // A transition: React renders the table in slices, not one long task. A read again that
      // failed keeps the trades shown (none are after a change of network or account).
      startTransition(() => setTrades((shown) => rows ?? shown ?? []));
    });
    return () => abort.abort();
  }, [network, address, again]);

  async function exportAll() {
    if (!address) return;
    const rows = await fetchAllPages(
      (before) =>
        fetchAccountTrades(network.api.url, network.id, address, {
          limit: PAGE,
          before,
          fresh: true,
        }),
      PAGE,
    );
    if (!rows) return showToast('error', t`Your trades could not be read. Try again in a minute.`);
    downloadCsv(`jmswap-${network.id.toLowerCase()}-my-trades.csv`, myTradesCsv(network, rows));
  }

  return (
    <section className="jm-history" aria-label={t`My trades`}>
      <h3>{t`My trades`}</h3>
      {restoring && !connected ? (
        <p key="connecting" role="status">
          {t`Connecting wallet…`}
        </p>
      ) : !connected || !address ? (
        // Keyed: a page translator's copy of this text would make React throw taking it out of
        // a paragraph the next state kept.
        <p key="connect" className="jm-connect-prompt">
          {t`Connect a wallet to see your trades.`}{' '}
          <button type="button" className="jm-link-button" onClick={requestWalletConnect}>
            {t`CONNECT WALLET`}
          </button>
        </p>
      ) : trades === undefined ? (
        <p role="status">{t`Loading History...`}</p>
      ) : trades.length === 0 ? (
        <p>{t`No swap data available`}</p>
      ) : (
        <>
          <MyTradesTable network={network} trades={trades} />
          <button type="button" className="jm-link-button" onClick={() => void exportAll()}>
            {t`Download my trades (CSV)`}
          </button>
        </>
      )}
    </section>
  );
}

function MyTradesTable({ network, trades }: { network: NetworkConfig; trades: AccountTrade[] }) {
  const { t: translate } = useLingui();
  const language = useLanguageCode();
  return (
    <div className="jm-history-scroll">
      <table className="jm-my-trades">
        <thead>
          <tr>
            <th scope="col">{translate`Time`}</th>
            <th scope="col">{translate`Sold`}</th>
            <th scope="col">{translate`Received`}</th>
            <th scope="col">USD</th>
          </tr>
        </thead>
        <tbody>
          {trades.map((t) => (
            <tr key={t.hash}>
              <td>
                <a href={`${network.scan}${t.hash}`} target="_blank" rel="noreferrer">
                  {tradeTime(t.date, language)}
                </a>
              </td>
              {/* data-label: the column's name over the figure where a phone stacks the cells. */}
              <td data-label={translate`Sold`}>
                <Figure text={fixedDecimal(t.amountIn, 6)} /> {t.symbolIn}
              </td>
              <td data-label={translate`Received`}>
                <Figure text={fixedDecimal(t.amountOut, 6)} /> {t.symbolOut}
              </td>
              <td>{usd(t.usd)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
