import { Link } from 'wouter';
import { RemoteArea } from '../remotes/RemoteArea';
import { RouteScreen } from './RouteScreen';
import { resolveTab } from '../routes';

export const INDEX_HEADING = 'The first multi-chain swap with full support for taxed tokens';
export const LIQUIDITY_SUBTITLE = 'Adding and removing liquidity is tax-free';

/** Index: Swap and Liquidity tabs, each a remote. */
export function IndexPage() {
  return (
    <RouteScreen route="index">
      {({ network, query }) => {
        const tab = resolveTab(query.t ?? null);
        const tabLink = (t: string) => `/?n=${network}&t=${t}`;
        return (
          <>
            <h1 className="jm-heading">{INDEX_HEADING}</h1>
            <nav className="jm-tabs" role="tablist" aria-label="Swap or liquidity">
              <Link role="tab" aria-selected={tab === 'swap'} to={tabLink('swap')}>
                Swap
              </Link>
              <Link role="tab" aria-selected={tab === 'addLiquidity'} to={tabLink('addLiquidity')}>
                Liquidity
              </Link>
            </nav>
            {tab === 'swap' ? (
              <RemoteArea remote="swap" expose="SwapPanel" props={{ network, query }} />
            ) : (
              <>
                <p className="jm-subtitle">{LIQUIDITY_SUBTITLE}</p>
                <RemoteArea remote="liquidity" expose="LiquidityPanel" props={{ network, query }} />
              </>
            )}
          </>
        );
      }}
    </RouteScreen>
  );
}
