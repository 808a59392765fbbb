import {
  memo,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type Ref,
} from 'react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { TokenLogo, type NetworkConfig } from '@jmswap/shared-chain';
import { pairName, poolLinks, rowTexts, type PoolRow } from './pools';
import type { PoolsData } from './usePools';
import { AppLink } from '@jmswap/shared-chain/links';

const API_COLUMNS = [msg`Liquidity`, msg`24h volume`, msg`24h fees`, msg`Fee APR`];

/**
 * The table's words in the page's language, made once per table and language: each row used to
 * look up six texts of the catalogue on every draw (a sort refills ~14 rows).
 */
interface Words {
  /** The API columns' names (each cell's label on a phone). */
  columns: readonly string[];
  na: string;
  unavailable: string;
  chart: string;
  addLiquidity: string;
  /** "Reserve {symbol}" for the pool's first and second token, each made once per symbol. */
  reserveA: (symbol: string) => string;
  reserveB: (symbol: string) => string;
}

interface LineProps {
  network: NetworkConfig;
  row: PoolRow;
  chain: PoolsData['chain'];
  api: PoolsData['api'];
  words: Words;
  /** Its position in a virtual list (aria-rowindex, and the list measures it). */
  index?: number;
  measure?: Ref<HTMLTableRowElement>;
}

/** A row drawn again only when its pool, its figures or the page's read state change. */
const PoolLine = memo(function PoolLine(props: LineProps) {
  const { network, row, chain, api, words, index, measure } = props;
  const { pool } = row;
  const a = network.tokens[pool.symbolA];
  const b = network.tokens[pool.symbolB];
  const { chart, addLiquidity } = poolLinks(network, pool);
  const texts = rowTexts(network, row, chain, api);
  const name = pairName(pool);
  return (
    <tr
      ref={measure}
      data-testid="pool-row"
      data-pair={name}
      data-index={index}
      aria-rowindex={index === undefined ? undefined : index + 2}
    >
      <th scope="row" className="jm-pool-pair" data-testid="pool-item">
        {a && <TokenLogo token={a} lazy decorative />}
        {b && <TokenLogo token={b} lazy decorative />}
        <span>{name}</span>
      </th>
      <td data-label={words.reserveA(pool.symbolA)} data-testid="reserve-a">
        {texts.reserveA}
      </td>
      <td data-label={words.reserveB(pool.symbolB)} data-testid="reserve-b">
        {texts.reserveB}
      </td>
      {texts.api.map((text, i) => (
        <td
          key={i}
          className="jm-pool-api"
          data-label={words.columns[i]}
          data-testid={`api-${i}`}
          data-missing={api !== 'ok' || text === 'n/a' ? '' : undefined}
        >
          {text === 'n/a' ? words.na : text === 'unavailable' ? words.unavailable : text}
        </td>
      ))}
      <td className="jm-pool-links">
        {chart && <AppLink href={chart}>{words.chart}</AppLink>}
        <AppLink href={addLiquidity}>{words.addLiquidity}</AppLink>
      </td>
    </tr>
  );
});

/**
 * Up to this many pools every row is in the page (find in page, screen readers read them all);
 * drawing 100 full rows took 600 ms here under load (bench:pools), 40 stay within a frame or two.
 */
export const VIRTUAL_FROM = 40;
/**
 * A row's height before it is measured, as pools.css sets it: a table line, or below PHONE's
 * width a card, CARD_GAP px below the previous one. A row whose text wraps is measured when drawn.
 */
const ROW_HEIGHT = 49;
/** Cards up to a tablet's width: the table's eight columns need about 880 px (Chinese headers). */
const PHONE = '(max-width: 900px)';
const CARD_HEIGHT = 236;
const CARD_GAP = 10;

/** The text kept in `texts` for `key`, made by `make` the first time. */
function once(texts: Map<string, string>, key: string, make: () => string): string {
  let text = texts.get(key);
  if (text === undefined) {
    text = make();
    texts.set(key, text);
  }
  return text;
}

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
 * scrolls as usual (window virtualizer); each row is measured once drawn. A long list filtered
 * down to VIRTUAL_FROM rows or fewer draws them all, in the same table: switching to another
 * table and back built a new list and laid out every row again, 150-420 ms at 4x CPU.
 */
