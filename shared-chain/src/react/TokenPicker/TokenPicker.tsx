import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import type { NetworkConfig } from '../../config/types';
import { usdPriceOfToken, usdValueOf, type UsdPrices } from '../../api/usd';
import { localText } from '../../core/errors';
import { readSearchInput } from '../../config/tokenIdentity';
import { hubTokens } from '../../core/hubs';
import { TokenLogo } from '../components';
import { ImportCard } from './ImportCard';
import { ImportedTokens } from './ImportedTokens';
import { TokenRow } from './TokenRow';
import { useImportInspection, usePickerBalances, type BalanceLoader } from './hooks';
import { pickerEntries, searchTokens, type PickerEntry } from './search';
import './tokenPicker.css';

export interface TokenPickerProps {
  network: NetworkConfig;
  /** The dialog's title, e.g. "Select a token to sell". */
  title: string;
  /** The token of this side now. */
  selected?: string;
  /** The token of the other side (picking it is the caller's to handle: the swap switches sides). */
  other?: string;
  /** Keys with a direct pool with the other side's token ("Direct pair available"). */
  directPairs?: ReadonlySet<string>;
  /** Only these keys (a widget host's `tokens`); import is then off too. */
  only?: readonly string[];
  /** Paste an address to import a token (off in the widget). */
  allowImport?: boolean;
  /** How the rows' balances are read (default: shared-chain's reads). */
  loadBalances?: BalanceLoader;
  /** The API's USD prices: each held token's dollar value under its balance, most first. */
  usdPrices?: UsdPrices;
  /** The search's text as the picker opens (a link's token address to import). */
  initialQuery?: string;
  onPick: (key: string) => void;
  onClose: () => void;
}

const ROW_HEIGHT = 56;

/**
 * The rows in `ordered`'s order until the user points at the list or moves in it with the keys;
 * then in the order they saw, for that search, while the token table stays. Balances and prices
 * arrive after the picker opens and move the held tokens up: a row must not change under a finger
 * or a pointer on its way to it (a tap would pick the token that had just moved there). A new
 * search orders afresh.
 */
function useSteadyOrder(ordered: PickerEntry[], query: string, all: readonly PickerEntry[]) {
  const [seen, setSeen] = useState<{
    query: string;
    all: readonly PickerEntry[];
    rows: PickerEntry[];
  }>();
  // Kept for one search: typing and deleting back does not bring back an order from before.
  useEffect(() => setSeen(undefined), [query, all]);
  const kept = seen !== undefined && seen.query === query && seen.all === all;
  const results = kept ? seen.rows : ordered;
  const hold = () => {
    if (!kept) setSeen({ query, all, rows: results });
  };
  return { results, hold };
}

/**
 * The token picker: a modal dialog (a full-screen sheet under 480 px) with a search that matches
 * symbol, name and address, the common tokens as chips, a virtualised listbox of every token
 * (balances first when a wallet is connected), and import by address. Keyboard: arrows move,
 * Enter picks, Escape closes; focus goes back to what opened it.
 */
