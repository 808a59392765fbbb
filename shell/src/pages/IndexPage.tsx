import { useContext } from 'react';
import { Link } from 'wouter';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { RemoteArea } from '../remotes/RemoteArea';
import { RouteScreen } from './RouteScreen';
import { resolveTab, type IndexTab } from '../routes';
import { useTabKeys } from '../layout/tabKeys';
import { FirstFrame } from '../firstFrame';

export const INDEX_HEADING = msg`The first multi-chain swap with full support for taxed tokens`;
export const LIQUIDITY_SUBTITLE = msg`Adding and removing liquidity is tax-free`;

/** Index: Swap and Liquidity tabs, each a remote. */
export function IndexPage() {
  const { t, i18n } = useLingui();
  const tabKeys = useTabKeys(2);
  const firstFrame = useContext(FirstFrame);
  return (
    <RouteScreen route="index">
      {({ network, query, setQuery }) => {
        const tab = resolveTab(query.t ?? null);
        const tabLink = (t: IndexTab) => {
          const link = new URLSearchParams({ n: network, t });
          // From an open add, Swap opens on its pair (the tokens to get for it); Liquidity opens
          // on the positions, not on an add of whatever the swap box shows.
          if (t === 'swap' && tab === 'addLiquidity' && query.from && query.to) {
            link.set('from', query.from);
            link.set('to', query.to);
          }
          return `/?${link}`;
        };
        return (
          <>
            <h1 className="jm-heading">{i18n._(INDEX_HEADING)}</h1>
            <nav className="jm-tabs" role="tablist" aria-label={t`Swap or liquidity`}>
              <Link
                role="tab"
                data-tab="swap"
                aria-selected={tab === 'swap'}
                to={tabLink('swap')}
                {...tabKeys(0, tab === 'swap')}
              >
                {t`Swap`}
              </Link>
              <Link
                role="tab"
                data-tab="addLiquidity"
                aria-selected={tab === 'addLiquidity'}
                to={tabLink('addLiquidity')}
                {...tabKeys(1, tab === 'addLiquidity')}
              >
                {t`Liquidity`}
              </Link>
            </nav>
            {tab === 'swap' ? (
              <>
                {/* The built frame is the swap tab's: shown when the address opens Liquidity. */}
                {firstFrame && (
                  <p className="jm-subtitle jm-first-liquidity">{i18n._(LIQUIDITY_SUBTITLE)}</p>
                )}
                <RemoteArea remote="swap" expose="SwapPanel" props={{ network, query, setQuery }} />
              </>
            ) : (
              <>
                <p className="jm-subtitle">{i18n._(LIQUIDITY_SUBTITLE)}</p>
                <RemoteArea
                  remote="liquidity"
                  expose="LiquidityPanel"
                  props={{ network, query, setQuery }}
                />
              </>
            )}
          </>
        );
      }}
    </RouteScreen>
  );
}
