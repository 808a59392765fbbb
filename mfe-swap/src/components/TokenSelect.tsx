import { useState } from 'react';
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
  if (!token.description && !token.www) return null;
  const text = [token.description, token.www].filter(Boolean).join(' ');
  return (
    <span
      className="jm-info"
      title={text}
      aria-label={`About ${token.symbol}: ${text}`}
      tabIndex={0}
    >
      i
    </span>
  );
}

/** Token selector: logos, symbols, the direct-pair icon and an info tooltip. */
export function TokenSelect({ label, tokens, selected, directPairs, onSelect }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <div className="jm-token-select">
      <button
        type="button"
        className="jm-token"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-label={`${label}: ${selected?.symbol ?? 'select a token'}`}
        onClick={() => setOpen((o) => !o)}
      >
        {selected && <TokenLogo token={selected} />} {selected?.symbol ?? 'Select'}
        {selected && directPairs.has(selected.symbol) && (
          <span
            className="jm-direct"
            title="Direct pair available"
            aria-label="Direct pair available"
          >
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
                  <span className="jm-direct" title="Direct pair available">
                    ⇄
                  </span>
                )}
                {token.tax > 0 && <span className="jm-tax">tax {token.tax}%</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
