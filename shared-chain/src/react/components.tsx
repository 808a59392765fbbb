import { useState, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { NetworkConfig, TokenConfig } from '../config/types';
import { isNetworkConfigured } from '../config/types';
import { asciiNumberText, pastedAmount } from '../core/amounts';

/**
 * A token's logo (letter logos live under /assets/currency/). `lazy`: loaded only once near the
 * window (a long list: each letter logo is an SVG document the browser builds on load). A token
 * without a logo, or whose image fails to load (a listed token's file moved), shows its first
 * letter in a circle instead of a broken image.
 */
export function TokenLogo({
  token,
  size = 24,
  lazy = false,
  decorative = false,
}: {
  token: TokenConfig;
  size?: number;
  lazy?: boolean;
  /** Beside the symbol's text (a picker row, a chip): not read out a second time. */
  decorative?: boolean;
}) {
  const [failedSrc, setFailedSrc] = useState<string>();
  const src = token.logoURI.trim();
  if (!src || failedSrc === src)
    return <LetterLogo symbol={token.symbol} size={size} decorative={decorative} />;
  return (
    <img
      src={src}
      alt={decorative ? '' : token.symbol}
      width={size}
      height={size}
      loading={lazy ? 'lazy' : undefined}
      onError={() => setFailedSrc(src)}
      style={{ verticalAlign: 'middle' }}
    />
  );
}

function LetterLogo({
  symbol,
  size,
  decorative,
}: {
  symbol: string;
  size: number;
  decorative: boolean;
}) {
  return (
    <span
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : symbol}
      aria-hidden={decorative || undefined}
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        width: size,
        height: size,
        borderRadius: '50%',
        boxSizing: 'border-box',
        border: '1px solid var(--line)',
        background: 'var(--control)',
        color: 'var(--text)',
        fontSize: Math.round(size * 0.5),
        fontWeight: 600,
        lineHeight: 1,
        verticalAlign: 'middle',
        flex: 'none',
      }}
    >
      {Array.from(symbol)[0]?.toUpperCase() ?? '?'}
    </span>
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

/** What an amount field holds at most, typed or pasted. */
const MAX_AMOUNT_TEXT = 80;

/**
 * One amount field of the swap box and the liquidity panel: the decimal input (a comma typed on
 * a phone keypad becomes the point, full-width digits ASCII ones), the token selector given as children, the amount's value
 * in dollars when its price is known, and, with a wallet, the balance and MAX.
 */
export function AmountField({
  label,
  value,
  onChange,
  balance,
  onMax,
  usd,
  children,
}: {
  label: string;
  value: string;
  onChange: (text: string) => void;
  balance?: string;
  onMax?: () => void;
  /** The amount's value in US dollars ("$1,234.56"); absent when no price is known. */
  usd?: ReactNode;
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
          maxLength={MAX_AMOUNT_TEXT}
          onChange={(e) => onChange(asciiNumberText(e.target.value).replace(',', '.'))}
          onPaste={(e) => {
            // A paste that replaces the whole amount is cleaned up (spaces, thousands
            // separators); one into part of it is typing.
            const field = e.currentTarget;
            const all = field.selectionStart === 0 && field.selectionEnd === field.value.length;
            const amount = all ? pastedAmount(e.clipboardData.getData('text')) : undefined;
            if (amount === undefined || amount.length > MAX_AMOUNT_TEXT) return;
            e.preventDefault();
            onChange(amount);
          }}
        />
      </label>
      {children}
      {usd !== undefined && (
        <p className="jm-usd-line" data-testid={`usd-${label}`}>
          ≈ {usd}
        </p>
      )}
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
