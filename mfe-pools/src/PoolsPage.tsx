import './messages';
import { startTransition, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import {
  NetworkNotConfigured,
  useNetworkConfig,
  type NetworkConfig,
  type RemoteScreenProps,
} from '@jmswap/shared-chain';
import { loadLogosAhead } from './logos';
import {
  buildRows,
  indexRows,
  leadingLogos,
  prepareOrders,
  shownRows,
  type SortKey,
} from './pools';
import { PoolTable, VIRTUAL_FROM } from './PoolTable';
import { usePools, type PoolsData } from './usePools';
import { OtherPairs } from './OtherPairs';
import './pools.css';

export const APR_NOTE = msg`24h fees = the liquidity providers’ 0.25% of the 24h volume. Fee APR = 24h fees × 365 ÷ liquidity (USD figures from the API).`;

function ChainUnreachable({ network, retry }: { network: NetworkConfig; retry: () => void }) {
  const { t } = useLingui();
  const name = network.name;
  return (
    <div role="alert" className="jm-pools-error">
      <p>
        {t`Could not read the pool balances from the ${name} node. Check your connection and try again.`}
      </p>
      <button type="button" className="jm-button jm-pools-retry" onClick={retry}>
        {t`Retry`}
      </button>
    </div>
  );
}

function PoolsControls(props: {
  filter: string;
  sort: SortKey;
  onFilter: (text: string) => void;
  onSort: (key: SortKey) => void;
}) {
  const { t } = useLingui();
  return (
    <div className="jm-pools-controls">
      <label>
        {t`Filter by symbol or address`}
        <input
          type="search"
          value={props.filter}
          placeholder={t`e.g. USDT or its address`}
          onChange={(e) => props.onFilter(e.target.value)}
        />
      </label>
      <label>
        {t`Sort by`}
        {/* Uncontrolled: only the reader changes it; a controlled select has React select its
            option again after each change and on every render, in the change's own task. */}
        <select defaultValue={props.sort} onChange={(e) => props.onSort(e.target.value as SortKey)}>
          <option value="liquidity">{t`Liquidity`}</option>
          <option value="volume">{t`24h volume`}</option>
          <option value="name">{t`Name`}</option>
        </select>
      </label>
    </div>
  );
}

/** The rows of each order whose logos are loaded ahead: more than a tall window shows. */
const LEADING_ROWS = 24;

/** How long the table waits for the API's figures before it shows rows ordered without them. */
export const FIGURES_WAIT_MS = 1500;

/**
 * Rows ordered by liquidity or volume wait for the API's figures (or FIGURES_WAIT_MS), so they
 * appear once in their order instead of jumping under the reader's eyes when the figures land.
 */
function useOrderSettled(api: PoolsData['api'], sort: SortKey): boolean {
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    // The rows drawn in a transition, as the reads' results (usePools).
    const timer = setTimeout(() => startTransition(() => setWaited(true)), FIGURES_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);
  return sort === 'name' || api !== 'loading' || waited;
}

function PoolsBody({ network, data }: { network: NetworkConfig; data: PoolsData }) {
  const { t, i18n } = useLingui();
  const [typed, setTyped] = useState('');
  const [sort, setSort] = useState<SortKey>('liquidity');
  const index = useMemo(
    () => indexRows(buildRows(network, data.states, data.info), network.tokens),
    [network, data.states, data.info],
  );
  useEffect(() => {
    const stopOrders = prepareOrders(index);
    // A short list draws every row, and so every logo, at once.
    if (index.rows.length <= VIRTUAL_FROM) return stopOrders;
    const stopLogos = loadLogosAhead(() => leadingLogos(index, network, LEADING_ROWS));
    return () => {
      stopOrders();
      stopLogos();
    };
  }, [index, network]);
  // The field shows each letter at once; the list follows when the browser has time. Applying
  // it in the keystroke's own render put 15-170 ms (4x CPU) between a keystroke and its letter
  // showing, for no measured gain in when the list settles. A sort is drawn in the change's own
  // render: the select shows its choice itself, and the deferred render, cut into 5 ms slices
  // with frames painted in between, took 150-350 ms at 4x CPU to draw ~14 rows.
  const filter = useDeferredValue(typed);
  const settled = useOrderSettled(data.api, sort);
  const rows = useMemo(() => shownRows(index, filter, sort), [index, filter, sort]);
  return (
    <>
      <NetworkNotConfigured network={network} />
      {data.chain === 'unreachable' && <ChainUnreachable network={network} retry={data.retry} />}
      {data.api === 'unavailable' && (
        <p className="jm-muted" data-testid="api-unavailable">
          {t`Pool statistics are unavailable right now; reserves come straight from the chain.`}
        </p>
      )}
      <PoolsControls filter={typed} sort={sort} onFilter={setTyped} onSort={setSort} />
      <PoolTable
        network={network}
        rows={settled ? rows : []}
        pools={index.rows.length}
        waiting={!settled}
        chain={data.chain}
        api={data.api}
      />
      {rows.length === 0 && filter.trim() !== '' && (
        <p className="jm-muted">{t`No pool matches “${filter}”.`}</p>
      )}
      <p className="jm-muted jm-pools-note">{i18n._(APR_NOTE)}</p>
      <OtherPairs network={network} search={filter} />
    </>
  );
}

/** The pools page: every configured pool with its chain reserves and the API's USD figures. */
export function PoolsPage({ network: networkId }: RemoteScreenProps) {
  const { t } = useLingui();
  const state = useNetworkConfig(networkId);
  const network = state.status === 'ready' ? state.network : undefined;
  const data = usePools(network);
  const name = network?.name ?? networkId;
  return (
    <section className="jm-card" data-remote="pools" data-remote-version={__APP_VERSION__}>
      <h2>{t`Pools on ${name}`}</h2>
      {state.status === 'error' && <p role="alert">{state.message}</p>}
      {network && <PoolsBody key={network.id} network={network} data={data} />}
    </section>
  );
}

export default PoolsPage;
