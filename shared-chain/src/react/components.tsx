import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { NetworkConfig, TokenConfig } from '../config/types';
import { isNetworkConfigured } from '../config/types';

/**
 * A token's logo (letter logos live under /assets/currency/). `lazy`: loaded only once near the
 * window (a long list: each letter logo is an SVG document the browser builds on load).
 */
export function TokenLogo({
  token,
  size = 24,
  lazy = false,
}: {
  token: TokenConfig;
  size?: number;
  lazy?: boolean;
}) {
  return (
    <img
      src={token.logoURI}
      alt={token.symbol}
      width={size}
      height={size}
      loading={lazy ? 'lazy' : undefined}
      style={{ verticalAlign: 'middle' }}
    />
  );
}

/** Shown instead of chain data when the network's contract addresses are missing. */
export function NetworkNotConfigured({ network }: { network: NetworkConfig }) {
  const { t } = useLingui();
  if (isNetworkConfigured(network)) return null;
  const name = network.name;
  return (
    <p role="status" className="jm-not-configured">
      {t`${name}: network not configured`}
    </p>
  );
}

/**
 * One amount field of the swap box and the liquidity panel: the decimal input (a comma typed on
 * a phone keypad becomes the point), the token selector given as children, and, with a wallet,
 * the balance and MAX.
 */
export function AmountField({
  label,
  value,
  onChange,
  balance,
  onMax,
  children,
}: {
  label: string;
  value: string;
  onChange: (text: string) => void;
  balance?: string;
  onMax?: () => void;
  children: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <div className="jm-field">
      <label>
        {label}
        <input
          value={value}
          placeholder={t`Amount`}
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
          {t`Balance:`} <span data-testid={`balance-${label}`}>{balance}</span>
          {onMax && (
            <button type="button" className="jm-max" onClick={onMax}>
              {t`MAX`}
            </button>
          )}
        </p>
      )}
    </div>
  );
}
