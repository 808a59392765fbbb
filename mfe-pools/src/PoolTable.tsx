import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { TokenLogo, type NetworkConfig } from '@jmswap/shared-chain';
import {
  addLiquidityLink,
  chartLink,
  formatPercent,
  formatReserve,
  formatUsd,
  pairName,
  type PoolRow,
} from './pools';
import type { PoolsData } from './usePools';

const API_COLUMNS = [msg`Liquidity`, msg`24h volume`, msg`24h fees`, msg`Fee APR`];

function apiCells(row: PoolRow, api: PoolsData['api']): string[] {
  if (api === 'loading') return API_COLUMNS.map(() => '…');
  if (api === 'unavailable') return API_COLUMNS.map(() => 'unavailable');
  const f = row.api;
  return [
    formatUsd(f?.liquidityUsd),
    formatUsd(f?.volume24HUsd),
    formatUsd(f?.fees24HUsd),
    formatPercent(f?.aprPercent),
  ];
}

function reserveText(
  chain: PoolsData['chain'],
  value: bigint | undefined,
  decimals: number | undefined,
  symbol: string,
): string {
  if (chain === 'loading') return '…';
  const amount = formatReserve(value, decimals);
  return amount === '-' ? amount : `${amount} ${symbol}`;
}

function PoolLine(props: {
  network: NetworkConfig;
  row: PoolRow;
  chain: PoolsData['chain'];
  api: PoolsData['api'];
}) {
  const { network, row, chain, api } = props;
  const { t, i18n } = useLingui();
  const { pool } = row;
  const a = network.tokens[pool.symbolA];
  const b = network.tokens[pool.symbolB];
  const chart = chartLink(network, pool);
  const { symbolA, symbolB } = pool;
  return (
    <tr data-testid="pool-row" data-pair={pairName(pool)}>
      <th scope="row" className="jm-pool-pair" data-testid="pool-item">
        {a && <TokenLogo token={a} />}
        {b && <TokenLogo token={b} />}
        <span>{pairName(pool)}</span>
      </th>
      <td data-label={t`Reserve ${symbolA}`} data-testid="reserve-a">
        {reserveText(chain, row.reserveA, a?.decimals, pool.symbolA)}
      </td>
      <td data-label={t`Reserve ${symbolB}`} data-testid="reserve-b">
        {reserveText(chain, row.reserveB, b?.decimals, pool.symbolB)}
      </td>
      {apiCells(row, api).map((text, i) => (
        <td
          key={i}
          className="jm-pool-api"
          data-label={i18n._(API_COLUMNS[i]!)}
          data-testid={`api-${i}`}
          data-missing={api !== 'ok' || text === 'n/a' ? '' : undefined}
        >
          {text === 'n/a' ? t`n/a` : text === 'unavailable' ? t`unavailable` : text}
        </td>
      ))}
      <td className="jm-pool-links">
        {chart && <a href={chart}>{t`Chart`}</a>}
        <a href={addLiquidityLink(network, pool)}>{t`Add liquidity`}</a>
      </td>
    </tr>
  );
}

/** A table on wide screens; below 700 px each row becomes a card (pools.css). */
export function PoolTable(props: {
  network: NetworkConfig;
  rows: PoolRow[];
  /** The rows wait for their order (the API's figures). */
  waiting?: boolean;
  chain: PoolsData['chain'];
  api: PoolsData['api'];
}) {
  const { t, i18n } = useLingui();
  return (
    <table
      className="jm-pools"
      aria-label={t`Pools`}
      aria-busy={props.chain === 'loading' || props.waiting === true}
    >
      <thead>
        <tr>
          <th scope="col">{t`Pair`}</th>
          <th scope="col">{t`Reserve A`}</th>
          <th scope="col">{t`Reserve B`}</th>
          {API_COLUMNS.map((c) => (
            <th scope="col" key={c.id}>
              {i18n._(c)}
            </th>
          ))}
          <th scope="col">
            <span className="jm-visually-hidden">{t`Links`}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {props.waiting && (
          <tr className="jm-pools-waiting">
            <td colSpan={API_COLUMNS.length + 4}>{t`Loading pools...`}</td>
          </tr>
        )}
        {props.rows.map((row) => (
          <PoolLine
            key={`${row.pool.address}-${pairName(row.pool)}`}
            network={props.network}
            row={row}
            chain={props.chain}
            api={props.api}
          />
        ))}
      </tbody>
    </table>
  );
}
