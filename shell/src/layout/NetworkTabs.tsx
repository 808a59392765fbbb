import { useLocation, useSearch } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import { NETWORK_IDS, useSelectedNetwork } from '@jmswap/shared-chain';
import { entryLeftWithNetwork } from '../routes';
import { useTabKeys } from './tabKeys';

/**
 * TRON BSC POLY BTTC ETH. Switching rewrites n (dropping token choices of the old network) in a
 * new history entry (entryLeftWithNetwork); the selected tab does nothing.
 * A tab list (useTabKeys): a switch reloads the screen and asks the wallet to move, so the
 * arrows only move the focus and Enter or Space switches.
 */
export function NetworkTabs() {
  const { t } = useLingui();
  const selected = useSelectedNetwork();
  const [path, navigate] = useLocation();
  const search = useSearch();
  const tabKeys = useTabKeys(NETWORK_IDS.length);
  const choose = (id: string) => {
    if (id === selected) return;
    const left = entryLeftWithNetwork(search, selected);
    if (left) navigate(`${path}?${left}`, { replace: true });
    const params = new URLSearchParams(search);
    params.set('n', id);
    params.delete('from');
    params.delete('to');
    navigate(`${path}?${params.toString()}`);
  };
  return (
    <nav aria-label={t`Networks`} className="jm-network-tabs" role="tablist">
      {NETWORK_IDS.map((id, at) => (
        <button
          key={id}
          type="button"
          role="tab"
          data-network={id}
          aria-selected={id === selected}
          onClick={() => choose(id)}
          {...tabKeys(at, id === selected)}
        >
          {id}
        </button>
      ))}
    </nav>
  );
}
