import { TokenLogo, type TokenConfig } from '@jmswap/shared-chain';

interface Props {
  label: string;
  value: string;
  onChange: (text: string) => void;
  /** Token choices of this side (the second list lacks the first token). */
  tokens: string[];
  tokenConfigs: Record<string, TokenConfig>;
  selected?: string;
  onSelect: (symbol: string) => void;
  balance?: string;
  onMax?: () => void;
}

/** One side of the add: amount, token choice and, with a wallet, balance and MAX. */
export function AmountInput({
  label,
  value,
  onChange,
  tokens,
  tokenConfigs,
  selected,
  ...p
}: Props) {
  const token = selected ? tokenConfigs[selected] : undefined;
  return (
    <div className="jm-field">
      <label>
        {label}
        <input
          value={value}
          placeholder="Amount"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          maxLength={80}
          onChange={(e) => onChange(e.target.value.replace(',', '.'))}
        />
      </label>
      <span className="jm-token-select">
        {token && <TokenLogo token={token} />}
        <select
          aria-label={`${label} token`}
          value={selected ?? ''}
          onChange={(e) => p.onSelect(e.target.value)}
        >
          {tokens.map((s) => (
            <option key={s} value={s}>
              {s}
              {(tokenConfigs[s]?.tax ?? 0) > 0 ? ` (tax ${tokenConfigs[s]?.tax}%)` : ''}
            </option>
          ))}
        </select>
      </span>
      {p.balance !== undefined && (
        <p className="jm-balance-line">
          Balance: <span data-testid={`balance-${label}`}>{p.balance}</span>
          {p.onMax && (
            <button type="button" className="jm-max" onClick={p.onMax}>
              MAX
            </button>
          )}
        </p>
      )}
    </div>
  );
}