function VirtualRows({ rows, ...line }: RowsProps) {
  const body = useRef<HTMLTableSectionElement>(null);
  const [top, setTop] = useState(0);
  // Where the list starts in the page (a line shown above it later moves it by less than the
  // rows drawn beyond the window).
  useLayoutEffect(() => {
    if (body.current) setTop(body.current.getBoundingClientRect().top + window.scrollY);
  }, []);
  const phone = window.matchMedia?.(PHONE).matches === true;
  const list = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => (phone ? CARD_HEIGHT : ROW_HEIGHT),
    // A phone's cards are 10 px apart (their margin, not part of what is measured).
    gap: phone ? CARD_GAP : 0,
    // Two rows beyond each edge: each drawn row is about a fifteenth of a change's work at 4x.
    overscan: 2,
    // Rows measured after a sort or a filter re-render the list once, not once each.
    useFlushSync: false,
    scrollMargin: top,
    // Sizes are kept by place (the default key), as the rows are drawn: a sort keeps every
    // place's size, where keys by pool made the list compute a thousand positions again (and a
    // key per pool on every render), 65 ms of each change at 4x. A row whose height differs at
    // its new place (a phone's card) is measured again when it resizes.
  });
  const all = rows.length <= VIRTUAL_FROM;
  const items = all ? [] : list.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];
  const places = all ? rows.map((_, i) => i) : items.map((item) => item.index);
  return (
    <tbody ref={body}>
      <Spacer height={first ? first.start - top : 0} />
      {places.map((place) => (
        <PoolLine
          // By place, not by pool: a sort or a keystroke refills the rows drawn instead of
          // replacing each one.
          key={place}
          {...line}
          row={rows[place]!}
          index={place}
          measure={list.measureElement}
        />
      ))}
      <Spacer height={last ? list.getTotalSize() - (last.end - top) : 0} />
    </tbody>
  );
}

/**
 * A table on wide screens; up to 900 px each row becomes a card (pools.css). Memoised: a
 * keystroke's first render (the field only, the list deferred) leaves it alone.
 */
export const PoolTable = memo(function PoolTable(props: {
  network: NetworkConfig;
  rows: PoolRow[];
  /** How many pools the whole list has: above VIRTUAL_FROM, a virtual list, filtered or not. */
  pools: number;
  /** The rows wait for their order (the API's figures). */
  waiting?: boolean;
  chain: PoolsData['chain'];
  api: PoolsData['api'];
}) {
  const { t, i18n } = useLingui();
  const { rows, waiting, pools, ...rest } = props;
  // The words' key is one of this remote's own texts: it changes with the language and when this
  // remote's catalogue arrives after its first render (words made before it stayed English:
  // the chart link in a Chinese page, until a reload).
  const chart = t`Chart`;
  const words = useMemo((): Words => {
    const reserveA = new Map<string, string>();
    const reserveB = new Map<string, string>();
    return {
      columns: API_COLUMNS.map((c) => i18n._(c)),
      na: t`n/a`,
      unavailable: t`unavailable`,
      chart,
      addLiquidity: t`Add liquidity`,
      reserveA: (symbolA) => once(reserveA, symbolA, () => t`Reserve ${symbolA}`),
      reserveB: (symbolB) => once(reserveB, symbolB, () => t`Reserve ${symbolB}`),
    };
    // t and i18n are the same objects in every language: the key above says when to remake them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chart]);
  const line = { ...rest, words };
  const virtual = pools > VIRTUAL_FROM && !waiting;
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
          {words.columns.map((label, i) => (
            <th scope="col" key={API_COLUMNS[i]!.id}>
              {label}
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
            // As tall as the rows to come (pools.css: a row's height times their number), so
            // what is below the table stays where it is when they replace it.
            <tr
              className="jm-pools-waiting"
              style={{ '--jm-pool-rows': Math.max(pools, 1) } as CSSProperties}
            >
              <td colSpan={API_COLUMNS.length + 4}>
                <div>{t`Loading pools...`}</div>
              </td>
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
