import { useEffect, useId, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { TokenLogo, type NetworkConfig } from '@jmswap/shared-chain';
import { searchText, shortAddress } from '@jmswap/shared-chain/tokens';
import { fetchPairs, type ApiPair } from '@jmswap/shared-chain/history';
import { chartPairs, chartToken, chartTokenText } from './pairs';

function PairLabel({
  network,
  a,
  b,
  indexed,
}: {
  network: NetworkConfig;
  a: string;
  b: string;
  indexed?: ApiPair;
}) {
  const ta = chartToken(network, a);
  const tb = chartToken(network, b);
  return (
    <>
      {ta && <TokenLogo token={ta} size={20} decorative />}
      {tb && <TokenLogo token={tb} size={20} decorative />}
      <span>{`${chartTokenText(network, a, indexed)}/${chartTokenText(network, b, indexed)}`}</span>
    </>
  );
}

/** The api's other pairs matching the search (the factory's pairs the config does not list). */
function useOtherPairs(network: NetworkConfig, search: string, open: boolean): ApiPair[] {
  const [pairs, setPairs] = useState<ApiPair[]>([]);
  useEffect(() => {
    if (!open) return;
    const abort = new AbortController();
    const timer = setTimeout(() => {
      void fetchPairs(network.api.url, network.id, {
        q: search,
        limit: 50,
        signal: abort.signal,
      }).then(
        (answer) => !abort.signal.aborted && setPairs(answer?.pairs.filter((p) => !p.listed) ?? []),
      );
    }, 200);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [network.api.url, network.id, search, open]);
  return pairs;
}

/**
 * The pair dropdown: the chart pairs of the network, then every other pair the api indexes,
 * with one search over both (symbol, name or address).
 */
export function PairPicker({
  network,
  pair: [a, b],
  indexed,
  onPick,
}: {
  network: NetworkConfig;
  pair: [string, string];
  /** The api's record of the pair shown, when it is named by addresses (its tokens' symbols). */
  indexed?: ApiPair;
  onPick: (a: string, b: string) => void;
}) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const others = useOtherPairs(network, search, open);
  const listId = useId();
  const pair = `${network.tokens[a]?.symbol ?? a}/${network.tokens[b]?.symbol ?? b}`;
  const q = searchText(search).toLowerCase();
  const matches = (key: string) => {
    const token = network.tokens[key];
    return (
      q === '' ||
      key.toLowerCase().startsWith(q) ||
      token?.name.toLowerCase().includes(q) === true ||
      token?.address.toLowerCase().startsWith(q) === true
    );
  };
  const listed = chartPairs(network).filter((p) => matches(p.symbolA) || matches(p.symbolB));
  const toggle = useRef<HTMLButtonElement>(null);
  const pick = (x: string, y: string) => {
    setOpen(false);
    onPick(x, y);
  };
  const shown = (x: string, y: string) => (x === a && y === b) || (x === b && y === a);
  // A disclosure: the button shows a search and a list of buttons, one per pair (a listbox of
  // buttons nested in its options was read wrong, and arrows did nothing in it). Escape folds it
  // and gives the focus back to the button.
  return (
    <div
      className="jm-pair-picker"
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || !open) return;
        e.stopPropagation();
        setOpen(false);
        toggle.current?.focus();
      }}
    >
      <button
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-label={t`Pair: ${pair}`}
        onClick={() => setOpen((o) => !o)}
      >
        <PairLabel network={network} a={a} b={b} indexed={indexed} /> ▾
      </button>
      {open && (
        <div className="jm-pair-list" id={listId}>
          <input
            type="search"
            aria-label={t`Search pairs`}
            placeholder={t`Search symbol, name or address`}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            maxLength={64}
          />
          <ul aria-label={t`Pairs`}>
            {listed.map((p) => (
              <li key={`${p.symbolA}/${p.symbolB}`}>
                <button
                  type="button"
                  aria-current={shown(p.symbolA, p.symbolB) || undefined}
                  onClick={() => pick(p.symbolA, p.symbolB)}
                >
                  <PairLabel network={network} a={p.symbolA} b={p.symbolB} />
                </button>
              </li>
            ))}
            {others.map((p) => (
              <li key={p.address} data-pair={p.address}>
                <button type="button" onClick={() => pick(p.tokenA.address, p.tokenB.address)}>
                  <span>
                    {`${p.tokenA.symbol}/${p.tokenB.symbol}`}{' '}
                    <small>
                      {shortAddress(p.tokenA.address)} · {shortAddress(p.tokenB.address)}
                    </small>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
