import { memo, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { TokenLogo, type TokenConfig } from '@jmswap/shared-chain';

interface Props {
  label: string;
  tokens: TokenConfig[];
  selected?: TokenConfig;
  /** Symbols that have a direct pool with the other selected token. */
  directPairs: ReadonlySet<string>;
  onSelect: (symbol: string) => void;
}

function TokenInfo({ token }: { token: TokenConfig }) {
  const { t } = useLingui();
  if (!token.description && !token.www) return null;
  const text = [token.description, token.www].filter(Boolean).join(' ');
  const symbol = token.symbol;
  return (
    <span className="jm-info" title={text} aria-label={t`About ${symbol}: ${text}`} tabIndex={0}>
      i
    </span>
  );
}

/**
 * Token selector: logos, symbols, the direct-pair icon and an info tooltip. Memoised: a keystroke
 * in the amount fields does not render it (or its list of every listed token) again.
 */
export const TokenSelect = memo(function TokenSelect({
  label,
  tokens,
  selected,
  directPairs,
  onSelect,
}: Props) {
  const [open, setOpen] = useState(false);
  const { t } = useLingui();
  const shown = selected?.symbol ?? t`select a token`;
  const direct = t`Direct pair available`;
  const taxText = (tax: number) => t`tax ${tax}%`;
  return (
    <div className="jm-token-select">
      <button
        type="button"
        className="jm-token"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-label={t`${label}: ${shown}`}
        onClick={() => setOpen((o) => !o)}
      >
        {selected && <TokenLogo token={selected} />} {selected?.symbol ?? t`Select`}
        {selected && directPairs.has(selected.symbol) && (
          <span className="jm-direct" title={direct} aria-label={direct}>
            ⇄
          </span>
        )}
      </button>
      {selected && <TokenInfo token={selected} />}
      {open && (
        <ul role="listbox" aria-label={label} className="jm-token-list">
          {tokens.map((token) => (
            <li key={token.symbol} role="option" aria-selected={token.symbol === selected?.symbol}>
              <button
                type="button"
                onClick={() => {
                  setOpen(false);
                  onSelect(token.symbol);
                }}
              >
                <TokenLogo token={token} size={20} /> {token.symbol}
                {directPairs.has(token.symbol) && (
                  <span className="jm-direct" title={direct}>
                    ⇄
                  </span>
                )}
                {token.tax > 0 && <span className="jm-tax">{taxText(token.tax)}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
});
