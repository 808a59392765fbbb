import type { ReactNode } from 'react';

interface Props {
  label: string;
  value: string;
  onChange: (text: string) => void;
  balance?: string;
  onMax?: () => void;
  children: ReactNode;
}

/** One side of the swap: the amount input, its token selector, and (connected) balance and MAX. */
export function AmountField({ label, value, onChange, balance, onMax, children }: Props) {
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
      {children}
      {balance !== undefined && (
        <p className="jm-balance-line">
          Balance: <span data-testid={`balance-${label}`}>{balance}</span>
          {onMax && (
            <button type="button" className="jm-max" onClick={onMax}>
              MAX
            </button>
          )}
        </p>
      )}
    </div>
  );
}
