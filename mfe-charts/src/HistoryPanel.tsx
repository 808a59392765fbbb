import './messages';
import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import {
  HISTORY_AMOUNT_DISPLAY_DECIMALS,
  HISTORY_PRICE_DISPLAY_DECIMALS,
  priceText,
  useLanguageCode,
  type NetworkConfig,
} from '@jmswap/shared-chain';
import { type Trade } from '@jmswap/shared-chain/history';
import { historyPair } from './chartRules';
import { chartTokenText } from './pairs';
import { fixedDecimal, tradeTime } from './format';
import { useTrades } from './useTrades';
import { Figure } from './Figure';
import './charts.css';

export interface HistoryPanelProps {
  network: NetworkConfig;
  /** The swap box's pair: prices are B in A, amounts are of B. */
  symbolA: string;
  symbolB: string;
}

/** The swap box's Toggle swap history button and its Trading History panel. */
export function HistoryPanel({ network, symbolA, symbolB }: HistoryPanelProps) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <div className="jm-history">
      <button
        type="button"
        className="jm-link-button"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        {t`Toggle swap history`}
      </button>
      {open && <TradingHistory network={network} symbolA={symbolA} symbolB={symbolB} />}
    </div>
  );
}

function TradingHistory({ network, symbolA, symbolB }: HistoryPanelProps) {
  const pair = historyPair(network, symbolA, symbolB);
  const { loading, trades, stale } = useTrades(network, pair, true);
  const { t } = useLingui();
  return (
    <section aria-label={t`Trading History`}>
      <h3>{t`Trading History`}</h3>
      <TradesTable
        scan={network.scan}
        pair={pair}
        names={[chartTokenText(network, pair[0]), chartTokenText(network, pair[1])]}
        loading={loading}
        trades={trades}
      />
      {stale && (
        <p role="status" className="jm-warning">
          {t`Trades could not be refreshed; these are the last ones read.`}
        </p>
      )}
    </section>
  );
}

export interface TradesTableProps {
  scan: string;
  pair: [string, string];
  /** How the columns name the pair's tokens (a pair named by addresses: their symbols). */
  names?: [string, string];
  loading: boolean;
  trades: Trade[];
}

/** Price, Amount, Time to 6 decimals; each row links to its transaction on the explorer. */
export function TradesTable({ scan, pair, names = pair, loading, trades }: TradesTableProps) {
  const [a, b] = names;
  const { t: translate } = useLingui();
  const language = useLanguageCode();
  if (loading && trades.length === 0) return <p role="status">{translate`Loading History...`}</p>;
  if (trades.length === 0) return <p>{translate`No swap data available`}</p>;
  return (
    <div className="jm-history-scroll">
      <table>
        <thead>
          <tr>
            <th scope="col">{translate`Price (${a})`}</th>
            <th scope="col">{translate`Amount (${b})`}</th>
            <th scope="col">{translate`Time`}</th>
          </tr>
        </thead>
        <tbody>
          {trades.map((t) => (
            <tr key={`${t.hash}-${t.type}`} className={t.type === 'buy' ? 'jm-buy' : 'jm-sell'}>
              <td>
                <Figure text={priceText(t.price, HISTORY_PRICE_DISPLAY_DECIMALS)} />
              </td>
              <td>
                <Figure
                  text={fixedDecimal(
                    t.type === 'buy' ? t.buyAmount : t.sellAmount,
                    HISTORY_AMOUNT_DISPLAY_DECIMALS,
                  )}
                />
              </td>
              <td>
                <a
                  href={`${scan}${t.hash}`}
                  target="_blank"
                  rel="noreferrer"
                  title={
                    t.type === 'buy'
                      ? translate`Buy ${b}: view the transaction`
                      : translate`Sell ${b}: view the transaction`
                  }
                >
                  {tradeTime(t.date, language)}
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default HistoryPanel;
