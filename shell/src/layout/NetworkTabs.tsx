import { useRef, type KeyboardEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import { NETWORK_IDS, useSelectedNetwork } from '@jmswap/shared-chain';

/** Where an arrow, Home or End moves the focus from tab `at` of `count` (round the ends). */
function tabAfterKey(key: string, at: number, count: number): number | undefined {
  if (key === 'ArrowRight') return (at + 1) % count;
  if (key === 'ArrowLeft') return (at - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return undefined;
}

/**
 * TRON BSC POLY BTTC ETH. Switching rewrites n (dropping token choices of the old network).
 * A tab list as screen readers announce it: one Tab stop (the selected network), the arrows,
 * Home and End move between the tabs, Enter or Space switches (a switch reloads the screen and
 * asks the wallet to move, so moving the focus alone does not).
 */
export function NetworkTabs() {
  const { t } = useLingui();
  const selected = useSelectedNetwork();
  const [path, navigate] = useLocation();
  const search = useSearch();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const choose = (id: string) => {
    const params = new URLSearchParams(search);
    params.set('n', id);
    params.delete('from');
    params.delete('to');
    navigate(`${path}?${params.toString()}`);
  };
  const move = (event: KeyboardEvent, at: number) => {
    const next = tabAfterKey(event.key, at, NETWORK_IDS.length);
    if (next === undefined) return;
    event.preventDefault();
    tabs.current[next]?.focus();
  };
  return (
    <nav aria-label={t`Networks`} className="jm-network-tabs" role="tablist">
      {NETWORK_IDS.map((id, at) => (
        <button
          key={id}
          ref={(el) => {
            tabs.current[at] = el;
          }}
          type="button"
          role="tab"
          aria-selected={id === selected}
          tabIndex={id === selected ? 0 : -1}
          onClick={() => choose(id)}
          onKeyDown={(event) => move(event, at)}
        >
          {id}
        </button>
      ))}
    </nav>
  );
}