export function TokenPicker({
  network,
  title,
  selected,
  other,
  directPairs,
  only,
  allowImport = true,
  loadBalances,
  usdPrices,
  initialQuery = '',
  onPick,
  onClose,
}: TokenPickerProps) {
  const { t } = useLingui();
  const dialog = useRef<HTMLDialogElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState(initialQuery);
  const [active, setActive] = useState(0);
  const [managing, setManaging] = useState(false);
  const id = useId();
  const titleId = `${id}-title`;
  const listId = `${id}-list`;

  const importing = allowImport && !only;
  const all = useMemo(() => {
    const entries = pickerEntries(network);
    if (only) return entries.filter((e) => only.includes(e.key));
    return importing ? entries : entries.filter((e) => e.token.origin === undefined);
  }, [network, only, importing]);
  const balances = usePickerBalances(
    network,
    useMemo(() => all.map((e) => e.key), [all]),
    loadBalances,
  );
  const held = useMemo(
    () => new Set(Object.keys(balances).filter((k) => (balances[k] ?? 0n) > 0n)),
    [balances],
  );
  const worth = useMemo(() => {
    const values = new Map<string, bigint>();
    for (const key of held) {
      const token = network.tokens[key];
      const price = usdPriceOfToken(usdPrices, token);
      const value = token && usdValueOf(balances[key] ?? 0n, token.decimals, price);
      if (value !== undefined) values.set(key, value);
    }
    return values;
  }, [held, balances, usdPrices, network.tokens]);
  const input = readSearchInput(query, network.platform);
  // An explorer link finds its token as the address alone does.
  const searched = input.kind === 'address' ? input.address : query;
  const ordered = useMemo(
    () => searchTokens(all, searched, held, worth),
    [all, searched, held, worth],
  );
  const { results, hold } = useSteadyOrder(ordered, query, all);
  const inspection = useImportInspection(network, query, importing && results.length === 0);

  const virtualizer = useVirtualizer({
    count: results.length,
    getScrollElement: () => list.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
    // A list not laid out (jsdom has no layout) still shows a list's worth of rows.
    observeElementRect: (instance, onRect) =>
      observeElementRect(instance, (rect) =>
        onRect(rect.height > 0 ? rect : { width: 400, height: 336 }),
      ),
  });

  // Opened as a modal: the rest of the page is inert until it closes; focus goes back after.
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const element = dialog.current;
    if (element && !element.open) element.showModal?.();
    // showModal focuses the dialog's first control (the close button): the search is what a
    // user expects focused, to type in at once.
    search.current?.focus();
    return () => opener?.focus?.();
  }, []);

  useEffect(() => setActive(0), [query]);

  const pick = (key: string) => {
    onPick(key);
    onClose();
  };

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key.startsWith('Arrow') || event.key.startsWith('Page')) hold();
    const last = results.length - 1;
    const move = (to: number) => {
      event.preventDefault();
      const next = Math.max(0, Math.min(last, to));
      setActive(next);
      virtualizer.scrollToIndex(next, { align: 'auto' });
    };
    if (event.key === 'ArrowDown') move(active + 1);
    else if (event.key === 'ArrowUp') move(active - 1);
    else if (event.key === 'PageDown') move(active + 8);
    else if (event.key === 'PageUp') move(active - 8);
    else if (event.key === 'Enter') {
      event.preventDefault();
      const entry = results[active];
      if (entry) pick(entry.key);
    }
  }

  const items = virtualizer.getVirtualItems();
  const activeShown = items.some((item) => item.index === active) && results[active];
  const chips = [...hubTokens(network), 'JM'].filter(
    (k, i, a) => network.tokens[k] && a.indexOf(k) === i && (!only || only.includes(k)),
  );
  const imported = useMemo(() => all.filter((e) => e.token.origin === 'imported'), [all]);

  return (
    <dialog
      ref={dialog}
      className="jm-picker"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // Closed by the browser itself (Escape pressed twice, or without a user gesture since it
      // opened: then no cancel comes first): the picker's state follows.
      onClose={onClose}
      onClick={(event) => event.target === dialog.current && onClose()}
      data-testid="token-picker"
    >
      <div className="jm-picker-body">
        <header className="jm-picker-head">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="jm-picker-close" onClick={onClose} aria-label={t`Close`}>
            ×
          </button>
        </header>
        {managing ? (
          <ImportedTokens network={network} tokens={imported} onBack={() => setManaging(false)} />
        ) : (
          <>
            <input
              ref={search}
              className="jm-picker-search"
              type="search"
              // Also back from "Manage imported tokens" (the dialog is open by then).
              autoFocus
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              onKeyDown={onKeyDown}
              placeholder={importing ? t`Search name, symbol or address` : t`Search name or symbol`}
              aria-label={t`Search tokens`}
              role="combobox"
              aria-expanded="true"
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={activeShown ? `${listId}-${active}` : undefined}
              autoComplete="off"
              spellCheck={false}
              maxLength={100}
            />
            {chips.length > 0 && (
              <div className="jm-picker-chips" role="group" aria-label={t`Common tokens`}>
                {chips.map((key) => {
                  const token = network.tokens[key]!;
                  return (
                    <button
                      key={key}
                      type="button"
                      className="jm-picker-chip"
                      aria-pressed={key === selected}
                      onClick={() => pick(key)}
                    >
                      <TokenLogo token={token} size={20} decorative /> {token.symbol}
                    </button>
                  );
                })}
              </div>
            )}
            {input.kind === 'bad-address' && (
              <p className="jm-picker-danger" role="alert" data-testid="import-refused">
                {localText(input.message)}
              </p>
            )}
            <div
              ref={list}
              className={`jm-picker-list${results.length === 0 ? ' jm-picker-list-empty' : ''}`}
              id={listId}
              role="listbox"
              aria-label={title}
              tabIndex={-1}
              onPointerDown={hold}
              onPointerMove={hold}
            >
              <div className="jm-picker-sizer" style={{ height: virtualizer.getTotalSize() }}>
                {items.map((item) => {
                  const entry = results[item.index]!;
                  return (
                    <TokenRow
                      // By slot, not token: a keystroke then updates the rows drawn in place
                      // instead of taking them all down and building new ones.
                      key={item.index - items[0]!.index}
                      id={`${listId}-${item.index}`}
                      entry={entry}
                      top={item.start}
                      active={item.index === active}
                      selected={entry.key === selected}
                      other={entry.key === other}
                      direct={directPairs?.has(entry.key) === true}
                      balance={balances[entry.key]}
                      usd={worth.get(entry.key)}
                      onPick={() => pick(entry.key)}
                      onHover={() => setActive(item.index)}
                    />
                  );
                })}
              </div>
            </div>
            {results.length === 0 && input.kind === 'text' && query.trim() !== '' && (
              <p className="jm-picker-status" role="status">
                {importing
                  ? t`No token matches this search. Paste a contract address to import a token.`
                  : t`No token matches this search.`}
              </p>
            )}
            <ImportCard network={network} state={inspection} onImported={pick} />
            {importing && imported.length > 0 && (
              <button type="button" className="jm-picker-manage" onClick={() => setManaging(true)}>
                {t`Manage imported tokens`} ({imported.length})
              </button>
            )}
          </>
        )}
      </div>
    </dialog>
  );
}
