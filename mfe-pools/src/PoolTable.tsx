import { memo, useLayoutEffect, useRef, useState, type Ref } from 'react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { TokenLogo, type NetworkConfig } from '@jmswap/shared-chain';
import { formatUsd } from '@jmswap/shared-chain/history';
import { formatPercent, formatReserve, pairName, poolLinks, type PoolRow } from './pools';
import type { PoolsData } from './usePools';

const API_COLUMNS = [msg`Liquidity`, msg`24h volume`, msg`24h fees`, msg`Fee APR`];

function apiCells(row: PoolRow, api: PoolsData['api']): string[] {
  if (api === 'loading') return API_COLUMNS.map(() => '…');
  if (api === 'unavailable') return API_COLUMNS.map(() => 'unavailable');
  const f = row.api;
  return [
    formatUsd(f?.liquidityUsd, 'n/a'),
    formatUsd(f?.volume24HUsd, 'n/a'),
    formatUsd(f?.fees24HUsd, 'n/a'),
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

interface LineProps {
  network: NetworkConfig;
  row: PoolRow;
  chain: PoolsData['chain'];
  api: PoolsData['api'];
  /** Its position in a virtual list (aria-rowindex, and the list measures it). */
  index?: number;
  measure?: Ref<HTMLTableRowElement>;
}

/** A row drawn again only when its pool, its figures or the page's read state change. */
const PoolLine = memo(function PoolLine(props: LineProps) {
  const { network, row, chain, api, index, measure } = props;
  const { t, i18n } = useLingui();
  const { pool } = row;
  const a = network.tokens[pool.symbolA];
  const b = network.tokens[pool.symbolB];
  const { chart, addLiquidity } = poolLinks(network, pool);
  const { symbolA, symbolB } = pool;
  return (
    <tr
      ref={measure}
      data-testid="pool-row"
      data-pair={pairName(pool)}
      data-index={index}
      aria-rowindex={index === undefined ? undefined : index + 2}
    >
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
        <a href={addLiquidity}>{t`Add liquidity`}</a>
      </td>
    </tr>
  );
});

/**
 * Up to this many pools every row is in the page (find in page, screen readers read them all);
 * drawing 100 full rows took 600 ms here under load (bench:pools), 40 stay within a frame or two.
 */
export const VIRTUAL_FROM = 40;
/** A row's height before it is measured: a table line; a phone's card is measured on its first draw. */
const ROW_ESTIMATE = 49;
/** pools.css: below this width each row is a card, CARD_GAP px below the previous one. */
const PHONE = '(max-width: 700px)';
const CARD_GAP = 10;

type RowsProps = Omit<LineProps, 'row' | 'index' | 'measure'> & { rows: PoolRow[] };
const rowKey = (row: PoolRow) => `${row.pool.address}-${pairName(row.pool)}`;

/** A spacer for the rows above or below the window; nothing for assistive technology. */
const Spacer = ({ height }: { height: number }) =>
  height > 0 ? (
    <tr className="jm-pools-spacer" aria-hidden="true">
      <td colSpan={API_COLUMNS.length + 4} style={{ height }} />
    </tr>
  ) : null;

/**
 * Only the rows in and near the window (a thousand pools render in a few milliseconds, and sort
 * and filter draw only what shows), between spacers holding the height of the others. The page
 * scrolls as usual (window virtualizer); each row is measured once drawn.
 */
function VirtualRows({ rows, ...line }: RowsProps) {
  const body = useRef<HTMLTableSectionElement>(null);
  const [top, setTop] = useState(0);
  // Where the list starts in the page (a line shown above it later moves it by less than the
  // rows drawn beyond the window).
  useLayoutEffect(() => {
    if (body.current) setTop(body.current.getBoundingClientRect().top + window.scrollY);
  }, []);
  const list = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => ROW_ESTIMATE,
    // A phone's cards are 10 px apart (their margin, not part of what is measured).
    gap: window.matchMedia?.(PHONE).matches ? CARD_GAP : 0,
    overscan: 3,
    // Rows measured after a sort or a filter re-render the list once, not once each.
    useFlushSync: false,
    scrollMargin: top,
    // Sizes are kept by place (the default key), as the rows are drawn: a sort keeps every
    // place's size, where keys by pool made the list compute a thousand positions again (and a
    // key per pool on every render), 65 ms of each change at 4x. A row whose height differs at
    // its new place (a phone's card) is measured again when it resizes.
  });
  const items = list.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];
  return (
    <tbody ref={body}>
      <Spacer height={first ? first.start - top : 0} />
      {items.map((item) => (
        <PoolLine
          // By place, not by pool: a sort or a keystroke refills the rows drawn instead of
          // replacing each one.
          key={item.index}
          {...line}
          row={rows[item.index]!}
          index={item.index}
          measure={list.measureElement}
        />
      ))}
      <Spacer height={last ? list.getTotalSize() - (last.end - top) : 0} />
    </tbody>
  );
}

/**
 * A table on wide screens; below 700 px each row becomes a card (pools.css). Memoised: a
 * keystroke's first render (the field only, the list deferred) leaves it alone.
 */
export const PoolTable = memo(function PoolTable(props: {
  network: NetworkConfig;
  rows: PoolRow[];
  /** The rows wait for their order (the API's figures). */
  waiting?: boolean;
  chain: PoolsData['chain'];
  api: PoolsData['api'];
}) {
  const { t, i18n } = useLingui();
  const { rows, waiting, ...line } = props;
  const virtual = rows.length > VIRTUAL_FROM;
  return (
    <table
      className={virtual ? 'jm-pools jm-pools-long' : 'jm-pools'}
      aria-label={t`Pools`}
      aria-busy={props.chain === 'loading' || waiting === true}
      aria-rowcount={waiting ? undefined : rows.length + 1}
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
      {virtual ? (
        <VirtualRows rows={rows} {...line} />
      ) : (
        <tbody>
          {waiting && (
            <tr className="jm-pools-waiting">
              <td colSpan={API_COLUMNS.length + 4}>{t`Loading pools...`}</td>
            </tr>
          )}
          {rows.map((row) => (
            <PoolLine key={rowKey(row)} {...line} row={row} />
          ))}
        </tbody>
      )}
    </table>
  );
});
